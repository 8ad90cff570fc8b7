import type { CoreServices } from '#core/core-services.ts';
import type { RouteDefinition } from '#core/http/route.ts';

/** My Account's writes (administration.md §7). */
export function myAccountRoutes(_services: CoreServices): RouteDefinition[] {
  return [];
}
