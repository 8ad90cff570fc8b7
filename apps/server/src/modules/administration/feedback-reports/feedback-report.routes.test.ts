import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '../../test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '../../test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';

describeEachDatabase('feedback reports (admin)', (kind) => {
  let t: TestApp;
  let acmeId = 0;
  let viewerId = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token } = signInDemoUsers(() => t, { signIn: ['admin', 'editor'], defaultUser: 'admin' });
  beforeAll(async () => {
    acmeId = (await t.request('/v2/companies', { token: await token('admin') })).body.data.find(
      (c: Row) => c.sub_domain === 'acme',
    ).id;
    viewerId = (await t.request('/v2/admin/users?filter[search]=vera', { token: await token('admin') })).body.data[0]
      .id;
  });
  const ratings = async (query: string) =>
    ((await get(`/v2/admin/feedback-reports?${query}&per_page=100`)).body.data as Row[]).map((row) => row.rating);

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
    expect(await ratings(`filter[user_id]=${viewerId}`)).toEqual([3]);
    expect(await ratings(`filter[company_id]=${acmeId}`)).toEqual([1, 3, 5]);
    expect(await ratings('filter[rating]=5')).toEqual([5]);
    expect(await ratings('filter[rating]=1,4')).toEqual([4, 1]);
    expect(await ratings('filter[search]=processor')).toEqual([5]);
    expect(await ratings('filter[search]=noah')).toEqual([1]);
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
    expect(await ratings('sort=rating')).toEqual([1, 3, 4, 5]);
    const slim = await get('/v2/admin/feedback-reports?included_fields=rating,user.name');
    expect(slim.body.data[0]).toEqual({ rating: 4, user: { name: 'Greta Globex' } });
    expect((await get('/v2/admin/feedback-reports?count=1')).body).toEqual({ data: { count: 4 } });
    const first = (await get('/v2/admin/feedback-reports')).body.data[0];
    expect((await get(`/v2/admin/feedback-reports/${first.id}`)).body.data.rating).toBe(4);
    expect((await get('/v2/admin/feedback-reports', 'editor')).status).toBe(403);
    expect((await get(`/v2/admin/feedback-reports/${first.id}`, 'editor')).status).toBe(403);
    await expectUnknownParametersRefused(t, '/v2/admin/feedback-reports', { token: await token('admin') });
  });
});
