import type { Material } from '@meshport/contract';

/** The edit form of a material's metadata. */
export interface MaterialFormValues {
  name: string;
  description: string;
  categories: number[];
  parent_name: string | null;
  archived: boolean;
}

export function materialFormValues(material: Material): MaterialFormValues {
  return {
    name: material.name,
    description: material.description ?? '',
    categories: material.categories.map((category) => category.id),
    parent_name: material.parent_name,
    archived: material.status === 'archived',
  };
}

export interface MaterialChanges {
  name?: string;
  description?: string | null;
  categories?: number[];
  parent_name?: string | null;
  archived?: boolean;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((id, index) => id === [...b].sort((x, y) => x - y)[index]);

/**
 * The PATCH body: only what changed. `archived` is sent only when toggled, so that saving other
 * fields of an inactive material does not make it active.
 */
export function changedMaterialFields(before: MaterialFormValues, after: MaterialFormValues): MaterialChanges {
  const changes: MaterialChanges = {};
  const name = after.name.trim();
  if (name !== before.name) changes.name = name;
  const description = after.description.trim();
  if (description !== before.description.trim()) changes.description = description === '' ? null : description;
  if (!sameIds(before.categories, after.categories)) changes.categories = [...after.categories];
  if ((after.parent_name ?? null) !== before.parent_name) changes.parent_name = after.parent_name ?? null;
  if (after.archived !== before.archived) changes.archived = after.archived;
  return changes;
}
