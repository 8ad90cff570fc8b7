import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { labels } from './label.table.ts';

/** The tools labels list: page size 5, newest first (spec: administration.md §9). */
export const labelList: ListResource = {
  name: 'labels',
  table: labels,
  reads: [],
  scope: 'tenant',
  idColumn: labels.id,
  fields: {
    id: { select: labels.id, sortable: true },
    name: { select: labels.name, sortable: true },
    color: { select: labels.color, sortable: true },
    created_at: { select: labels.createdAt, sortable: true },
    updated_at: { select: labels.updatedAt, sortable: true },
  },
  filters: { search: searchFilter([labels.name]) },
  defaultSort: '-created_at',
  defaultPerPage: 5,
};
