import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';

/** A signed-in user lacking the permission of a guarded route (shell.md §2). */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{t('unauthorized.title')}</Title>
      <Text c="dimmed">{t('unauthorized.text')}</Text>
      <Button component={Link} to={paths.dashboard()}>
        {t('actions.home')}
      </Button>
    </Stack>
  );
}
