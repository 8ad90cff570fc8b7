import {
  type GeometrySubjectKind,
  RESTORE_WINDOW_DAYS,
  STATUS_COLORS,
  TOP_LEVEL_FILTER_VALUE,
} from '@meshport/contract';
import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineFilter, type ListField } from '#core/list/list-resource.ts';

/**
 * A column always qualified by its table: Drizzle leaves columns of a one-table select
 * unqualified, which inside a subquery would name the subquery's own columns.
 */
export function ref(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** `status_color`, computed by the database from the shared colour map. */
export function statusColor(status: Column): SQL<string> {
  const cases = Object.entries(STATUS_COLORS).map(([value, color]) => sql`when ${value} then ${color}`);
  return sql<string>`(case ${ref(status)} ${sql.join(cases, sql` `)} else '#868e96' end)`;
}

/** The recycle-bin columns (administration.md §3, §4): whole days left, 0 once the window is over. */
export function trashedFields(deletedAt: Column): Record<string, ListField> {
  return {
    deleted_at: { select: deletedAt, sortable: true, trashed: true },
    days_left_to_restore: {
      select: sql<number>`greatest(0, ceil(extract(epoch from (${ref(deletedAt)} + make_interval(days => ${RESTORE_WINDOW_DAYS}) - now())) / 86400))::int`,
      trashed: true,
    },
  };
}

/**
 * The address of a record's preview image, or null without one. `?v=` changes with the
 * record so that browsers may cache the image.
 */
export function previewUrl(path: Column, base: SQL, updatedAt: Column): SQL<string | null> {
  return sql<
    string | null
  >`(case when ${ref(path)} is null then null else ${base} || '/preview-image?v=' || floor(extract(epoch from ${ref(updatedAt)}))::bigint end)`;
}

/**
 * The processing side of a model or item (issue 11): its original's name, the download
 * addresses once there is something to download, and the figures.
 */
export function processingFields(
  table: {
    originalName: Column;
    originalKey: Column;
    glbKey: Column;
    figures: Column;
    units: Column;
    upAxis: Column;
    id: Column;
  },
  base: string,
): Record<string, ListField> {
  const at = (key: Column, file: string) =>
    sql<string | null>`(case when ${ref(key)} is null then null else ${base} || ${ref(table.id)} || ${file} end)`;
  return {
    original_file_name: { select: table.originalName },
    original_url: { select: at(table.originalKey, '/files/original') },
    glb_url: { select: at(table.glbKey, '/files/glb') },
    figures: { select: table.figures },
    units: { select: table.units },
    up_axis: { select: table.upAxis },
  };
}

/**
 * The newest geometry event's message, and its code and parameters for showing it in the reader's language
 * (decision 0038); one index probe per row and field.
 */
export function latestGeometryEventFields(
  kind: GeometrySubjectKind,
  companyId: Column,
  id: Column,
): Record<string, ListField> {
  const newest = (column: SQL) => sql`(select ${column} from geometry_events ge
    where ge.company_id = ${ref(companyId)} and ge.subject_kind = ${kind} and ge.subject_id = ${ref(id)}
    order by ge.created_at desc, ge.id desc limit 1)`;
  return {
    'latest_geometry_event.message': { select: newest(sql`ge.message`) },
    'latest_geometry_event.message_code': { select: newest(sql`ge.message_code`) },
    'latest_geometry_event.message_params': { select: newest(sql`ge.message_params`) },
  };
}

export function accountName(accountId: Column): SQL<string | null> {
  return sql<string | null>`(select a.name from accounts a where a.id = ${ref(accountId)})`;
}

/** True for the requesting account (set per transaction by `Database.tenant`). */
export const CURRENT_ACCOUNT = sql`nullif(current_setting('app.account_id', true), '')::integer`;

const idSchema = z.coerce
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .positive('Must be positive.');

/** A whole-number id, or `null` for "none" (top level). */
export const idOrTopLevelSchema = z.union([z.literal(TOP_LEVEL_FILTER_VALUE), idSchema], {
  error: `Must be a whole number or ${TOP_LEVEL_FILTER_VALUE}.`,
});

/** `filter[parent_id]`: children of one record, or `null` for the top level. */
export function parentFilter(parentId: Column) {
  return defineFilter({
    schema: idOrTopLevelSchema,
    where: (value: number | 'null') =>
      value === 'null' ? sql`${ref(parentId)} is null` : sql`${ref(parentId)} = ${value}`,
  });
}

/** Comma-separated whole-number ids (`filter[label]=1,4`). */
export const idListSchema = z
  .string()
  .transform((text) => text.split(',').map((part) => part.trim()))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/, 'Must be whole numbers, comma-separated.')
          .transform(Number),
      )
      .min(1)
      .max(50),
  );

/**
 * `{breadcrumbs: {id, name, next}}` of a record in a tree table (libraries, material
 * categories): the root first, the record itself last. `table` is a trusted identifier.
 */
export function breadcrumbsMetaData(table: string, companyId: Column, id: Column): SQL<unknown> {
  const t = sql.raw(table);
  return sql`(with recursive chain(id, parent_id, crumb, depth) as (
      select s.id, s.parent_id, json_build_object('id', s.id, 'name', s.name, 'next', null::json), 0
      from ${t} s where s.company_id = ${ref(companyId)} and s.id = ${ref(id)}
      union all
      select p.id, p.parent_id, json_build_object('id', p.id, 'name', p.name, 'next', c.crumb), c.depth + 1
      from chain c join ${t} p on p.company_id = ${ref(companyId)} and p.id = c.parent_id
      where c.depth < 64)
    select json_build_object('breadcrumbs', crumb) from chain where parent_id is null or depth = 64 limit 1)`;
}

/**
 * The ids of a record and all its live descendants in a tree table, as a recursive CTE
 * named `tree` for the query that follows.
 */
export function descendantsCte(table: string, companyId: Column, id: Column): SQL {
  const t = sql.raw(table);
  return sql`with recursive tree(id, depth) as (
      select ${ref(id)}, 0
      union all
      select d.id, tree.depth + 1 from ${t} d join tree on d.parent_id = tree.id
      where d.company_id = ${ref(companyId)} and d.deleted_at is null and tree.depth < 64)`;
}

/** How the records of a tree table hold members (libraries: items; material categories: materials). */
export interface TreeMembers {
  /** The join table between a record and its members, with its record and member columns. */
  link: string;
  linkRecord: string;
  member: string;
  /** The members' table, and the join table between project models and members. */
  members: string;
  modelLink: string;
}

/**
 * For a record of a tree table: `indirectCount`, the live members of it and its descendants
 * (each once), `connectedModels`, the live project models connected to them, and `deletable`,
 * false while one of them is connected to a live project model (spec: a record connected to a model cannot be deleted, content.md §4). All names are trusted identifiers.
 */
export function treeMemberFields(table: string, companyId: Column, id: Column, names: TreeMembers) {
  const tree = descendantsCte(table, companyId, id);
  const [link, record, member, members, modelLink] = [
    names.link,
    names.linkRecord,
    names.member,
    names.members,
    names.modelLink,
  ].map((name) => sql.raw(name));
  return {
    indirectCount: sql<number>`(${tree}
  select count(distinct lk.${member})::int from ${link} lk
  join tree on lk.${record} = tree.id
  join ${members} mb on mb.company_id = lk.company_id and mb.id = lk.${member} and mb.deleted_at is null
  where lk.company_id = ${ref(companyId)})`,
    connectedModels: sql<number>`(${tree}
  select count(distinct ml.project_model_id)::int from ${link} lk
  join tree on lk.${record} = tree.id
  join ${modelLink} ml on ml.company_id = lk.company_id and ml.${member} = lk.${member}
  join project_models pm on pm.company_id = ml.company_id and pm.id = ml.project_model_id and pm.deleted_at is null
  where lk.company_id = ${ref(companyId)})`,
    deletable: sql<boolean>`not exists (${tree}
  select 1 from ${link} lk
  join tree on lk.${record} = tree.id
  join ${modelLink} ml on ml.company_id = lk.company_id and ml.${member} = lk.${member}
  join project_models pm on pm.company_id = ml.company_id and pm.id = ml.project_model_id and pm.deleted_at is null
  where lk.company_id = ${ref(companyId)})`,
  };
}

/** Percent-encodes text the way encodeURIComponent does (for addresses built in SQL). */
export function urlEncoded(text: Column | SQL): SQL<string> {
  return sql<string>`(select coalesce(string_agg(case when x.ch ~ '^[A-Za-z0-9_.~!*''()-]$' then x.ch
      else regexp_replace(upper(encode(convert_to(x.ch, 'UTF8'), 'hex')), '(..)', '%\\1', 'g') end, '' order by x.ord), '')
    from regexp_split_to_table(${text}, '') with ordinality as x(ch, ord))`;
}
