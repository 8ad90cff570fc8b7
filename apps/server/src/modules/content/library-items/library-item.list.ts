import { LIBRARY_ITEM_STATUSES, PROCESSOR_LIST_PER_PAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { enumFilter, searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListResource } from '#core/list/list-resource.ts';
import {
  accountName,
  idOrTopLevelSchema,
  latestGeometryEventFields,
  previewUrl,
  processingFields,
  ref,
  statusColor,
  trashedFields,
} from '#modules/content/shared/content-fields.ts';
import { libraryItemPolicy } from './library-item.policy.ts';
import { libraryItems } from './library-item.table.ts';

const isDeletable = libraryItemPolicy.rowAllows('delete');

const librariesJson = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name, l.id)
  from library_item_libraries lil join libraries l on l.company_id = lil.company_id and l.id = lil.library_id
  where lil.company_id = ${ref(libraryItems.companyId)} and lil.library_item_id = ${ref(libraryItems.id)}
  and l.deleted_at is null), '[]'::json)`;

/** GET /libraries/items: library cards and the processor's Items tab (10 per page, newest first). */
export const libraryItemList: ListResource = {
  name: 'items',
  table: libraryItems,
  // Subqueries of its fields, filters and meta data (docs/decisions/0021).
  reads: [
    'project_model_library_items',
    'project_models',
    'library_item_libraries',
    'libraries',
    'geometry_events',
    'accounts',
  ],
  scope: 'tenant',
  idColumn: libraryItems.id,
  fields: {
    id: { select: libraryItems.id, sortable: true },
    name: { select: libraryItems.name, sortable: true },
    description: { select: libraryItems.description, sortable: true },
    preview_image_url: {
      select: previewUrl(
        libraryItems.previewImagePath,
        sql`'/v2/libraries/items/' || ${ref(libraryItems.id)}`,
        libraryItems.updatedAt,
      ),
    },
    status: { select: libraryItems.status, sortable: true },
    status_color: { select: statusColor(libraryItems.status) },
    libraries: { select: librariesJson },
    is_deletable: { select: isDeletable },
    deletable: { select: isDeletable },
    ...latestGeometryEventFields('library_item', libraryItems.companyId, libraryItems.id),
    started_at: { select: libraryItems.startedAt, sortable: true },
    finished_at: { select: libraryItems.finishedAt, sortable: true },
    uploader_name: { select: accountName(libraryItems.uploaderId) },
    ...processingFields(libraryItems, '/v2/libraries/items/'),
    created_at: { select: libraryItems.createdAt, sortable: true },
    updated_at: { select: libraryItems.updatedAt, sortable: true },
    ...trashedFields(libraryItems.deletedAt),
  },
  filters: {
    search: searchFilter([libraryItems.name]),
    status: enumFilter(libraryItems.status, LIBRARY_ITEM_STATUSES),
    /** An id: the items of that library; `null`: items in no library. */
    library: defineFilter({
      schema: idOrTopLevelSchema,
      where: (value: number | 'null') =>
        value === 'null'
          ? sql`${ref(libraryItems.liveLibraryCount)} = 0`
          : sql`exists (select 1 from library_item_libraries lil
              where lil.company_id = ${ref(libraryItems.companyId)} and lil.library_item_id = ${ref(libraryItems.id)}
              and lil.library_id = ${value})`,
    }),
  },
  defaultSort: '-created_at',
  defaultPerPage: PROCESSOR_LIST_PER_PAGE,
  deletedAt: libraryItems.deletedAt,
  keptTotals: { statusFilter: 'status' },
};
