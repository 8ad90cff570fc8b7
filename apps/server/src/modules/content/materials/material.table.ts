import { type MaterialMapKind, RECORD_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '#core/auth/account.table.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import {
  contentIndexes,
  sortIndexes,
  statusColumn,
  tenantKeyColumns,
  timestampColumns,
} from '#modules/content/shared/content-columns.ts';

export type MaterialMaps = Partial<Record<MaterialMapKind, { key: string; width: number; height: number }>>;

/**
 * Materials. The name is the identifier clients use (unique within the company); the id
 * is internal. A variant names its base material in `parent_name`.
 */
export const materials = pgTable(
  'materials',
  {
    ...tenantKeyColumns(),
    name: text('name').notNull(),
    parentName: text('parent_name'),
    description: text('description'),
    status: statusColumn(RECORD_STATUSES, 'active'),
    previewImagePath: text('preview_image_path'),
    /** The PBR maps (migration 0013): kind → storage key and size. */
    maps: jsonb('maps').$type<MaterialMaps>().notNull().default({}),
    activeVersionCreatorId: integer('active_version_creator_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    /**
     * How many categories not in the bin hold the material, kept by triggers (migration 0017):
     * `filter[category]=null` then reads a small partial index instead of every material.
     */
    liveCategoryCount: integer('live_category_count').notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [
    primaryKey({ name: 'materials_pkey', columns: [t.companyId, t.id] }),
    unique('materials_company_name_key').on(t.companyId, t.name),
    // Names compare without case too (migration 0010): 'Oak' and 'oak' cannot both exist.
    uniqueIndex('materials_company_lower_name_key').on(t.companyId, sql`lower(${t.name})`),
    // No ON UPDATE CASCADE (Citus refuses it on a key holding company_id, docs/scale.md): a
    // rename changes the variants in the same statement (updateMaterialRow, migration 0026).
    foreignKey({
      name: 'materials_parent_name_fk',
      columns: [t.companyId, t.parentName],
      foreignColumns: [t.companyId, t.name],
    }).onDelete('cascade'),
    index('materials_parent_idx').on(t.companyId, t.parentName),
    ...contentIndexes('materials', t, 'createdAt'),
    ...sortIndexes('materials', t, { parent_name: t.parentName, description: t.description, status: t.status }),
    index('materials_in_no_category_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`live_category_count = 0 and deleted_at is null`),
  ],
);

/** Which materials a model uses: while connected, a material cannot be deleted. */
export const projectModelMaterials = pgTable(
  'project_model_materials',
  {
    companyId: integer('company_id').notNull(),
    projectModelId: integer('project_model_id').notNull(),
    materialId: integer('material_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'project_model_materials_pkey', columns: [t.companyId, t.projectModelId, t.materialId] }),
    foreignKey({
      name: 'project_model_materials_project_model_fk',
      columns: [t.companyId, t.projectModelId],
      foreignColumns: [projectModels.companyId, projectModels.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'project_model_materials_material_fk',
      columns: [t.companyId, t.materialId],
      foreignColumns: [materials.companyId, materials.id],
    }).onDelete('cascade'),
    index('project_model_materials_material_idx').on(t.companyId, t.materialId),
  ],
);
