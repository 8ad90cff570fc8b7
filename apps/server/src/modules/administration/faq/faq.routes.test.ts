import { faqCategoryEndpoints, type ListInputQuery } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('FAQ', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, auth, token } = signInDemoUsers(() => t, {
    signIn: ['viewer', 'nolicence', 'globex-editor'],
    defaultUser: 'viewer',
  });
  const list = async (query: ListInputQuery<typeof faqCategoryEndpoints.list>) =>
    t.client(await auth('viewer')).call(faqCategoryEndpoints.list, { query });

  it('lists categories, latest updated first, the same for every company', async () => {
    const res = await get('/v2/questions/categories');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 3 });
    expect(res.body.data.map((row: Row) => row.name)).toEqual([
      'Accounts and licences',
      'Models and libraries',
      'Getting started',
    ]);
    expect(res.body.data[1].questions_count).toBe(3);
    expect(res.body.data[0]).not.toHaveProperty('questions');
    const globexEditor = { token: await token('globex-editor'), host: t.host('globex') };
    const globex = await t.client(globexEditor).call(faqCategoryEndpoints.list);
    expect(globex.meta.total).toBe(3);
  });

  it('filters by category or question text, sorts, selects fields and counts', async () => {
    expect((await list({ filter: { search: 'getting' } })).meta.total).toBe(1);
    expect((await list({ filter: { search: 'recycling' } })).data[0]?.name).toBe('Models and libraries');
    await expectSortsByEachField(t, '/v2/questions/categories', await auth('viewer'), [
      'id',
      'name',
      'questions_count',
      'created_at',
      'updated_at',
    ]);
    const withQuestions = await list({ included_fields: ['name', 'questions'], sort: 'name' });
    expect(withQuestions.data[0]?.questions?.map((q) => q.position)).toEqual([0]);
    expect(await t.client(await auth('viewer')).count(faqCategoryEndpoints.list)).toBe(3);
    await expectUnknownParametersRefused(t, '/v2/questions/categories', await auth('viewer'));
  });

  it('reads one category with its questions in order', async () => {
    const byName = await list({ sort: 'name' });
    const models = byName.data.find((row) => row.name === 'Models and libraries');
    const one = await get(`/v2/questions/categories/${models?.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.questions.map((q: Row) => q.question)).toEqual([
      'Which file types can I upload?',
      'Why is my model still processing?',
      'Can I restore a deleted model?',
    ]);
    expect((await get('/v2/questions/categories/999999')).status).toBe(404);
    expect((await get('/v2/questions/categories', 'nolicence')).status).toBe(403);
  });
});
