import { sql } from 'drizzle-orm';
import { definePolicy } from '#core/access/policy.ts';
import { treeMemberFields } from '#modules/content/shared/content-fields.ts';
import { materialCategories } from './material-category.table.ts';

/**
 * Walks over each category's subtree: `indirectCount` is what the maintained
 * `indirect_materials_count` column must equal (migration 0010; material-category.counts.test.ts
 * recounts with it).
 */
export const materialCategoryTreeFields = treeMemberFields(
  'material_categories',
  materialCategories.companyId,
  materialCategories.id,
  {
    link: 'material_category_materials',
    linkRecord: 'material_category_id',
    member: 'material_id',
    members: 'materials',
    modelLink: 'project_model_materials',
  },
);

/** What the rules read of a material category. */
export type MaterialCategoryState = {
  /**
   * Live project models connected to a material of this category or of one of its live
   * sub-categories (at any depth).
   */
  connectedModels: number;
};

/**
 * content.md §6: what each action on a material category needs (hatch-only, as materials;
 * holders of list-materials read the categories of their materials). §4: a category cannot be
 * deleted while it or its children is connected to a model.
 */
export const materialCategoryPolicy = definePolicy<'view' | 'update' | 'delete' | 'restore', MaterialCategoryState>({
  resource: 'material categories',
  permissions: {
    view: 'list-material-categories|list-materials',
    update: 'update-material-categories',
    delete: 'delete-material-categories',
    restore: 'restore-deleted-entities',
  },
  hatchOnly: ['view', 'update', 'delete', 'restore'],
  records: { table: materialCategories, state: { connectedModels: materialCategoryTreeFields.connectedModels } },
  recordRules: {
    delete: {
      allows: (category) => category.connectedModels === 0,
      sql: sql<boolean>`${materialCategoryTreeFields.deletable}`,
    },
  },
});
