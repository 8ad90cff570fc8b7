import type { ContentResource } from '@meshport/contract';

/**
 * The one query-key scheme: every key starts with the resource the answer is about, so that
 * `invalidateQueries({ queryKey: [resource] })` after a write refreshes everything cached about
 * that resource, on every screen. Keys are built next to their calls (features/<area>/api/, or
 * lib/api/resources/<resource>/ for a call several features make).
 */
export type QueryResource =
  | ContentResource
  | 'labels'
  | 'downloads'
  | 'property-maps'
  | 'users'
  | 'roles'
  | 'groups'
  | 'changelog'
  | 'maintenance'
  | 'faq'
  | 'issue-reports'
  | 'feedback-reports'
  | 'notifications'
  | 'search'
  | 'tenant'
  | 'session'
  | 'share-links';

/** `[resource, ...parts]`, typed as a readonly tuple. */
export function queryKey<const R extends QueryResource, const P extends readonly unknown[]>(
  resource: R,
  ...parts: P
): readonly [R, ...P] {
  return [resource, ...parts] as const;
}
