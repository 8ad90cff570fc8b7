import { RECORD_STATUSES } from '@meshport/contract';
import { foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { materials } from '#modules/content/materials/material.table.ts';
import {
  contentIndexes,
  live,
  statusColumn,
  tenantKeyColumns,
  timestampColumns,
} from '#modules/content/shared/content-columns.ts';

/** Material categories: a tree by `parent_id`. */
export const materialCategories = pgTable(
  'material_categories',
  {
    ...tenantKeyColumns(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    status: statusColumn(RECORD_STATUSES, 'active'),
    previewImagePath: text('preview_image_path'),
    /**
     * Live materials of this category and of its live sub-categories at any depth, each once;
     * kept by triggers (migration 0010), read by the list.
     */
    indirectMaterialsCount: integer('indirect_materials_count').notNull().default(0),
    ...timestampColumns(),
  },
  (t) => [
    primaryKey({ name: 'material_categories_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'material_categories_parent_fk',
      columns: [t.companyId, t.parentId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('cascade'),
    index('material_categories_parent_updated_idx').on(t.companyId, t.parentId, t.updatedAt, t.id).where(live),
    ...contentIndexes('material_categories', t),
  ],
);

export const materialCategoryMaterials = pgTable(
  'material_category_materials',
  {
    companyId: integer('company_id').notNull(),
    materialCategoryId: integer('material_category_id').notNull(),
    materialId: integer('material_id').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'material_category_materials_pkey',
      columns: [t.companyId, t.materialCategoryId, t.materialId],
    }),
    foreignKey({
      name: 'material_category_materials_material_category_fk',
      columns: [t.companyId, t.materialCategoryId],
      foreignColumns: [materialCategories.companyId, materialCategories.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'material_category_materials_material_fk',
      columns: [t.companyId, t.materialId],
      foreignColumns: [materials.companyId, materials.id],
    }).onDelete('cascade'),
    index('material_category_materials_material_idx').on(t.companyId, t.materialId),
  ],
);
