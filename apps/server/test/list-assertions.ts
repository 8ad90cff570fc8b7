import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/** A JSON row as tests read it: loosely typed on purpose. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert their shape.
export type Row = Record<string, any>;
interface Page {
  data: Row[];
  meta: { total: number; per_page: number; current_page: number };
}

const join = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/**
 * For every field: `sort=field` and `sort=-field` both answer 200 with every row, and the
 * descending order is exactly the ascending one reversed (ties are broken by id both ways).
 */
export async function expectSortsByEachField(
  t: TestApp,
  path: string,
  options: { token?: string; host?: string },
  fields: string[],
  idOf: (row: Row) => unknown = (row) => row.id,
): Promise<void> {
  for (const field of fields) {
    const up = await t.request<Page>(join(path, `sort=${field}&per_page=100`), options);
    const down = await t.request<Page>(join(path, `sort=-${field}&per_page=100`), options);
    expect(up.status, `sort=${field}: ${up.text}`).toBe(200);
    expect(down.status, `sort=-${field}: ${down.text}`).toBe(200);
    expect(up.body.data.length).toBe(up.body.meta.total);
    expect(down.body.data.map(idOf), `sort=-${field} reverses sort=${field}`).toEqual(
      [...up.body.data.map(idOf)].reverse(),
    );
  }
}

/** Unknown parameters, filters, sorts and fields answer 422 with the parameter named. */
export async function expectUnknownParametersRefused(
  t: TestApp,
  path: string,
  options: { token?: string; host?: string },
): Promise<void> {
  for (const [query, key] of [
    ['bogus=1', 'bogus'],
    ['filter[bogus]=1', 'filter[bogus]'],
    ['sort=bogus', 'sort'],
    ['included_fields=bogus', 'included_fields'],
    ['per_page=0', 'per_page'],
  ] as const) {
    const res = await t.request<{ errors: Record<string, string[]> }>(join(path, query), options);
    expect(res.status, query).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(key);
  }
}
