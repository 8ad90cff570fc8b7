import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { usePlannedMaintenance } from '../api/get-planned-maintenance.api.ts';
import { MaintenanceForm } from '../components/maintenance-form.component.tsx';

function Header({ title }: { title: string }) {
  const { t } = useTranslation('maintenance');
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.admin.maintenance.list()} size="sm" w="fit-content">
        {t('maintenance.backToList')}
      </Anchor>
      <Title order={1}>{title}</Title>
    </Stack>
  );
}

/** /admin/maintenance/create */
export function MaintenanceCreatePage() {
  const { t } = useTranslation('maintenance');
  return (
    <Stack gap="lg">
      <Header title={t('form.createTitle')} />
      <MaintenanceForm />
    </Stack>
  );
}

/** /admin/maintenance/edit/{id}: a 403/404 goes to the route's error screen, other failures retry. */
export function MaintenanceEditPage() {
  const { t } = useTranslation('maintenance');
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const query = usePlannedMaintenance(id);
  if (id === null) throw new ApiError(404, { message: 'No such planned maintenance.' });
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) {
    throw query.error;
  }
  return (
    <Stack gap="lg">
      <Header title={t('form.editTitle')} />
      {query.isPending ? (
        <SkeletonRows rows={4} height={36} label={t('maintenance.loading')} />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <MaintenanceForm key={query.data.id} record={query.data} />
      )}
    </Stack>
  );
}
