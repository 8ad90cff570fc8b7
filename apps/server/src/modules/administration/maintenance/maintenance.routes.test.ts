import { type ListInputQuery, plannedMaintenanceEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('planned maintenance list', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers(() => t, { signIn: ['admin', 'editor'], defaultUser: 'admin' });
  const admin = async () => t.client({ token: await token('admin') });
  const list = async (query: ListInputQuery<typeof plannedMaintenanceEndpoints.list>) =>
    (await admin()).call(plannedMaintenanceEndpoints.list, { query });

  it('lists past and future windows, none active, newest first', async () => {
    const res = await get('/v2/admin/planned-maintenance');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 3 });
    expect(res.body.data.map((row: Row) => row.name)).toEqual([
      'Quarterly maintenance',
      'Storage migration',
      'Database upgrade',
    ]);
    const now = Date.now();
    for (const row of res.body.data as Row[]) {
      const active = Date.parse(row.start_datetime) <= now && now < Date.parse(row.end_datetime);
      expect(active).toBe(false);
    }
    expect(await t.services.maintenance.active()).toBeNull();
  });

  it('filters, sorts, selects fields, counts and reads one', async () => {
    expect((await list({ filter: { search: 'postgresql' } })).data[0]?.name).toBe('Database upgrade');
    await expectSortsByEachField(t, '/v2/admin/planned-maintenance', { token: await token('admin') }, [
      'id',
      'name',
      'description',
      'start_datetime',
      'end_datetime',
      'created_at',
      'updated_at',
    ]);
    const bySort = await list({ sort: 'start_datetime' });
    expect(bySort.data[0]?.name).toBe('Database upgrade');
    expect(Object.keys((await list({ included_fields: ['name'] })).data[0] ?? {})).toEqual(['name']);
    expect(await (await admin()).count(plannedMaintenanceEndpoints.list)).toBe(3);
    const id = Number(bySort.data[0]?.id);
    const one = await (await admin()).call(plannedMaintenanceEndpoints.get, { params: { id } });
    expect(one.data.description).toBe('Upgrade to a newer PostgreSQL version');
    await expectUnknownParametersRefused(t, '/v2/admin/planned-maintenance', { token: await token('admin') });
  });

  it('is for platform admins only', async () => {
    expect((await get('/v2/admin/planned-maintenance', 'editor')).status).toBe(403);
    expect((await get('/v2/admin/planned-maintenance/1', 'editor')).status).toBe(403);
  });
});
