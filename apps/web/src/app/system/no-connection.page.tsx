import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPage } from '@/shared/ui/full-page.component.tsx';

export function NoConnectionPage() {
  const { t } = useTranslation();
  return (
    <FullPage>
      <Title order={1}>{t('states.noConnection.title')}</Title>
      <Text c="dimmed">{t('states.noConnection.text')}</Text>
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('actions.retry')}
      </Button>
    </FullPage>
  );
}
