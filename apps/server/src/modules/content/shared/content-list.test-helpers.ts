import type { AnswerOf, CallInput, Endpoint, ListEndpoint } from '@meshport/contract';
import { expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import type { TestApp } from '#test/test-app.ts';

export type Row = Record<string, unknown>;
export interface ListBody {
  data: Row[];
  meta: { per_page: number; total: number; current_page: number };
  meta_data?: Record<string, unknown>;
}

/** Values of `key` follow the order `sort` asks for (nulls last descending, first ascending). */
export function expectOrdered(rows: Row[], key: string, descending: boolean) {
  const values = rows.map((row) => row[key]);
  for (let i = 1; i < values.length; i++) {
    const [a, b] = [values[i - 1], values[i]];
    if (a === null || b === null) {
      if (descending) expect(b === null || a !== null).toBe(true);
      else expect(a === null || b !== null).toBe(true);
      continue;
    }
    const order =
      typeof a === 'string' && typeof b === 'string'
        ? a.toLowerCase().localeCompare(b.toLowerCase(), 'en')
        : Number(a) - Number(b);
    if (descending) expect(order, `${key}: ${String(a)} before ${String(b)}`).toBeGreaterThanOrEqual(0);
    else expect(order, `${key}: ${String(a)} before ${String(b)}`).toBeLessThanOrEqual(0);
  }
}

type Auth = (user: string) => Promise<{ token: string; host: string }>;

/**
 * Reads with the typed client as a demo user on their host (the editor unless named), or with
 * a token on a host; it rejects with ApiError outside 2xx.
 */
export function typedCall(app: () => TestApp, auth: Auth) {
  return async <E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
    who: string | { token: string; host: string } = 'editor',
  ): Promise<AnswerOf<E>> => {
    const { call } = app().client(typeof who === 'string' ? await auth(who) : who);
    const send: <T extends Endpoint>(endpoint: T, input: CallInput<T>) => Promise<AnswerOf<T>> = call;
    return send(endpoint, input);
  };
}

/** `count=1` of a list with the typed client, as `typedCall`. */
export function typedCount(app: () => TestApp, auth: Auth) {
  return async <E extends ListEndpoint>(
    endpoint: E,
    input: CallInput<E>,
    who: string | { token: string; host: string } = 'editor',
  ): Promise<number> => {
    const { count } = app().client(typeof who === 'string' ? await auth(who) : who);
    const send: <T extends ListEndpoint>(endpoint: T, input: CallInput<T>) => Promise<number> = count;
    return send(endpoint, input);
  };
}

export interface ListContract {
  /** The list path, such as '/v2/libraries'. */
  path: string;
  defaultPerPage: number;
  defaultSort: { field: string; descending: boolean };
  /** Fields every row carries by default. */
  fields: string[];
  sortable: string[];
  /** Materials and categories: only on the hatch licence. */
  hatchOnly?: boolean;
  /** Users who get 403 on the list. */
  forbidden: { username: string; host?: string }[];
}

/**
 * The checks every content list shares: defaults, each sort both ways, field selection,
 * count, the recycle bin and its permission, 403, and 422 for unknown parts.
 */
export function listContractTests(app: () => TestApp, contract: ListContract) {
  const { token, get: getPath } = signInDemoUsers<ListBody>(app);
  const get = (query: string) => getPath(`${contract.path}${query}`);

  it('answers the spec defaults: page size and sort order', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(contract.defaultPerPage);
    expect(res.body.data.length).toBeGreaterThan(1);
    expect(res.body.data.length).toBeLessThanOrEqual(contract.defaultPerPage);
    for (const field of contract.fields) expect(res.body.data[0]).toHaveProperty(field.split('.')[0] as string);
    expectOrdered(res.body.data, contract.defaultSort.field, contract.defaultSort.descending);
    expect(res.body.data[0]).not.toHaveProperty('deleted_at');
  });

  for (const field of contract.sortable) {
    it(`sorts by ${field} both ways`, async () => {
      const asc = await get(`?sort=${field}&per_page=100`);
      const desc = await get(`?sort=-${field}&per_page=100`);
      expect(asc.status).toBe(200);
      expect(desc.status).toBe(200);
      expectOrdered(asc.body.data, field, false);
      expectOrdered(desc.body.data, field, true);
      expect(asc.body.data.length).toBe(desc.body.data.length);
    });
  }

  it('returns only included_fields, or all but excluded_fields', async () => {
    const [first, second] = contract.fields;
    const included = await get(`?included_fields=${first},${second}`);
    expect(included.status).toBe(200);
    expect(Object.keys(included.body.data[0] ?? {}).sort()).toEqual([first, second].sort());
    const excluded = await get(`?excluded_fields=${second}`);
    expect(excluded.body.data[0]).not.toHaveProperty(second as string);
    expect(excluded.body.data[0]).toHaveProperty(first as string);
  });

  it('counts with count=1', async () => {
    const list = await get('');
    const count = await app().request<{ data: { count: number } }>(`${contract.path}?count=1`, {
      token: await token('editor'),
    });
    expect(count.status).toBe(200);
    expect(count.body.data.count).toBe(list.body.meta.total);
  });

  it('lists the recycle bin with trashed=1: 10 per page, newest deletion first, days left', async () => {
    const res = await get('?trashed=1');
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(10);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const row of res.body.data) {
      expect(typeof row.deleted_at).toBe('string');
      expect(row.days_left_to_restore).toBeGreaterThanOrEqual(0);
      expect(row.days_left_to_restore).toBeLessThanOrEqual(30);
    }
    expectOrdered(res.body.data, 'deleted_at', true);
    const live = await get('?per_page=100');
    const liveIds = new Set(live.body.data.map((row) => JSON.stringify(row.id ?? row.name)));
    for (const row of res.body.data) expect(liveIds.has(JSON.stringify(row.id ?? row.name))).toBe(false);
  });

  it('refuses the recycle bin without access-recycling-bin (viewer: 403)', async () => {
    // The viewer holds only the design_and_sales licence: customerportal is the viewer's platform.
    const host = app().host('acme', 'customerportal');
    const viewer = await token('viewer', host);
    const trashed = await app().request(`${contract.path}?trashed=1`, { token: viewer, host });
    expect(trashed.status).toBe(403);
    const live = await app().request(contract.path, { token: viewer, host });
    expect(live.status).toBe(contract.hatchOnly ? 403 : 200);
  });

  for (const { username, host } of contract.forbidden) {
    it(`answers 403 to ${username}${host ? ` on ${host}` : ''}`, async () => {
      const res = await app().request(contract.path, { token: await token(username, host), ...(host ? { host } : {}) });
      expect(res.status).toBe(403);
    });
  }

  it('answers 422 for an unknown filter, sort or field', async () => {
    for (const query of [
      '?filter[nope]=1',
      '?sort=nope',
      '?sort=-nope',
      '?included_fields=nope',
      '?excluded_fields=nope',
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(422);
      expect(res.body).toHaveProperty('errors');
    }
  });
}
