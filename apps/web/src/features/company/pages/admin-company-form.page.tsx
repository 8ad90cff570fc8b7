import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useAdminCompany } from '../api/get-admin-company.api.ts';
import { AdminCompanyForm } from '../components/admin-company-form.component.tsx';
import { adminCompanyInitialValues } from '../logic/admin-company-form.logic.ts';

/** /admin/companies/create: a new company with its sub-domain, seats and first administrator. */
export function AdminCompanyCreatePage() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('titles.companyCreate')}</Title>
      <AdminCompanyForm id={null} initial={adminCompanyInitialValues()} />
    </Stack>
  );
}

/** /admin/companies/edit/{id}. */
export function AdminCompanyEditPage() {
  const { t } = useTranslation('company');
  const common = useTranslation('common');
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useAdminCompany(id);
  if (id === null) throw new ApiError(404, { message: 'No such company.' });
  let body: React.ReactNode;
  if (query.isPending) body = <SkeletonRows rows={6} height={36} label={t('admin.form.loading')} />;
  else if (query.isError) {
    if (query.error instanceof ApiError && [403, 404].includes(query.error.status)) throw query.error;
    body = <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  } else body = <AdminCompanyForm key={query.data.id} id={id} initial={adminCompanyInitialValues(query.data)} />;
  return (
    <Stack gap="lg">
      <Title order={1}>{common.t('titles.companyEdit')}</Title>
      {body}
    </Stack>
  );
}
