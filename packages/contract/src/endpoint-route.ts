import type { HttpMethod } from './endpoint.ts';

/**
 * An endpoint as the browser's client uses it: method, path, and whether it is a list. The web
 * build replaces `defineEndpoint(…)` / `defineListEndpoint(…)` in the endpoint modules with this
 * (apps/web/build/pure-contract.plugin.ts), so that the schemas, which only the server and the
 * tests read, and zod with them, stay out of the first load (the login route stays under 150 KB of
 * JavaScript, gzip).
 */
export function endpointRoute(route: { method: HttpMethod; path: string; list: boolean }) {
  return { method: route.method, path: route.path, list: route.list ? {} : null };
}
