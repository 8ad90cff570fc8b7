import type { Breadcrumb } from '@meshport/contract';

export interface Crumb {
  id: number;
  name: string;
}

/** `meta_data.breadcrumbs` (root first, each `next` one level deeper) as a list; cycles end it. */
export function breadcrumbTrail(root: Breadcrumb | null | undefined): Crumb[] {
  const trail: Crumb[] = [];
  const seen = new Set<number>();
  for (let crumb = root ?? null; crumb && !seen.has(crumb.id); crumb = crumb.next) {
    seen.add(crumb.id);
    trail.push({ id: crumb.id, name: crumb.name });
  }
  return trail;
}

/** The name a library opened from search carries in its navigation state (content.md §2). */
export function nameFromState(state: unknown): string | null {
  if (state && typeof state === 'object' && 'name' in state) {
    const { name } = state as { name: unknown };
    if (typeof name === 'string' && name.trim() !== '') return name;
  }
  return null;
}

/** A route parameter as an id, or null when it is missing or not a positive whole number. */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d*$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
