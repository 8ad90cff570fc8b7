import { definePolicy, holds } from '#core/access/policy.ts';

/**
 * content.md §6: what each action on a material needs. Materials are hatch-only besides: the
 * routes refuse other platforms and members without the hatch licence (`hatchOnly`).
 */
export const MATERIAL_PERMISSIONS = {
  view: 'list-materials',
  update: 'update-materials',
  delete: 'delete-materials',
} as const;

/** What the rules read of a material. */
export interface MaterialState {
  /** Live project models the material is connected to. */
  connectedModels: number;
}

/**
 * content.md §4: a material cannot be deleted while it is connected to a model. The state half
 * of the `delete` rule; the list's `deletable` computes it per row in SQL (material.list.ts),
 * checked against this rule by a test.
 */
export const materialDeletable = (material: MaterialState): boolean => material.connectedModels === 0;

export const materialPolicy = definePolicy<keyof typeof MATERIAL_PERMISSIONS, MaterialState>({
  resource: 'materials',
  viewAction: 'view',
  rules: {
    view: holds(MATERIAL_PERMISSIONS.view),
    update: holds(MATERIAL_PERMISSIONS.update),
    delete: (actor, material) => holds(MATERIAL_PERMISSIONS.delete)(actor, material) && materialDeletable(material),
  },
});
