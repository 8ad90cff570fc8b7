import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '../../test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';

describeEachDatabase('issue reports (admin)', (kind) => {
  let t: TestApp;
  let globexId = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers(() => t, { signIn: ['admin', 'editor'], defaultUser: 'admin' });
  beforeAll(async () => {
    globexId = (await t.request('/v2/companies', { token: await token('admin') })).body.data.find(
      (c: Row) => c.sub_domain === 'globex',
    ).id;
  });
  const titles = async (query: string) =>
    ((await get(`/v2/admin/issue-reports?${query}&per_page=100`)).body.data as Row[]).map((row) => row.title);

  it('lists reports of every company, newest first, with company and user', async () => {
    const res = await get('/v2/admin/issue-reports');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 4 });
    expect(res.body.data[0]).toMatchObject({
      title: 'Mobile viewer is slow',
      status: 'open',
      severity: 'medium',
      products: { mobile: '1' },
      company: { id: globexId, name: 'Globex Interiors' },
      user: { name: 'Greta Globex', email: 'globex-editor@meshport.example' },
      external_link: null,
    });
  });

  it('filters by company, severity, status and search', async () => {
    expect(await titles(`filter[company_id]=${globexId}`)).toEqual(['Mobile viewer is slow']);
    expect(await titles('filter[severity]=highest')).toEqual(['Exporter crashes on empty materials']);
    expect((await titles('filter[severity]=lowest,high')).sort()).toEqual([
      'Preview of a large model stays grey',
      'Typo on the login page',
    ]);
    expect(await titles('filter[status]=resolved')).toEqual(['Typo on the login page']);
    expect(await titles('filter[search]=EXPORTING')).toEqual(['Exporter crashes on empty materials']);
    expect(await titles('filter[search]=viewer@')).toEqual(['Typo on the login page']);
    expect((await get('/v2/admin/issue-reports?filter[severity]=critical')).status).toBe(422);
    expect((await get('/v2/admin/issue-reports?filter[status]=done')).status).toBe(422);
    expect((await get('/v2/admin/issue-reports?filter[company_id]=x')).status).toBe(422);
  });

  it('sorts by every sortable field; severity sorts lowest to highest', async () => {
    await expectSortsByEachField(t, '/v2/admin/issue-reports', { token: await token('admin') }, [
      'id',
      'title',
      'status',
      'severity',
      'company.name',
      'user.name',
      'user.email',
      'created_at',
      'updated_at',
    ]);
    const bySeverity = await get('/v2/admin/issue-reports?sort=severity&included_fields=severity');
    expect(bySeverity.body.data.map((row: Row) => row.severity)).toEqual(['lowest', 'medium', 'high', 'highest']);
  });

  it('selects fields, counts, reads one, and is admin only', async () => {
    const slim = await get('/v2/admin/issue-reports?included_fields=id,company.name');
    expect(slim.body.data[0]).toEqual({ id: expect.any(Number), company: { name: 'Globex Interiors' } });
    expect((await get('/v2/admin/issue-reports?count=1')).body).toEqual({ data: { count: 4 } });
    const grey = (await get('/v2/admin/issue-reports?filter[search]=grey')).body.data[0];
    const one = await get(`/v2/admin/issue-reports/${grey.id}`);
    expect(one.body.data.external_link).toBe('https://tracker.example/MESH-101');
    expect((await get('/v2/admin/issue-reports/999999')).status).toBe(404);
    expect((await get('/v2/admin/issue-reports', 'editor')).status).toBe(403);
    expect((await get(`/v2/admin/issue-reports/${grey.id}`, 'editor')).status).toBe(403);
    await expectUnknownParametersRefused(t, '/v2/admin/issue-reports', { token: await token('admin') });
  });
});
