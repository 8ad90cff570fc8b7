import type { ListDeclaration } from '@meshport/contract';
import { httpRequest } from '@meshport/contract/node-http';
import { apiRoutes } from '#app/build-app.ts';
import { isListRoute } from '#core/list/list-routes.ts';
import type { TestApp } from './test-app.ts';

/**
 * Every read of the route table, sent by a platform admin who is an editor of acme (the demo
 * `admin`: every ability, every licence): each list with its default query, a count, a deep
 * page, the bin, each sort (one way), each filter with the values its schema takes and each extra
 * parameter; then each GET that is not a list, its ids taken from the first row of the list its
 * path extends. Answers are not checked (other tests do): only the statements they ran matter.
 */

/** Values tried on each filter that its schema takes, after an id (see `idFor`) and the first row's name. */
const FILTER_TRIES = ['null', '1', 'a', 'true'];

/** Path parameters that no list names. */
const PARAMETERS: Record<string, string> = { subdomain: 'acme', map: 'base_color' };

/** A non-list path under these takes its ids from that list. */
const ID_SOURCES: Record<string, string> = { '/accounts': '/users', '/changelog-items': '/admin/changelog-items' };

/** `/projects` for `/projects/models/:id/files/glb`: the longest list path the path extends. */
function listOf(path: string, lists: string[]): string | undefined {
  const head = path.slice(0, path.indexOf('/:'));
  return (
    lists.filter((list) => head === list || head.startsWith(`${list}/`)).sort((a, b) => b.length - a.length)[0] ??
    ID_SOURCES[head]
  );
}

export interface SweptCall {
  label: string;
  status: number;
}

/** Sends the sweep; `before` runs before each request (to label the statements it runs). */
export async function sweepReads(t: TestApp, token: string, before: (label: string) => void): Promise<SweptCall[]> {
  const calls: SweptCall[] = [];
  const hatch = t.host('acme');
  /** `pattern`: the route's path, which labels a detail (its ids vary with the data). */
  const get = async (path: string, host = hatch, pattern = path) => {
    const label = `GET ${pattern}${host === hatch ? '' : ` (${host})`}`;
    before(label);
    const answer = await httpRequest(t.url, path, { host, token });
    calls.push({ label, status: answer.status });
    return answer;
  };

  const routes = apiRoutes(t.services).filter(
    (route) => route.endpoint.method === 'GET' && route.access !== 'public' && !route.changesState,
  );
  // Lists of a resource; a list route with a path parameter is a record's detail.
  const lists = routes.filter(isListRoute).filter((route) => !route.endpoint.path.includes('/:'));
  const firstRows = new Map<string, Record<string, unknown>>();
  for (const { endpoint } of lists) {
    const answer = await get(`/v2${endpoint.path}`);
    const row = (answer.body as { data?: Record<string, unknown>[] } | undefined)?.data?.[0];
    if (row) firstRows.set(endpoint.path, row);
  }
  const listPaths = lists.map((route) => route.endpoint.path);
  /** `label` and `role_id` take the id of the first label and role; `parent_id` one of the list's own. */
  const idFor = (filter: string, own: string) => {
    const stem = filter.replace(/_id$/, '');
    const plural = stem.endsWith('y') ? `${stem.slice(0, -1)}ies` : `${stem}s`;
    const source = listPaths.find((path) => path.endsWith(`/${plural}`)) ?? own;
    return firstRows.get(source)?.id;
  };

  for (const { endpoint, listResource } of lists) {
    const base = `/v2${endpoint.path}`;
    const row = firstRows.get(endpoint.path);
    const list = endpoint.list as ListDeclaration | undefined;
    const queries = ['count=1', 'page=1000&per_page=1'];
    if (list?.trashed) queries.push('trashed=1');
    // One direction: the other reads the same tables.
    for (const sort of list?.sorts ?? []) queries.push(`sort=${sort}`);
    for (const name of Object.keys(list?.extraQuery ?? {})) queries.push(`${name}=1`);
    for (const query of queries) await get(`${base}?${query}`);
    for (const [name, filter] of Object.entries(listResource.filters)) {
      const tries = [idFor(name, endpoint.path), row?.name, ...FILTER_TRIES];
      for (const value of new Set(tries.filter((value) => value !== undefined).map(String))) {
        if (!filter.schema.safeParse(value).success) continue;
        const answer = await get(`${base}?filter[${name}]=${encodeURIComponent(value)}`);
        // An enum names its values in the refusal: the first of them is tried too.
        const refusal = JSON.stringify((answer.body as { errors?: unknown } | undefined)?.errors ?? '');
        const named = /Must be one of: ([^,."]+)/.exec(refusal)?.[1];
        if (answer.status === 422 && named) await get(`${base}?filter[${name}]=${encodeURIComponent(named)}`);
      }
    }
    await get(base, t.host('acme', 'customerportal'));
  }

  for (const { endpoint } of routes.filter((route) => !lists.includes(route as (typeof lists)[number]))) {
    const source = endpoint.path.includes('/:') ? listOf(endpoint.path, listPaths) : undefined;
    const row = source ? firstRows.get(source) : undefined;
    const path = endpoint.path.replace(/:(\w+)/g, (_all, name: string) => {
      if (name === 'id') return String(row?.id ?? 999999);
      if (name === 'name') return encodeURIComponent(String(row?.name ?? 'none'));
      return PARAMETERS[name] ?? 'none';
    });
    const query = endpoint.path === '/global-search' ? '?search=oak' : '';
    await get(`/v2${path}${query}`, hatch, `/v2${endpoint.path}${query}`);
  }
  return calls;
}
