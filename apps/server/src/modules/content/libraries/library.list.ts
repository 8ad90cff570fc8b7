import { CARD_LIST_PER_PAGE, RECORD_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { enumFilter, searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListResource } from '#core/list/list-resource.ts';
import {
  breadcrumbsMetaData,
  idListSchema,
  parentFilter,
  previewUrl,
  ref,
  statusColor,
  trashedFields,
  treeMemberFields,
} from '#modules/content/shared/content-fields.ts';
import { libraryPolicy } from './library.policy.ts';
import { libraries } from './library.table.ts';

/**
 * `is_deletable` (the policy's delete rule) and `indirect_items_count` read counts kept on write
 * (migration 0009) instead of walking the subtree per row; `libraryTreeRecount` is the walk they
 * must equal.
 */
const isDeletable = libraryPolicy.rowAllows('delete');

/** The read-time walk over each library's subtree that the kept counts stand for (tests compare them). */
export const libraryTreeRecount = treeMemberFields('libraries', libraries.companyId, libraries.id, {
  link: 'library_item_libraries',
  linkRecord: 'library_id',
  member: 'library_item_id',
  members: 'library_items',
  modelLink: 'project_model_library_items',
});

const labelsJson = sql<{ id: number; name: string; color: string }[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by l.name, l.id)
  from library_labels ll join labels l on l.company_id = ll.company_id and l.id = ll.label_id
  where ll.company_id = ${ref(libraries.companyId)} and ll.library_id = ${ref(libraries.id)}), '[]'::json)`;

/** GET /libraries: a card list (10 per page, newest update first). */
export const libraryList: ListResource = {
  name: 'libraries',
  table: libraries,
  // Subqueries of its fields, filters and meta data (docs/decisions/0021).
  reads: ['library_labels', 'labels'],
  scope: 'tenant',
  idColumn: libraries.id,
  fields: {
    id: { select: libraries.id, sortable: true },
    parent_id: { select: libraries.parentId, sortable: true },
    name: { select: libraries.name, sortable: true },
    description: { select: libraries.description, sortable: true },
    preview_image: {
      select: previewUrl(
        libraries.previewImagePath,
        sql`'/v2/libraries/' || ${ref(libraries.id)}`,
        libraries.updatedAt,
      ),
    },
    status: { select: libraries.status, sortable: true },
    status_color: { select: statusColor(libraries.status) },
    labels: { select: labelsJson },
    is_deletable: { select: isDeletable },
    indirect_items_count: { select: libraries.indirectItemsCount },
    created_at: { select: libraries.createdAt, sortable: true },
    updated_at: { select: libraries.updatedAt, sortable: true },
    meta_data: { select: breadcrumbsMetaData('libraries', libraries.companyId, libraries.id), optIn: 'list' },
    ...trashedFields(libraries.deletedAt),
  },
  filters: {
    search: searchFilter([libraries.name]),
    status: enumFilter(libraries.status, RECORD_STATUSES),
    parent_id: parentFilter(libraries.parentId),
    label: defineFilter({
      schema: idListSchema,
      where: (ids: number[]) => sql`exists (select 1 from library_labels ll
        where ll.company_id = ${ref(libraries.companyId)} and ll.library_id = ${ref(libraries.id)}
        and ll.label_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    }),
  },
  defaultSort: '-updated_at',
  defaultPerPage: CARD_LIST_PER_PAGE,
  deletedAt: libraries.deletedAt,
};
