import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { plannedMaintenance } from './maintenance.table.ts';

describeEachDatabase('planned maintenance', (kind) => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  const end = new Date(Date.now() + 3_600_000);
  beforeAll(async () => {
    t = await startTestApp(kind);
    editor = await t.login('editor');
    admin = await t.login('admin');
    await t.database.system.insert(plannedMaintenance).values([
      {
        name: 'Old upgrade',
        startDatetime: new Date(Date.now() - 7_200_000),
        endDatetime: new Date(Date.now() - 3_600_000),
      },
      {
        name: 'Database upgrade',
        description: 'We are moving to a larger server',
        startDatetime: new Date(Date.now() - 60_000),
        endDatetime: end,
      },
    ]);
    t.services.maintenance.invalidate();
  });
  afterAll(() => t.close());

  it('answers every API call with 503, a status text and back_on while a window is active', async () => {
    for (const path of ['/v2/roles', '/v2/auth/validate', '/v2/companies/acme']) {
      const res = await t.request(path, { token: editor });
      expect(res.status, path).toBe(503);
      expect(res.body).toEqual({
        message: 'Database upgrade: We are moving to a larger server',
        back_on: end.toISOString(),
      });
    }
    const login = await t.request('/v2/login', { json: { identity: 'viewer', password: DEMO_PASSWORD } });
    expect(login.status).toBe(503);
  });

  it('lets platform admins through, including their sign-in', async () => {
    expect((await t.request('/v2/roles', { token: admin })).status).toBe(200);
    const login = await t.request('/v2/login', { json: { identity: 'admin', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('keeps health checks up', async () => {
    expect((await t.request('/healthz')).status).toBe(200);
    expect((await t.request('/readyz')).status).toBe(200);
  });
});
