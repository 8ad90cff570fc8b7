import { DESIGN_LIST_PER_PAGE } from '@meshport/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idFilter, searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListResource } from '#core/list/list-resource.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import { projects } from '#modules/content/projects/project.table.ts';
import { CURRENT_ACCOUNT, ref } from '#modules/content/shared/content-fields.ts';
import { designs } from './design.table.ts';

const isFavorited = sql<boolean>`exists (select 1 from design_favorites df
  where df.company_id = ${ref(designs.companyId)} and df.design_id = ${ref(designs.id)} and df.account_id = ${CURRENT_ACCOUNT})`;

/**
 * The choices in slot order, each with the slot's display name (the file's until renamed) and the
 * material's name (null: the model's own material).
 */
const choicesJson = sql<{ slot_index: number; slot_name: string; material: string | null }[]>`coalesce((
  select json_agg(json_build_object(
      'slot_index', dc.slot_index,
      'slot_name', coalesce(s.name, ${ref(projectModels.figures)}->'material_names'->>dc.slot_index, ''),
      'material', m.name) order by dc.slot_index)
  from design_choices dc
  left join materials m on m.company_id = dc.company_id and m.id = dc.material_id
  left join project_model_material_slots s on s.company_id = dc.company_id
    and s.project_model_id = ${ref(designs.projectModelId)} and s.slot_index = dc.slot_index
  where dc.company_id = ${ref(designs.companyId)} and dc.design_id = ${ref(designs.id)}), '[]'::json)`;

const createdBy = sql<{ id: number; name: string } | null>`(select json_build_object('id', a.id, 'name', a.name)
  from accounts a where a.id = ${ref(designs.createdBy)})`;

/**
 * GET /projects/designs: the designs of live projects and live models (a model in the recycle bin
 * hides its designs), newest change first; on customerportal the requester's favourites first.
 */
export const designList: ListResource = {
  name: 'designs',
  table: designs,
  joins: [
    {
      table: projectModels,
      on: and(
        eq(projectModels.companyId, designs.companyId),
        eq(projectModels.id, designs.projectModelId),
        isNull(projectModels.deletedAt),
      ) as ReturnType<typeof sql>,
    },
    {
      table: projects,
      on: and(
        eq(projects.companyId, designs.companyId),
        eq(projects.id, designs.projectId),
        isNull(projects.deletedAt),
      ) as ReturnType<typeof sql>,
    },
  ],
  reads: ['design_favorites', 'design_choices', 'materials', 'project_model_material_slots', 'accounts'],
  scope: 'tenant',
  idColumn: designs.id,
  fields: {
    id: { select: designs.id, sortable: true },
    name: { select: designs.name, sortable: true },
    project_id: { select: designs.projectId },
    project_model_id: { select: designs.projectModelId },
    model_name: { select: projectModels.name },
    created_by: { select: createdBy },
    created_at: { select: designs.createdAt, sortable: true },
    updated_at: { select: designs.updatedAt, sortable: true },
    preview_status: { select: designs.previewStatus },
    // Versioned by the stored file: each render is a new address, so a cached older one is never shown.
    preview_image_url: {
      select: sql<string | null>`(case when ${ref(designs.previewKey)} is null then null
        else '/v2/projects/designs/' || ${ref(designs.id)} || '/preview-image?v=' || left(md5(${ref(designs.previewKey)}), 12) end)`,
    },
    is_favorited: { select: isFavorited, sortable: true },
    choices: { select: choicesJson },
  },
  filters: {
    search: searchFilter([designs.name]),
    project_id: idFilter(designs.projectId),
    project_model_id: idFilter(designs.projectModelId),
    favorited: defineFilter({
      schema: z.enum(['1', '0', 'true', 'false'], { error: 'Must be 1 or 0.' }),
      where: (value: string) => (value === '1' || value === 'true' ? isFavorited : sql`not ${isFavorited}`),
    }),
  },
  defaultSort: '-updated_at',
  defaultPerPage: DESIGN_LIST_PER_PAGE,
  leadingOrder: (context) => (context.platform === 'customerportal' ? sql`${isFavorited} desc` : undefined),
};
