import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE } from '@meshport/contract';
import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { propertyMaps } from './property-map.table.ts';

/** Tools → Property maps of the request's company (hatch only). */
export const propertyMapList: ListResource = {
  name: 'property_maps',
  table: propertyMaps,
  reads: [],
  scope: 'tenant',
  idColumn: propertyMaps.id,
  fields: {
    id: { select: propertyMaps.id, sortable: true },
    name: { select: propertyMaps.name, sortable: true },
    created_at: { select: propertyMaps.createdAt, sortable: true },
    updated_at: { select: propertyMaps.updatedAt, sortable: true },
  },
  filters: { search: searchFilter([propertyMaps.name]) },
  defaultSort: ADMIN_DEFAULT_SORTS.propertyMaps,
  defaultPerPage: DEFAULT_PER_PAGE,
};
