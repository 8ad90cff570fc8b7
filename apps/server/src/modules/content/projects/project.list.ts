import { PROJECT_LIST_PER_PAGE, RECORD_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '#core/db/database.ts';
import { enumFilter, searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListResource } from '#core/list/list-resource.ts';
import {
  CURRENT_ACCOUNT,
  idListSchema,
  parentFilter,
  previewUrl,
  ref,
  statusColor,
  trashedFields,
} from '#modules/content/shared/content-fields.ts';
import { projects } from './project.table.ts';

const isFavorited = sql<boolean>`exists (select 1 from project_favorites pf
  where pf.company_id = ${ref(projects.companyId)} and pf.project_id = ${ref(projects.id)} and pf.account_id = ${CURRENT_ACCOUNT})`;

/** Labels of a record as `[{id, name, color}]`, by name. */
export const projectLabelsJson = sql<{ id: number; name: string; color: string }[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by l.name, l.id)
  from project_labels pl join labels l on l.company_id = pl.company_id and l.id = pl.label_id
  where pl.company_id = ${ref(projects.companyId)} and pl.project_id = ${ref(projects.id)}), '[]'::json)`;

const usersJson = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name, a.id)
  from project_users pu join accounts a on a.id = pu.account_id
  where pu.company_id = ${ref(projects.companyId)} and pu.project_id = ${ref(projects.id)}), '[]'::json)`;

/**
 * GET /projects (content.md §7): 5 per page, newest update first. Only top-level projects
 * unless the route widens it (`include_sub_projects=1`, `filter[parent_id]`). On
 * customerportal the requester's favourites come first.
 */
export const projectList: ListResource = {
  name: 'projects',
  table: projects,
  // Subqueries of its fields, filters and meta data (docs/decisions/0021).
  reads: ['project_favorites', 'project_labels', 'labels', 'project_users', 'accounts'],
  scope: 'tenant',
  idColumn: projects.id,
  fields: {
    id: { select: projects.id, sortable: true },
    parent_id: { select: projects.parentId, sortable: true },
    name: { select: projects.name, sortable: true },
    description: { select: projects.description, sortable: true },
    status: { select: projects.status, sortable: true },
    status_color: { select: statusColor(projects.status) },
    preview_image: {
      select: previewUrl(projects.previewImagePath, sql`'/v2/projects/' || ${ref(projects.id)}`, projects.updatedAt),
    },
    labels: { select: projectLabelsJson },
    users: { select: usersJson },
    is_favorited: { select: isFavorited, sortable: true },
    created_at: { select: projects.createdAt, sortable: true },
    updated_at: { select: projects.updatedAt, sortable: true },
    ...trashedFields(projects.deletedAt),
  },
  filters: {
    search: searchFilter([projects.name, projects.description]),
    status: enumFilter(projects.status, RECORD_STATUSES),
    label: defineFilter({
      schema: idListSchema,
      where: (ids: number[]) => sql`exists (select 1 from project_labels pl
        where pl.company_id = ${ref(projects.companyId)} and pl.project_id = ${ref(projects.id)}
        and pl.label_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    }),
    parent_id: parentFilter(projects.parentId),
    favorited: defineFilter({
      schema: z.enum(['1', '0', 'true', 'false'], { error: 'Must be 1 or 0.' }),
      where: (value: string) => (value === '1' || value === 'true' ? isFavorited : sql`not ${isFavorited}`),
    }),
  },
  defaultSort: '-updated_at',
  defaultPerPage: PROJECT_LIST_PER_PAGE,
  deletedAt: projects.deletedAt,
  leadingOrder: (context) => (context.platform === 'customerportal' ? sql`${isFavorited} desc` : undefined),
  metaData: async (db) => {
    const used = await queryRows<{ id: number; name: string; color: string }>(
      db,
      // A LIMIT 1 probe per label (two index lookups) rather than EXISTS, which the planner
      // turns into a hash join over every project and link: 0.3 ms instead of 4 ms at 5,000 projects.
      sql`select l.id, l.name, l.color from labels l
        where (select 1 from project_labels pl join projects p on p.company_id = pl.company_id and p.id = pl.project_id
          where pl.company_id = l.company_id and pl.label_id = l.id and p.deleted_at is null limit 1) is not null
        order by l.name, l.id`,
    );
    return { filters: { labels: used } };
  },
};
