import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('list engine', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await t.login('editor');
    await t.database.tenant({ companyId: 1 }, async (tx) => {
      for (let i = 1; i <= 12; i++) {
        await tx.execute(
          sql`insert into roles (company_id, title, description, created_at)
              values (1, ${`Role ${String(i).padStart(2, '0')}`}, ${i % 2 ? 'odd kitchen role' : 'even'}, now() - make_interval(mins => ${i}))`,
        );
      }
    });
  });
  afterAll(() => t.close());
  const get = (query: string) => t.request(`/v2/roles?${query}`, { token });

  it('pages with the default size and sort, and answers the paginated shape', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 5, total: 15, last_page: 3, per_page: 5 });
    const created = res.body.data.map((r: { created_at: string }) => r.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(res.body.links.next).toBe('/v2/roles?per_page=5&page=2');
    expect(res.body.links.prev).toBeNull();
    expect(res.body.meta.links.map((l: { label: string }) => l.label)).toEqual(['« Previous', '1', '2', '3', 'Next »']);
    // The last page's total comes from its rows, the one beyond the end from a count.
    const last = await get('page=3');
    expect(last.body.meta).toMatchObject({ from: 11, to: 15, current_page: 3, total: 15, last_page: 3 });
    const beyond = await get('page=9');
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ from: null, to: null, total: 15, last_page: 3 });
    expect((await get('filter[search]=no-such-role')).body.meta).toMatchObject({ total: 0, last_page: 1 });
  });

  it('sorts by each sortable field both ways, with a stable order', async () => {
    const asc = await get('sort=title&per_page=100');
    const titles = asc.body.data.map((r: { title: string }) => r.title);
    expect(titles).toEqual(
      [...titles].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    const desc = await get('sort=-title&per_page=100');
    expect(desc.body.data.map((r: { title: string }) => r.title)).toEqual([...titles].reverse());
    for (const field of ['id', 'description', 'created_at', 'updated_at']) {
      expect((await get(`sort=-${field}`)).status, field).toBe(200);
    }
  });

  it('filters by search, case-insensitively, treating % and _ literally', async () => {
    const res = await get('filter[search]=KITCHEN&per_page=100');
    expect(res.body.meta.total).toBe(6);
    expect((await get('filter[search]=%25&per_page=100')).body.meta.total).toBe(0);
  });

  it('returns only the fields asked for, with or without the resource prefix', async () => {
    const included = await get('included_fields=id,roles.title');
    expect(Object.keys(included.body.data[0]).sort()).toEqual(['id', 'title']);
    const excluded = await get('excluded_fields=roles.abilities,description');
    expect(Object.keys(excluded.body.data[0]).sort()).toEqual(['created_at', 'id', 'title', 'updated_at']);
  });

  it('counts', async () => {
    expect((await get('count=1&filter[search]=role')).body).toEqual({ data: { count: 12 } });
  });

  it('answers 422 with a message per bad parameter', async () => {
    const res = await get(
      'per_page=1000&page=0&sort=nope&filter[colour]=red&included_fields=x&count=maybe&trashed=1&what=1',
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['count', 'filter[colour]', 'included_fields', 'page', 'per_page', 'sort', 'trashed', 'what'].sort(),
    );
    expect(res.body.errors.per_page).toEqual(['The per_page must be a whole number from 1 to 100.']);
    expect((await get('included_fields=id&excluded_fields=title')).status).toBe(422);
    expect((await get('filter[search]=')).status).toBe(200);
  });

  it('lists the recycle bin with trashed=1 where a resource has one', async () => {
    const admin = await t.login('admin');
    await t.database.system.execute(sql`update companies set deleted_at = now() where sub_domain = 'globex'`);
    const live = await t.request('/v2/admin/companies', { token: admin });
    const bin = await t.request('/v2/admin/companies?trashed=1', { token: admin });
    expect(live.body.data.map((c: { sub_domain: string }) => c.sub_domain)).toEqual(['acme']);
    expect(bin.body.data.map((c: { sub_domain: string }) => c.sub_domain)).toEqual(['globex']);
    expect(bin.body.data[0].fqdn).toBe('globex.meshport.test');
    await t.database.system.execute(sql`update companies set deleted_at = null where sub_domain = 'globex'`);
  });
});
