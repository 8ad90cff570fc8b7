import type { CoreServices } from '#core/core-services.ts';
import type { RouteDefinition } from '#core/http/route.ts';

/** The Autodesk integration's OAuth 2 calls (administration.md §7). */
export function autodeskRoutes(_services: CoreServices): RouteDefinition[] {
  return [];
}
