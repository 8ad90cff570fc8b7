import { Button, Group, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { maintenanceListDeclaration } from '../components/maintenance-list.declaration.ts';

/** /admin/maintenance (administration.md §2): the planned maintenance windows, admins only. */
export function MaintenanceListPage() {
  const { t, i18n } = useTranslation('maintenance');
  const list = useMemo(() => maintenanceListDeclaration(t, i18n.resolvedLanguage), [t, i18n.resolvedLanguage]);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Title order={1}>{t('maintenance.title')}</Title>
        <Button component={Link} to={paths.admin.maintenance.create()}>
          {t('maintenance.new')}
        </Button>
      </Group>
      <ResourceList list={list} />
    </Stack>
  );
}
