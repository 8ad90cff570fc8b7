import type { Endpoint } from '@meshport/contract';
import * as contract from '@meshport/contract';

/** A read call of the contract, named as the code names it (`libraryItemEndpoints.list`). */
export interface ReadCall {
  name: string;
  endpoint: Endpoint;
}

/**
 * GET calls that are not a read a person's screen repeats: they end the session or complete a
 * third party's redirect. Named by identity, so a renamed path cannot slip them into the mix.
 */
const NOT_READS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  contract.signInEndpoints.logout,
  contract.signInEndpoints.logoutAll,
  contract.autodeskEndpoints.callback,
]);

function isEndpoint(value: unknown): value is Endpoint {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<Endpoint>;
  return typeof candidate.method === 'string' && typeof candidate.path === 'string' && 'answer' in candidate;
}

/**
 * Every GET call the contract defines (each endpoint is defined once, in groups such
 * as `libraryItemEndpoints`), found by walking the package's exports: a list or read added to
 * the contract joins the mix without a change here.
 */
export function readCalls(): ReadCall[] {
  const seen = new Set<Endpoint>();
  const calls: ReadCall[] = [];
  for (const [group, value] of Object.entries(contract)) {
    if (!value || typeof value !== 'object' || isEndpoint(value)) continue;
    for (const [key, endpoint] of Object.entries(value as Record<string, unknown>)) {
      if (!isEndpoint(endpoint) || seen.has(endpoint)) continue;
      seen.add(endpoint);
      if (endpoint.method !== 'GET' || NOT_READS.has(endpoint)) continue;
      calls.push({ name: `${group}.${key}`, endpoint });
    }
  }
  return calls.sort((a, b) => a.endpoint.path.localeCompare(b.endpoint.path));
}

/** The contract's path parameters (`/materials/:name/maps/:map` → name, map). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
}

/**
 * The list whose rows give a record path its ids: `/libraries/items/:id/geometry-events` →
 * `/libraries/items`; null when the path has no parameter or names one after the first.
 */
export function sourceListPath(path: string): string | null {
  const index = path.indexOf('/:');
  return index > 0 ? path.slice(0, index) : null;
}
