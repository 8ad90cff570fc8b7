import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

/** The totals kept on write (migration 0018) against a count of the rows, for every company. */
describeEachDatabase('kept list totals', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { auth } = signInDemoUsers(() => t);
  const sys = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(t.database.system, query);
  const send = async (method: string, url: string, body?: unknown) =>
    t.request(url, { method, ...(await auth('editor')), ...(body === undefined ? {} : { json: body }) });

  const kept = async () =>
    (
      await sys<{
        key: string;
        n: number;
      }>(sql`select company_id || ' ' || list_table || ' ' || status || ' ' || trashed as key,
        n::int as n from list_totals where n <> 0 order by 1`)
    ).map(({ key, n }) => `${key}: ${n}`);
  const counted = async () =>
    (
      await sys<{ key: string; n: number }>(sql`select key, n::int as n from (
        select company_id || ' library_items ' || status || ' ' || (deleted_at is not null) as key, count(*) as n
        from library_items group by 1
        union all
        select company_id || ' materials ' || status || ' ' || (deleted_at is not null), count(*)
        from materials group by 1) c order by 1`)
    ).map(({ key, n }) => `${key}: ${n}`);
  const expectInStep = async () => expect(await kept()).toEqual(await counted());
  const total = async (url: string) => (await send('GET', url)).body.meta.total as number;
  const acmeItems = () =>
    sys<{ id: number; status: string }>(sql`select i.id, i.status from library_items i
      join companies c on c.id = i.company_id where c.sub_domain = 'acme' and i.deleted_at is null order by i.id`);

  it('start equal to a count of the demo data', async () => {
    expect((await kept()).length).toBeGreaterThan(3);
    await expectInStep();
  });

  it('follow inserts, status changes, the bin and purges, and answer the lists’ totals', async () => {
    const items = await acmeItems();
    const finished = items.filter((item) => item.status === 'FINISHED').slice(0, 3);
    expect(finished.length).toBe(3);
    const archived = await send('POST', '/v2/libraries/items/update', {
      items: finished.map(({ id }) => ({ id })),
      action: 'archive',
    });
    expect(archived.status).toBe(200);
    await expectInStep();
    const [binned] = finished;
    const deleted = await send('POST', '/v2/libraries/items/update', { items: [{ id: binned?.id }], action: 'delete' });
    expect(deleted.status).toBe(200);
    await expectInStep();
    const liveArchived = await sys<{ n: number }>(sql`select count(*)::int as n from library_items i
      join companies c on c.id = i.company_id where c.sub_domain = 'acme' and i.status = 'ARCHIVED' and i.deleted_at is null`);
    expect(await total('/v2/libraries/items?per_page=1&filter[status]=ARCHIVED')).toBe(liveArchived[0]?.n);
    expect(await total('/v2/libraries/items?per_page=1&trashed=1')).toBeGreaterThanOrEqual(1);
    // A purge (the system path) and a plain rename, which changes no total.
    await sys(sql`delete from library_items where id = ${binned?.id}`);
    await sys(sql`update library_items set name = name || ' (renamed)' where id = ${finished[1]?.id}`);
    await expectInStep();
    const [{ n: all } = { n: -1 }] = await sys<{ n: number }>(sql`select count(*)::int as n from library_items i
      join companies c on c.id = i.company_id where c.sub_domain = 'acme' and i.deleted_at is null`);
    expect(await total('/v2/libraries/items?per_page=1')).toBe(all);
  });

  it('stay exact when bulk actions on the same items run at once', async () => {
    const items = (await acmeItems()).slice(0, 6).map(({ id }) => ({ id }));
    const answers = await Promise.all(
      ['archive', 'activate', 'archive', 'activate'].map((action) =>
        send('POST', '/v2/libraries/items/update', { items, action }),
      ),
    );
    expect(answers.map((a) => a.status)).not.toContain(500);
    await expectInStep();
  });

  it('follow materials, including a variant removed with its base', async () => {
    const [material] = (await send('GET', '/v2/materials?per_page=1&sort=name')).body.data as { name: string }[];
    expect(material).toBeDefined();
    const archived = await send('PATCH', `/v2/materials/${encodeURIComponent(material?.name ?? '')}`, {
      archived: true,
    });
    expect(archived.status).toBe(200);
    await expectInStep();
    const [{ n: live } = { n: -1 }] = await sys<{ n: number }>(sql`select count(*)::int as n from materials m
      join companies c on c.id = m.company_id where c.sub_domain = 'acme' and m.deleted_at is null and m.status = 'archived'`);
    expect(await total('/v2/materials?per_page=1&filter[status]=archived')).toBe(live);
  });
});
