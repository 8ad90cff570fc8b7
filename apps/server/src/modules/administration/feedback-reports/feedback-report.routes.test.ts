import { companyEndpoints, feedbackReportEndpoints, type ListInputQuery, RATING_INVALID } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('feedback reports (admin)', (kind) => {
  let t: TestApp;
  let acmeId = 0;
  let viewerId = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers(() => t, { signIn: ['admin', 'editor'], defaultUser: 'admin' });
  const admin = async () => t.client({ token: await token('admin') });
  beforeAll(async () => {
    const companies = await (await admin()).call(companyEndpoints.switchable);
    acmeId = companies.data.find((c) => c.sub_domain === 'acme')?.id ?? 0;
    viewerId = (await t.request('/v2/admin/users?filter[search]=vera', { token: await token('admin') })).body.data[0]
      .id;
  });
  const list = async (query: ListInputQuery<typeof feedbackReportEndpoints.list>) =>
    (await admin()).call(feedbackReportEndpoints.list, { query });
  const ratings = async (query: ListInputQuery<typeof feedbackReportEndpoints.list>) =>
    (await list({ ...query, per_page: 100 })).data.map((row) => row.rating);

  it('lists feedback of every company, newest first', async () => {
    const res = await get('/v2/admin/feedback-reports');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 4 });
    expect(res.body.data.map((row: Row) => row.rating)).toEqual([4, 1, 3, 5]);
    expect(res.body.data[0]).toMatchObject({
      company: { name: 'Globex Interiors' },
      user: { name: 'Greta Globex' },
      comment: 'Nice colours.',
    });
  });

  it('filters by user, company, rating and search', async () => {
    expect(await ratings({ filter: { user_id: String(viewerId) } })).toEqual([3]);
    expect(await ratings({ filter: { company_id: String(acmeId) } })).toEqual([1, 3, 5]);
    expect(await ratings({ filter: { rating: '5' } })).toEqual([5]);
    expect(await ratings({ filter: { rating: '1,4' } })).toEqual([4, 1]);
    expect(await ratings({ filter: { search: 'processor' } })).toEqual([5]);
    expect(await ratings({ filter: { search: 'noah' } })).toEqual([1]);
    expect((await get('/v2/admin/feedback-reports?filter[rating]=6')).status).toBe(422);
  });

  it('sorts, selects fields, counts, reads one, and is admin only', async () => {
    await expectSortsByEachField(t, '/v2/admin/feedback-reports', { token: await token('admin') }, [
      'id',
      'rating',
      'company.name',
      'user.name',
      'user.email',
      'created_at',
      'updated_at',
    ]);
    expect(await ratings({ sort: 'rating' })).toEqual([1, 3, 4, 5]);
    const slim = await list({ included_fields: ['rating', 'user.name'] });
    expect(slim.data[0]).toEqual({ rating: 4, user: { name: 'Greta Globex' } });
    expect(await (await admin()).count(feedbackReportEndpoints.list)).toBe(4);
    const [first] = (await list({})).data;
    const one = await (await admin()).call(feedbackReportEndpoints.get, { params: { id: Number(first?.id) } });
    expect(one.data.rating).toBe(4);
    expect((await get('/v2/admin/feedback-reports', 'editor')).status).toBe(403);
    expect((await get(`/v2/admin/feedback-reports/${first?.id}`, 'editor')).status).toBe(403);
    await expectUnknownParametersRefused(t, '/v2/admin/feedback-reports', { token: await token('admin') });
  });

  const send = async (method: string, path: string, user: string | null, json?: unknown) =>
    t.request(path, {
      method,
      json,
      ...(user ? { token: await token(user), host: t.host(user.startsWith('globex') ? 'globex' : 'acme') } : {}),
    });

  it('lets any member rate 1 to 5 stars with a comment; refuses bad fields per field', async () => {
    const created = await send('POST', '/v2/feedback-reports', 'editor', { rating: 5, comment: ' Lovely ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      rating: 5,
      comment: 'Lovely',
      company: { id: acmeId, name: 'Acme Kitchens' },
      user: { email: 'editor@meshport.example' },
    });
    const form = await t.request('/v2/feedback-reports', {
      method: 'POST',
      form: { rating: '2' },
      token: await token('globex-editor'),
      host: t.host('globex'),
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    expect(form.body.data).toMatchObject({ rating: 2, comment: null, company: { name: 'Globex Interiors' } });
    expect((await t.request('/v2/feedback-reports', { method: 'POST', json: { rating: 3 } })).status).toBe(401);
    expect((await send('POST', '/v2/feedback-reports', 'nolicence', { rating: 3 })).status).toBe(403);
    for (const rating of [0, 6, 2.5, '', 'five', true, null]) {
      const bad = await send('POST', '/v2/feedback-reports', 'editor', { rating });
      expect(bad.status, String(rating)).toBe(422);
      expect(bad.body.errors.rating).toEqual([RATING_INVALID]);
    }
    const long = await send('POST', '/v2/feedback-reports', 'editor', { rating: 4, comment: 'x'.repeat(5001) });
    expect(Object.keys(long.body.errors)).toEqual(['comment']);
  });

  it('lets platform admins delete a report; others get 403, unknown ids 404', async () => {
    const created = await send('POST', '/v2/feedback-reports', 'globex-editor', { rating: 1 });
    const path = `/v2/admin/feedback-reports/${created.body.data.id}`;
    expect((await send('DELETE', path, 'editor')).status).toBe(403);
    expect((await send('DELETE', path, null)).status).toBe(401);
    const deleted = await send('DELETE', path, 'admin');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ feedback_report_id: created.body.data.id, status: 'deleted' });
    expect((await send('DELETE', path, 'admin')).status).toBe(404);
    expect((await send('GET', path, 'admin')).status).toBe(404);
  });
});
