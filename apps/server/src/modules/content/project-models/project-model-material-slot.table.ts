import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { materials } from '#modules/content/materials/material.table.ts';
import { projectModels } from './project-model.table.ts';

/**
 * A material slot of a model as configured (issue 30, decision 0059): slot `slot_index` is material
 * `slot_index` of the processed GLB (`figures.material_names`). A slot without a row shows the
 * file's name and allows no material.
 */
export const projectModelMaterialSlots = pgTable(
  'project_model_material_slots',
  {
    companyId: integer('company_id').notNull(),
    projectModelId: integer('project_model_id').notNull(),
    slotIndex: integer('slot_index').notNull(),
    /** The file's name of the material when the slot was saved (or the model last processed). */
    sourceName: text('source_name').notNull(),
    /** The display name: the file's name until renamed, 1 to 100 characters. */
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'project_model_material_slots_pkey',
      columns: [t.companyId, t.projectModelId, t.slotIndex],
    }),
    foreignKey({
      name: 'project_model_material_slots_project_model_fk',
      columns: [t.companyId, t.projectModelId],
      foreignColumns: [projectModels.companyId, projectModels.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The materials (and variants) a slot allows, and its default among them. The default is a flag
 * here rather than a key on the slot: it is one of the slot's materials by construction, and goes
 * with the material when the recycle bin purges it (a key holding `company_id` cannot be
 * `ON DELETE SET NULL` under Citus, docs/scale.md).
 */
export const projectModelSlotMaterials = pgTable(
  'project_model_slot_materials',
  {
    companyId: integer('company_id').notNull(),
    projectModelId: integer('project_model_id').notNull(),
    slotIndex: integer('slot_index').notNull(),
    materialId: integer('material_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({
      name: 'project_model_slot_materials_pkey',
      columns: [t.companyId, t.projectModelId, t.slotIndex, t.materialId],
    }),
    foreignKey({
      name: 'project_model_slot_materials_slot_fk',
      columns: [t.companyId, t.projectModelId, t.slotIndex],
      foreignColumns: [
        projectModelMaterialSlots.companyId,
        projectModelMaterialSlots.projectModelId,
        projectModelMaterialSlots.slotIndex,
      ],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_model_slot_materials_material_fk',
      columns: [t.companyId, t.materialId],
      foreignColumns: [materials.companyId, materials.id],
    }).onDelete('cascade'),
    // For the material's cascade when the recycle bin purges it.
    index('project_model_slot_materials_material_idx').on(t.companyId, t.materialId),
    // One default per slot.
    uniqueIndex('project_model_slot_materials_default_key')
      .on(t.companyId, t.projectModelId, t.slotIndex)
      .where(sql`is_default`),
  ],
);
