import {
  companyEndpoints,
  EXTERNAL_LINK_INVALID,
  issueReportEndpoints,
  type ListInputQuery,
  PRODUCT_UNKNOWN,
  PRODUCTS_REQUIRED,
} from '@meshport/contract';
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

  const send = async (method: string, path: string, user: string | null, json?: unknown) =>
    t.request(path, {
      method,
      json,
      ...(user ? { token: await token(user), host: t.host(user.startsWith('globex') ? 'globex' : 'acme') } : {}),
    });
  const report = { title: 'Crash on save', severity: 'high', products: { hatch: '1', mobile: '1' } };

  it('lets any member report an issue in their company; refuses bad fields per field', async () => {
    const created = await send('POST', '/v2/issue-reports', 'editor', { ...report, description: ' Steps ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Crash on save',
      description: 'Steps',
      status: 'open',
      severity: 'high',
      products: { hatch: '1', mobile: '1' },
      external_link: null,
      company: { name: 'Acme Kitchens' },
      user: { email: 'editor@meshport.example' },
    });
    const form = await t.request('/v2/issue-reports', {
      method: 'POST',
      form: { title: 'Form report', severity: 'lowest', 'products[exporter]': '1', 'products[mobile]': '0' },
      token: await token('globex-editor'),
      host: t.host('globex'),
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    expect(form.body.data).toMatchObject({ products: { exporter: '1' }, company: { name: 'Globex Interiors' } });
    const list = await t.request('/v2/issue-reports', {
      method: 'POST',
      json: { ...report, products: ['realization'] },
    });
    expect(list.status).toBe(401);
    expect((await send('POST', '/v2/issue-reports', 'nolicence', report)).status).toBe(403);

    const bad = await send('POST', '/v2/issue-reports', 'editor', {
      title: ' ',
      severity: 'critical',
      products: { hatch: '0' },
      description: 'x'.repeat(10_001),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['description', 'products', 'severity', 'title']);
    expect(bad.body.errors.products).toEqual([PRODUCTS_REQUIRED]);
    const unknown = await send('POST', '/v2/issue-reports', 'editor', { ...report, products: ['hatch', 'toaster'] });
    expect(unknown.body.errors.products).toEqual([PRODUCT_UNKNOWN]);
    expect((await send('POST', '/v2/issue-reports', 'editor', { ...report, products: 'hatch' })).status).toBe(422);
    expect((await send('POST', '/v2/issue-reports', 'editor', {})).body.errors).toHaveProperty('title');

    const parallel = await Promise.all(
      [1, 2, 3, 4].map((n) => send('POST', '/v2/issue-reports', 'editor', { ...report, title: `Parallel ${n}` })),
    );
    expect(parallel.map((res) => res.status)).toEqual([201, 201, 201, 201]);
  });

  it('lets platform admins change status and external link, and delete; others get 403, unknown ids 404', async () => {
    const created = await send('POST', '/v2/issue-reports', 'globex-editor', report);
    const id = created.body.data.id as number;
    const path = `/v2/admin/issue-reports/${id}`;
    const changed = await send('PATCH', path, 'admin', {
      status: 'in_progress',
      external_link: 'https://tracker.example/MESH-9',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      id,
      status: 'in_progress',
      external_link: 'https://tracker.example/MESH-9',
    });
    const cleared = await send('PATCH', path, 'admin', { external_link: '' });
    expect(cleared.body.data).toMatchObject({ status: 'in_progress', external_link: null });
    const bad = await send('PATCH', path, 'admin', { status: 'done', external_link: 'javascript:alert(1)' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ status: [expect.any(String)], external_link: [EXTERNAL_LINK_INVALID] });
    expect((await send('PATCH', path, 'admin', { external_link: 'not a link' })).status).toBe(422);
    expect((await send('PATCH', path, 'editor', { status: 'closed' })).status).toBe(403);
    expect((await send('PATCH', path, null, { status: 'closed' })).status).toBe(401);
    expect((await send('PATCH', '/v2/admin/issue-reports/999999', 'admin', { status: 'closed' })).status).toBe(404);

    expect((await send('DELETE', path, 'editor')).status).toBe(403);
    const deleted = await send('DELETE', path, 'admin');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ issue_report_title: 'Crash on save', status: 'deleted' });
    expect((await send('DELETE', path, 'admin')).status).toBe(404);
    expect((await send('GET', path, 'admin')).status).toBe(404);
  });
});
