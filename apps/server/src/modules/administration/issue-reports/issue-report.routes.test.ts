import { companyEndpoints, issueReportEndpoints, type ListInputQuery } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('issue reports (admin)', (kind) => {
  let t: TestApp;
  let globexId = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers(() => t, { signIn: ['admin', 'editor'], defaultUser: 'admin' });
  const admin = async () => t.client({ token: await token('admin') });
  beforeAll(async () => {
    const companies = await (await admin()).call(companyEndpoints.switchable);
    globexId = companies.data.find((c) => c.sub_domain === 'globex')?.id ?? 0;
  });
  const list = async (query: ListInputQuery<typeof issueReportEndpoints.list>) =>
    (await admin()).call(issueReportEndpoints.list, { query });
  const titles = async (filter: ListInputQuery<typeof issueReportEndpoints.list>['filter']) =>
    (await list({ filter, per_page: 100 })).data.map((row) => row.title);

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
    expect(await titles({ company_id: String(globexId) })).toEqual(['Mobile viewer is slow']);
    expect(await titles({ severity: 'highest' })).toEqual(['Exporter crashes on empty materials']);
    expect((await titles({ severity: 'lowest,high' })).sort()).toEqual([
      'Preview of a large model stays grey',
      'Typo on the login page',
    ]);
    expect(await titles({ status: 'resolved' })).toEqual(['Typo on the login page']);
    expect(await titles({ search: 'EXPORTING' })).toEqual(['Exporter crashes on empty materials']);
    expect(await titles({ search: 'viewer@' })).toEqual(['Typo on the login page']);
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
    const bySeverity = await list({ sort: 'severity', included_fields: ['severity'] });
    expect(bySeverity.data.map((row) => row.severity)).toEqual(['lowest', 'medium', 'high', 'highest']);
  });

  it('selects fields, counts, reads one, and is admin only', async () => {
    const slim = await list({ included_fields: ['id', 'company.name'] });
    expect(slim.data[0]).toEqual({ id: expect.any(Number), company: { name: 'Globex Interiors' } });
    expect(await (await admin()).count(issueReportEndpoints.list)).toBe(4);
    const [grey] = (await list({ filter: { search: 'grey' } })).data;
    const one = await (await admin()).call(issueReportEndpoints.get, { params: { id: Number(grey?.id) } });
    expect(one.data.external_link).toBe('https://tracker.example/MESH-101');
    expect((await get('/v2/admin/issue-reports/999999')).status).toBe(404);
    expect((await get('/v2/admin/issue-reports', 'editor')).status).toBe(403);
    expect((await get(`/v2/admin/issue-reports/${grey?.id}`, 'editor')).status).toBe(403);
    await expectUnknownParametersRefused(t, '/v2/admin/issue-reports', { token: await token('admin') });
  });
});
