import { definePolicy, holds } from '#core/access/policy.ts';

/**
 * content.md §6: what each action on a material category needs (hatch-only, as materials).
 * Holders of list-materials read the categories of their materials.
 */
export const MATERIAL_CATEGORY_PERMISSIONS = {
  view: 'list-material-categories|list-materials',
  update: 'update-material-categories',
  delete: 'delete-material-categories',
} as const;

/** What the rules read of a material category. */
export interface MaterialCategoryState {
  /**
   * Live project models connected to a material of this category or of one of its live
   * sub-categories (at any depth).
   */
  connectedModels: number;
}

/**
 * content.md §4: a category cannot be deleted while it or its children is connected to a
 * model. The state half of the `delete` rule; the list's `deletable` computes it per row in
 * SQL (`treeMemberFields` in material-category.list.ts), checked against this rule by a test.
 */
export const materialCategoryDeletable = (category: MaterialCategoryState): boolean => category.connectedModels === 0;

export const materialCategoryPolicy = definePolicy<keyof typeof MATERIAL_CATEGORY_PERMISSIONS, MaterialCategoryState>({
  resource: 'material categories',
  viewAction: 'view',
  rules: {
    view: holds(MATERIAL_CATEGORY_PERMISSIONS.view),
    update: holds(MATERIAL_CATEGORY_PERMISSIONS.update),
    delete: (actor, category) =>
      holds(MATERIAL_CATEGORY_PERMISSIONS.delete)(actor, category) && materialCategoryDeletable(category),
  },
});
