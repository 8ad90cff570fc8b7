import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE } from '@meshport/contract';
import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { downloads } from './download.table.ts';

/** Tools → Downloads: the platform-wide files, the same for every company. */
export const downloadList: ListResource = {
  name: 'downloads',
  table: downloads,
  reads: [],
  scope: 'system',
  idColumn: downloads.id,
  fields: {
    id: { select: downloads.id, sortable: true },
    name: { select: downloads.name, sortable: true },
    extension: { select: downloads.extension, sortable: true },
    size: { select: downloads.size, sortable: true },
    created_at: { select: downloads.createdAt, sortable: true },
    updated_at: { select: downloads.updatedAt, sortable: true },
  },
  filters: { search: searchFilter([downloads.name, downloads.extension]) },
  defaultSort: ADMIN_DEFAULT_SORTS.list,
  defaultPerPage: DEFAULT_PER_PAGE,
};
