import { PROCESSOR_LIST_PER_PAGE, RECORD_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { enumFilter, searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListResource } from '#core/list/list-resource.ts';
import {
  accountName,
  idOrTopLevelSchema,
  previewUrl,
  ref,
  statusColor,
  trashedFields,
  urlEncoded,
} from '#modules/content/shared/content-fields.ts';
import { materialPolicy } from './material.policy.ts';
import { materials } from './material.table.ts';
import { baseMaps, materialAt, shownMaps } from './material-inheritance.ts';

const categoriesJson = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
  from material_category_materials mcm
  join material_categories c on c.company_id = mcm.company_id and c.id = mcm.material_category_id
  where mcm.company_id = ${ref(materials.companyId)} and mcm.material_id = ${ref(materials.id)}
  and c.deleted_at is null), '[]'::json)`;

const material = materialAt();

/**
 * The maps it shows (own over the base's), as addresses. `v` changes with the stored file (its key is new on
 * every save), so a replaced map is not served from the browser's cache. Also what a model's material slots show.
 */
export const materialMapUrls = sql<
  Record<string, string>
>`(select coalesce(json_object_agg(e.key, '/v2/materials/' || ${urlEncoded(materials.name)}
    || '/maps/' || e.key || '?v=' || substr(md5(e.value ->> 'key'), 1, 10)), '{}'::json)
  from jsonb_each(${shownMaps(material)}) e)`;

/** The address of its preview image; also what a model's material slots show. */
export const materialPreviewUrl = previewUrl(
  materials.previewImagePath,
  sql`'/v2/materials/' || ${urlEncoded(materials.name)}`,
  materials.updatedAt,
);

/** The kinds it shows from its base: those it has none of its own. */
const inheritedMaps = sql`(select coalesce(json_agg(k order by k), '[]'::json)
  from jsonb_object_keys(coalesce(${baseMaps(material)}, '{}'::jsonb)) k where not (${ref(materials.maps)} ? k))`;

/** GET /materials: materials cards and the processor's Materials tab (10 per page, newest first). */
export const materialList: ListResource = {
  name: 'materials',
  table: materials,
  // Subqueries of its fields, filters and meta data (docs/decisions/0021).
  reads: [
    'project_model_materials',
    'project_models',
    'material_category_materials',
    'material_categories',
    'accounts',
  ],
  scope: 'tenant',
  idColumn: materials.id,
  fields: {
    name: { select: materials.name, sortable: true },
    parent_name: { select: materials.parentName, sortable: true },
    description: { select: materials.description, sortable: true },
    preview_image_url: { select: materialPreviewUrl },
    maps: { select: materialMapUrls },
    inherited_maps: { select: inheritedMaps },
    status: { select: materials.status, sortable: true },
    status_color: { select: statusColor(materials.status) },
    categories: { select: categoriesJson },
    deletable: { select: materialPolicy.rowAllows('delete') },
    active_version_creator_name: { select: accountName(materials.activeVersionCreatorId) },
    created_at: { select: materials.createdAt, sortable: true },
    updated_at: { select: materials.updatedAt, sortable: true },
    ...trashedFields(materials.deletedAt),
  },
  filters: {
    search: searchFilter([materials.name]),
    status: enumFilter(materials.status, RECORD_STATUSES),
    /**
     * An id: the materials of that category; `null`: materials in no category outside the bin,
     * from the count the triggers of migration 0017 keep (a small partial index).
     */
    category: defineFilter({
      schema: idOrTopLevelSchema,
      where: (value: number | 'null') =>
        value === 'null'
          ? sql`${ref(materials.liveCategoryCount)} = 0`
          : sql`exists (select 1 from material_category_materials mcm
              where mcm.company_id = ${ref(materials.companyId)} and mcm.material_id = ${ref(materials.id)}
              and mcm.material_category_id = ${value})`,
    }),
    /** A base material's name: its variants; `null`: base materials only. */
    parent_name: defineFilter({
      schema: z.string().trim().min(1, 'May not be empty.').max(200, 'Too long.'),
      where: (value: string) =>
        value === 'null' ? sql`${ref(materials.parentName)} is null` : sql`${ref(materials.parentName)} = ${value}`,
    }),
  },
  defaultSort: '-created_at',
  defaultPerPage: PROCESSOR_LIST_PER_PAGE,
  deletedAt: materials.deletedAt,
  keptTotals: { statusFilter: 'status' },
};
