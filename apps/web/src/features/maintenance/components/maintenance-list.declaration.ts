import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE, plannedMaintenanceEndpoints } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { deleteMaintenance } from '../api/delete-maintenance.api.ts';

type MaintenanceRow = RowOf<typeof plannedMaintenanceEndpoints.list>;
type Declaration = ResourceListDeclaration<typeof plannedMaintenanceEndpoints.list, MaintenanceRow>;

/** Admin → Planned maintenance (administration.md §2): Name, Description, Start, End; Edit and Delete. */
export function maintenanceListDeclaration(t: TFunction<'maintenance'>, language: string | undefined): Declaration {
  const dateTime = (value: string) => formatDateTime(value, { locale: language });
  return {
    id: 'admin-maintenance',
    endpoint: plannedMaintenanceEndpoints.list,
    resource: 'maintenance',
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    views: ['table'],
    columns: [
      { id: 'name', header: t('maintenance.columns.name'), cell: (row) => row.name },
      {
        id: 'description',
        header: t('maintenance.columns.description'),
        cell: (row) => row.description || t('maintenance.none'),
        sortField: 'description',
      },
      { id: 'start', header: t('maintenance.columns.start'), cell: (row) => dateTime(row.start_datetime) },
      { id: 'end', header: t('maintenance.columns.end'), cell: (row) => dateTime(row.end_datetime) },
    ],
    sorts: [
      { value: '-created_at', label: t('maintenance.sorts.newest') },
      { value: 'created_at', label: t('maintenance.sorts.oldest') },
      { value: '-start_datetime', label: t('maintenance.sorts.startLatest') },
      { value: 'start_datetime', label: t('maintenance.sorts.startEarliest') },
    ],
    defaultSort: ADMIN_DEFAULT_SORTS.maintenance,
    perPage: DEFAULT_PER_PAGE,
    emptyText: t('emptyList'),
    label: t('maintenance.listLabel'),
    loadingText: t('maintenance.loading'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    selectable: false,
    rowActions: [
      { id: 'edit', label: t('actions.edit'), to: (row) => paths.admin.maintenance.edit(row.id) },
      {
        id: 'delete',
        label: t('actions.delete'),
        danger: true,
        color: 'red',
        confirmLabel: t('actions.delete'),
        confirm: () => t('maintenance.confirmDelete'),
        onClick: async (row) => {
          const answer = await deleteMaintenance(row.id);
          return {
            success: t('maintenance.deleted', {
              name: answer.planned_maintenance_name,
              status: t(`maintenance.status.${answer.status}`),
            }),
          };
        },
      },
    ],
  };
}
