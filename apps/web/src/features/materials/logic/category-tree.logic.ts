import type { Breadcrumb } from '@meshport/contract';

/** What the category pickers read of a category. */
export interface CategoryNode {
  id: number;
  name: string;
  parent_id: number | null;
}

export interface CategoryOption {
  value: string;
  /** The category's path from the top level, e.g. 'Wood / Oak'. */
  label: string;
}

/** The nested breadcrumbs of `meta_data` (root first, each `next` one level deeper) as a list. */
export function breadcrumbTrail(breadcrumbs: Breadcrumb | null | undefined): { id: number; name: string }[] {
  const trail: { id: number; name: string }[] = [];
  const seen = new Set<number>();
  for (let crumb = breadcrumbs ?? null; crumb && !seen.has(crumb.id); crumb = crumb.next) {
    seen.add(crumb.id);
    trail.push({ id: crumb.id, name: crumb.name });
  }
  return trail;
}

/** The ids of `rootId` and every category below it. */
export function subtreeIds(categories: readonly CategoryNode[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const category of categories) {
    if (category.parent_id === null) continue;
    const list = children.get(category.parent_id) ?? [];
    list.push(category.id);
    children.set(category.parent_id, list);
  }
  const ids = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length > 0) {
    const id = queue.pop() as number;
    for (const child of children.get(id) ?? []) {
      if (ids.has(child)) continue;
      ids.add(child);
      queue.push(child);
    }
  }
  return ids;
}

/**
 * Picker options labelled with their path from the top level, sorted by that path. `exclude`
 * drops a category and its descendants (a category cannot become its own parent).
 */
export function categoryOptions(categories: readonly CategoryNode[], exclude?: number): CategoryOption[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const hidden = exclude === undefined ? new Set<number>() : subtreeIds(categories, exclude);
  const pathOf = (category: CategoryNode): string => {
    const names = [category.name];
    const seen = new Set([category.id]);
    let parent = category.parent_id === null ? undefined : byId.get(category.parent_id);
    while (parent && !seen.has(parent.id)) {
      seen.add(parent.id);
      names.unshift(parent.name);
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
    }
    return names.join(' / ');
  };
  return categories
    .filter((category) => !hidden.has(category.id))
    .map((category) => ({ value: String(category.id), label: pathOf(category) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
