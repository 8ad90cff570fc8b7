import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '@/shared/ui/query-state.component.tsx';

/** 'Loading existing data...' with the form's outline in grey. */
export function LoadingForm() {
  const { t } = useTranslation('libraries');
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('form.loading')}</Text>
      <SkeletonRows rows={5} height={36} label={t('form.loading')} />
    </Stack>
  );
}
