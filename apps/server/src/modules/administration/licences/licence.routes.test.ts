import { licenceEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('company licences', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers(() => t, {
    signIn: ['editor', 'viewer', 'nolicence', 'globex-editor'],
  });

  it('gives every licence with bought and used counts of this company', async () => {
    const res = await get('/v2/companies/my-company/licences');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { licence: 'design_and_sales', bought: 10, used: 4 },
      { licence: 'hatch', bought: 5, used: 2 },
      { licence: 'standalone', bought: 0, used: 0 },
      { licence: 'holo_helmet', bought: 2, used: 0 },
      { licence: 'realization', bought: 1, used: 0 },
    ]);
    const globexEditor = { token: await token('globex-editor'), host: t.host('globex') };
    const globex = await t.client(globexEditor).call(licenceEndpoints.list);
    expect(globex.data.slice(0, 3)).toEqual([
      { licence: 'design_and_sales', bought: 3, used: 2 },
      { licence: 'hatch', bought: 2, used: 2 },
      { licence: 'standalone', bought: 1, used: 0 },
    ]);
  });

  it('needs a company or user-management ability and a licence', async () => {
    expect((await get('/v2/companies/my-company/licences', 'viewer')).status).toBe(200);
    expect((await get('/v2/companies/my-company/licences', 'nolicence')).status).toBe(403);
    expect((await t.request('/v2/companies/my-company/licences')).status).toBe(401);
  });
});
