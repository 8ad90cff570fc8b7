import { Button, Group, Stack, Title } from '@mantine/core';
import { type AdminCompany, companyEndpoints } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { ResourceList, type ResourceListDeclaration } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { deleteAdminCompany } from '../api/delete-admin-company.api.ts';
import { companyHostUrl, formatDateTime } from '../logic/admin-companies.logic.ts';

/** /admin/companies (administration.md §2): every company; Edit, Select and Delete per row. */
export function AdminCompaniesPage() {
  const { t, i18n } = useTranslation('company');
  const { tenant, hostPlatform, baseDomain } = useTenant();
  const language = i18n.language;
  const list = useMemo<ResourceListDeclaration<typeof companyEndpoints.adminList, AdminCompany>>(
    () => ({
      id: 'admin-companies',
      endpoint: companyEndpoints.adminList,
      resource: 'tenant',
      rowId: (row) => row.id,
      rowLabel: (row) => row.name,
      label: t('admin.listLabel'),
      views: ['table'],
      defaultSort: '-created_at',
      perPage: 5,
      emptyText: t('admin.empty'),
      loadingText: t('admin.loading'),
      bannerLife: SHORT_BANNER_LIFE_MS,
      selectable: false,
      sorts: [
        { value: '-created_at', label: `${t('admin.columns.created_at')} ↓` },
        { value: 'created_at', label: `${t('admin.columns.created_at')} ↑` },
        { value: 'name', label: `${t('admin.columns.name')} ↑` },
        { value: '-name', label: `${t('admin.columns.name')} ↓` },
      ],
      columns: [
        { id: 'name', header: t('admin.columns.name'), cell: (row) => row.name, sortField: 'name' },
        { id: 'fqdn', header: t('admin.columns.fqdn'), cell: (row) => row.fqdn },
        { id: 'database', header: t('admin.columns.database'), cell: (row) => row.database || '---' },
        {
          id: 'created_at',
          header: t('admin.columns.created_at'),
          cell: (row) => formatDateTime(row.created_at, language),
          sortField: 'created_at',
        },
        {
          id: 'updated_at',
          header: t('admin.columns.updated_at'),
          cell: (row) => formatDateTime(row.updated_at, language),
          sortField: 'updated_at',
        },
      ],
      rowActions: [
        { id: 'edit', label: t('admin.actions.edit'), to: (row) => paths.company.admin.edit(row.id) },
        {
          id: 'select',
          label: t('admin.actions.select'),
          disabled: (row) => row.sub_domain === tenant,
          tooltip: () => t('admin.currentCompany'),
          onClick: (row) => {
            window.location.assign(companyHostUrl(window.location, row.sub_domain, hostPlatform, baseDomain));
          },
        },
        {
          id: 'delete',
          label: t('admin.actions.delete'),
          danger: true,
          color: 'red',
          disabled: (row) => row.sub_domain === tenant,
          tooltip: () => t('admin.ownCompany'),
          confirm: () => t('admin.confirmDelete'),
          onClick: async (row) => {
            const answer = await deleteAdminCompany(row.id);
            return { success: t('messages.deleted', { name: answer.company_name, status: answer.status }) };
          },
        },
      ],
    }),
    [t, tenant, hostPlatform, baseDomain, language],
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{t('admin.listLabel')}</Title>
        <Button component={Link} to={paths.company.admin.create()}>
          {t('admin.new')}
        </Button>
      </Group>
      <ResourceList list={list} />
    </Stack>
  );
}
