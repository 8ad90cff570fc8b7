import { sql } from 'drizzle-orm';
import { definePolicy } from '#core/access/policy.ts';
import { ref } from '#modules/content/shared/content-fields.ts';
import { materials } from './material.table.ts';

/** What the rules read of a material. */
export type MaterialState = {
  /** Live project models the material is connected to. */
  connectedModels: number;
};

const liveModelLinks = sql`from project_model_materials pmm
  join project_models m on m.company_id = pmm.company_id and m.id = pmm.project_model_id and m.deleted_at is null
  where pmm.company_id = ${ref(materials.companyId)} and pmm.material_id = ${ref(materials.id)}`;

/**
 * content.md §6: what each action on a material needs. Materials are hatch-only besides: the
 * routes refuse other platforms and members without the hatch licence. §4: a material
 * connected to a model is not deleted (nor, in material.service.ts, one whose variant is).
 */
export const materialPolicy = definePolicy<'view' | 'update' | 'delete' | 'restore', MaterialState>({
  resource: 'materials',
  permissions: {
    view: 'list-materials',
    update: 'update-materials',
    delete: 'delete-materials',
    restore: 'restore-deleted-entities',
  },
  hatchOnly: ['view', 'update', 'delete', 'restore'],
  records: { table: materials, state: { connectedModels: sql<number>`(select count(*)::int ${liveModelLinks})` } },
  recordRules: {
    delete: {
      allows: (material) => material.connectedModels === 0,
      sql: sql<boolean>`not exists (select 1 ${liveModelLinks})`,
    },
  },
});
