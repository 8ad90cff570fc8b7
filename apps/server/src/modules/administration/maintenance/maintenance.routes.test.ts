import { END_BEFORE_START_MESSAGE, type ListInputQuery, plannedMaintenanceEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_FALLBACK_MESSAGE } from '#core/maintenance/maintenance.service.ts';
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

  describe('writes', () => {
    const hour = 3_600_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const send = async (method: string, url: string, json: unknown, user = 'admin') =>
      t.request(url, { method, token: await token(user), json });

    it('creates, changes and deletes a window, for platform admins only, with a message per field', async () => {
      const body = {
        name: 'Disk swap',
        description: 'New disks',
        start_datetime: at(hour),
        end_datetime: at(2 * hour),
      };
      const created = await send('POST', '/v2/admin/planned-maintenance', body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data).toMatchObject({ name: 'Disk swap', description: 'New disks' });
      expect(Date.parse(created.body.data.end_datetime)).toBe(Date.parse(body.end_datetime));
      const id = created.body.data.id as number;

      expect((await send('POST', '/v2/admin/planned-maintenance', body, 'editor')).status).toBe(403);
      expect((await send('PATCH', `/v2/admin/planned-maintenance/${id}`, { name: 'X' }, 'editor')).status).toBe(403);
      expect((await send('DELETE', `/v2/admin/planned-maintenance/${id}`, undefined, 'editor')).status).toBe(403);
      const anonymous = await t.request('/v2/admin/planned-maintenance', { method: 'POST', json: body });
      expect(anonymous.status).toBe(401);

      const empty = await send('POST', '/v2/admin/planned-maintenance', { name: ' ', description: 7 });
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors).sort()).toEqual(['description', 'end_datetime', 'name', 'start_datetime']);
      const reversed = await send('POST', '/v2/admin/planned-maintenance', {
        ...body,
        start_datetime: body.end_datetime,
        end_datetime: body.start_datetime,
      });
      expect(reversed.status).toBe(422);
      expect(reversed.body.errors).toEqual({ end_datetime: [END_BEFORE_START_MESSAGE] });
      const odd = await send('POST', '/v2/admin/planned-maintenance', {
        ...body,
        name: 'x'.repeat(256),
        start_datetime: '2026-13-45T99:00',
        end_datetime: '+275760-09-13T00:00:00Z',
      });
      expect(odd.status).toBe(422);
      expect(Object.keys(odd.body.errors).sort()).toEqual(['end_datetime', 'name', 'start_datetime']);

      // PATCH checks the end against the stored start; POST with _method=PATCH is the same call.
      const early = await send('PATCH', `/v2/admin/planned-maintenance/${id}`, { end_datetime: at(hour / 2) });
      expect(early.status).toBe(422);
      expect(early.body.errors).toEqual({ end_datetime: [END_BEFORE_START_MESSAGE] });
      const renamed = await t.request(`/v2/admin/planned-maintenance/${id}`, {
        method: 'POST',
        token: await token('admin'),
        form: { _method: 'PATCH', name: 'Disk swap 2', description: '' },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data).toMatchObject({ name: 'Disk swap 2', description: null });
      expect((await send('PATCH', '/v2/admin/planned-maintenance/999999', { name: 'Y' })).status).toBe(404);

      const deleted = await send('DELETE', `/v2/admin/planned-maintenance/${id}`, undefined);
      expect(deleted.body).toEqual({ planned_maintenance_name: 'Disk swap 2', status: 'deleted' });
      expect((await send('DELETE', `/v2/admin/planned-maintenance/${id}`, undefined)).status).toBe(404);
    });

    it('starts the 503 at once, and admins can still end the window during it', async () => {
      const end = at(hour);
      const window = { name: 'Now', start_datetime: at(-60_000), end_datetime: end };
      const created = await send('POST', '/v2/admin/planned-maintenance', window);
      const id = created.body.data.id as number;
      try {
        const blocked = await get('/v2/roles', 'editor');
        expect(blocked.status).toBe(503);
        expect(blocked.body).toEqual({
          message: `Now. ${MAINTENANCE_FALLBACK_MESSAGE}`,
          back_on: new Date(end).toISOString(),
        });
        // Admins are exempt from the gate: they read and change the windows on any tenant's host.
        const onGlobex = await t.request('/v2/admin/planned-maintenance', {
          token: await token('admin', t.host('globex')),
          host: t.host('globex'),
        });
        expect(onGlobex.status).toBe(200);
        const ended = await send('PATCH', `/v2/admin/planned-maintenance/${id}`, { end_datetime: at(-1_000) });
        expect(ended.status, JSON.stringify(ended.body)).toBe(200);
        expect((await get('/v2/roles', 'editor')).status).toBe(200);
      } finally {
        await send('DELETE', `/v2/admin/planned-maintenance/${id}`, undefined);
      }
      expect(await t.services.maintenance.active()).toBeNull();
    });
  });
});
