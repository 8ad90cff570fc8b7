import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '#app/build-app.ts';
import type { RouteAccess, RouteDefinition } from '#core/http/route.ts';
import { isListRoute } from '#core/list/list-routes.ts';
import { startTestApp, type TestApp } from './test-app.ts';

function accessText(access: RouteAccess): string {
  if (typeof access === 'string') return access;
  const parts = [`permission ${access.permission}`];
  if (access.hatchOnly) parts.push('hatch only');
  if (access.trashedPermission) parts.push(`trashed needs ${access.trashedPermission}`);
  return parts.join(', ');
}

function describeRoute({ endpoint, access, duringMaintenance, changesState }: RouteDefinition): string {
  const flags = [duringMaintenance ? 'during maintenance' : '', changesState ? 'changes state' : ''].filter(Boolean);
  return `${endpoint.method.padEnd(6)} /v2${endpoint.path}  ${accessText(access)}${flags.length ? `  (${flags.join(', ')})` : ''}`;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('the route table against the contract', () => {
  let t: TestApp;
  let routes: RouteDefinition[];
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
    routes = apiRoutes(t.services);
  });
  afterAll(() => t.close());

  it('lists every route with its access, so that a change of access shows in review', async () => {
    const table = routes.map(describeRoute).sort().join('\n');
    await expect(`${table}\n`).toMatchFileSnapshot('./route-access.snapshot.txt');
  });

  it('serves one endpoint of the contract per route, each path and method once', () => {
    const keys = routes.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(keys.length).toBeGreaterThan(60);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives every list resource the fields of its endpoint's row schema, no more and no fewer", () => {
    const lists = routes.filter(isListRoute);
    expect(lists.length).toBeGreaterThanOrEqual(20);
    for (const route of lists) {
      const declared = route.endpoint.list?.fields ?? Object.keys(rowShapeOf(route));
      // `company.id` and `company.name` come out as one nested `company` field.
      const answered = new Set(Object.keys(route.listResource.fields).map((field) => field.split('.')[0]));
      expect([...answered].sort(), `${route.endpoint.path}`).toEqual([...declared].sort());
    }
  });

  it('declares in each list endpoint exactly the sorts and the filters its list resource serves', () => {
    const differences: string[] = [];
    const compare = (what: string, declared: string[], served: string[]) => {
      const missing = served.filter((name) => !declared.includes(name));
      const extra = declared.filter((name) => !served.includes(name));
      if (missing.length || extra.length) differences.push(`${what}: undeclared ${missing}; not served ${extra}`);
    };
    for (const route of routes.filter(isListRoute)) {
      const { list, path } = route.endpoint;
      if (!list) continue;
      const { fields, filters } = route.listResource;
      compare(
        `sorts of ${path}`,
        [...list.sorts],
        Object.keys(fields).filter((field) => fields[field]?.sortable),
      );
      compare(`filters of ${path}`, Object.keys(list.filters), Object.keys(filters));
    }
    expect(differences).toEqual([]);
  });

  it('describes the query and the answer of every operation in /v2/openapi.json', async () => {
    const res = await t.request('/v2/openapi.json', { host: 'meshport.test' });
    const paths = res.body.paths as Record<string, Record<string, OpenApiOperation>>;
    const withoutAnswer: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
        const described = success.some(([, answer]) =>
          Object.values(answer.content ?? {}).some((media) => media.schema !== undefined),
        );
        // A redirect (the OAuth callback) answers no body: its 3xx is its description.
        const redirects = Object.keys(operation.responses ?? {}).some((status) => status.startsWith('3'));
        if (!described && !redirects) withoutAnswer.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBe(routes.length);
    expect(withoutAnswer).toEqual([]);
    for (const route of routes.filter((r) => r.endpoint.list)) {
      const operation = paths[`/v2${route.endpoint.path.replace(/:(\w+)/g, '{$1}')}`]?.get;
      const names = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, route.endpoint.path).toEqual(
        expect.arrayContaining(['page', 'per_page', 'sort', 'included_fields']),
      );
    }
  });
});

/** Record routes of a list resource: the keys of the row in their `{ data }` answer. */
function rowShapeOf(route: RouteDefinition): Record<string, unknown> {
  const { answer } = route.endpoint;
  if (!(answer instanceof z.ZodObject)) return {};
  const data = answer.shape.data;
  return data instanceof z.ZodObject ? data.shape : {};
}
