import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE } from '@meshport/contract';
import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { plannedMaintenance } from '#core/maintenance/maintenance.table.ts';

/** Admin → Planned maintenance: platform-wide windows. */
export const plannedMaintenanceList: ListResource = {
  name: 'planned_maintenance',
  table: plannedMaintenance,
  scope: 'system',
  idColumn: plannedMaintenance.id,
  fields: {
    id: { select: plannedMaintenance.id, sortable: true },
    name: { select: plannedMaintenance.name, sortable: true },
    description: { select: plannedMaintenance.description, sortable: true },
    start_datetime: { select: plannedMaintenance.startDatetime, sortable: true },
    end_datetime: { select: plannedMaintenance.endDatetime, sortable: true },
    created_at: { select: plannedMaintenance.createdAt, sortable: true },
    updated_at: { select: plannedMaintenance.updatedAt, sortable: true },
  },
  filters: { search: searchFilter([plannedMaintenance.name, plannedMaintenance.description]) },
  defaultSort: ADMIN_DEFAULT_SORTS.maintenance,
  defaultPerPage: DEFAULT_PER_PAGE,
};
