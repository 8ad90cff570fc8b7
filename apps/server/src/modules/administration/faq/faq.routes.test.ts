import {
  CATEGORY_CHOICE_BOTH,
  CATEGORY_CHOICE_REQUIRED,
  faqCategoryEndpoints,
  type ListInputQuery,
} from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { CATEGORY_MISSING } from './faq.service.ts';

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

  const send = async (method: string, path: string, user: string | null, json?: unknown) =>
    t.request(path, { method, json, ...(user ? { token: await token(user) } : {}) });

  it('lets platform admins create, rename and delete categories; others get 403, unknown ids 404', async () => {
    const created = await send('POST', '/v2/admin/questions/categories', 'admin', { name: ' Billing ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Billing', questions_count: 0, questions: [] });
    const path = `/v2/admin/questions/categories/${created.body.data.id}`;
    const renamed = await send('PATCH', path, 'admin', { name: 'Billing and invoices' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: created.body.data.id, name: 'Billing and invoices' });
    expect((await get('/v2/questions/categories')).body.data[0].name).toBe('Billing and invoices');
    for (const name of ['', '   ', 'x'.repeat(256), 'tab\there', null]) {
      const bad = await send('PATCH', path, 'admin', { name });
      expect(bad.status, String(name)).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['name']);
    }
    expect((await send('PATCH', path, 'viewer', { name: 'Mine' })).status).toBe(403);
    expect((await send('PATCH', path, null, { name: 'Mine' })).status).toBe(401);
    expect((await send('POST', '/v2/admin/questions/categories', 'viewer', { name: 'Mine' })).status).toBe(403);
    expect((await send('PATCH', '/v2/admin/questions/categories/999999', 'admin', { name: 'Gone' })).status).toBe(404);
    expect((await send('DELETE', path, 'viewer')).status).toBe(403);

    await send('POST', '/v2/admin/questions', 'admin', {
      category_id: created.body.data.id,
      question: 'Where is my invoice?',
      answer: 'Under My Company.',
    });
    const deleted = await send('DELETE', path, 'admin');
    expect(deleted.body).toEqual({ category_name: 'Billing and invoices', status: 'deleted', questions: 1 });
    expect((await send('DELETE', path, 'admin')).status).toBe(404);
    expect((await get(path.replace('/admin', ''))).status).toBe(404);
  });

  it('lets platform admins add questions to a category or a new one, change, move and delete them', async () => {
    const { data: categories } = await list({ sort: 'name' });
    const gettingStarted = categories.find((row) => row.name === 'Getting started')?.id as number;
    const added = await send('POST', '/v2/admin/questions', 'admin', {
      category_id: gettingStarted,
      question: 'How do I invite a colleague?',
      answer: 'Security → Users → New User.',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({
      question: 'How do I invite a colleague?',
      category: { id: gettingStarted, name: 'Getting started' },
    });
    const category = await get(`/v2/questions/categories/${gettingStarted}`);
    expect(category.body.data.questions.map((q: Row) => q.question).at(-1)).toBe('How do I invite a colleague?');

    const inNew = await send('POST', '/v2/admin/questions', 'admin', {
      category_name: 'Integrations',
      question: 'Can I connect Autodesk?',
      answer: 'Yes, under My Account → Settings.',
    });
    expect(inNew.status).toBe(201);
    expect(inNew.body.data.category.name).toBe('Integrations');
    expect(inNew.body.data.position).toBe(0);

    const path = `/v2/admin/questions/${added.body.data.id}`;
    const moved = await send('PATCH', path, 'admin', { category_id: inNew.body.data.category.id, answer: 'Ask us.' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ answer: 'Ask us.', position: 1, category: { name: 'Integrations' } });

    const none = await send('POST', '/v2/admin/questions', 'admin', { question: '', answer: '' });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors).sort()).toEqual(['answer', 'category_id', 'question']);
    expect(none.body.errors.category_id).toEqual([CATEGORY_CHOICE_REQUIRED]);
    const both = await send('POST', '/v2/admin/questions', 'admin', {
      category_id: gettingStarted,
      category_name: 'Twice',
      question: 'Q?',
      answer: 'A.',
    });
    expect(both.body.errors).toEqual({ category_id: [CATEGORY_CHOICE_BOTH] });
    const missing = await send('POST', '/v2/admin/questions', 'admin', {
      category_id: 999999,
      question: 'Q?',
      answer: 'A.',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ category_id: [CATEGORY_MISSING] });
    expect((await send('PATCH', path, 'admin', { answer: 'x'.repeat(10_001) })).status).toBe(422);
    expect((await send('PATCH', path, 'admin', { category_id: 'abc' })).status).toBe(422);
    expect(
      (
        await send('POST', '/v2/admin/questions', 'viewer', {
          category_id: gettingStarted,
          question: 'Q?',
          answer: 'A.',
        })
      ).status,
    ).toBe(403);
    expect((await send('PATCH', path, 'viewer', { answer: 'Mine' })).status).toBe(403);
    expect((await send('PATCH', '/v2/admin/questions/999999', 'admin', { answer: 'A.' })).status).toBe(404);

    const parallel = await Promise.all(
      [1, 2, 3].map((n) =>
        send('POST', '/v2/admin/questions', 'admin', { category_id: gettingStarted, question: `P${n}?`, answer: 'A.' }),
      ),
    );
    expect(parallel.map((res) => res.status)).toEqual([201, 201, 201]);

    expect((await send('DELETE', path, 'viewer')).status).toBe(403);
    const deleted = await send('DELETE', path, 'admin');
    expect(deleted.body).toEqual({ question: 'How do I invite a colleague?', status: 'deleted' });
    expect((await send('DELETE', path, 'admin')).status).toBe(404);
  });
});
