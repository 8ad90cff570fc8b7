import { globalSearchEndpoints, SEARCH_CATEGORIES, SEARCH_EMPTY_MESSAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { typedCall } from '#modules/content/shared/content-list.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

type Results = Record<string, { id: number; name: string; description: string | null; updated_at: string }[]>;

const HATCH_ONLY = ['materials', 'material_categories', 'property_maps'];

describeEachDatabase('GET /v2/global-search', (kind) => {
  let t: TestApp;
  let acme: number;
  let globex: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const companies = await queryRows<{ id: number; sub_domain: string }>(
      t.database.system,
      sql`select id, sub_domain from companies`,
    );
    acme = companies.find((c) => c.sub_domain === 'acme')?.id as number;
    globex = companies.find((c) => c.sub_domain === 'globex')?.id as number;
    const db = t.database.system;
    // 30 acme projects, newest last; one of each other kind; a globex secret of each kind.
    await db.execute(sql`insert into projects (company_id, name, description, updated_at)
      select ${acme}, 'Zebrawood kitchen ' || g, 'Project ' || g, now() - make_interval(mins => 100 - g)
      from generate_series(1, 30) g`);
    for (const company of [acme, globex]) {
      const tag = company === acme ? 'Zebrawood' : 'Zebrawood globex secret';
      await db.execute(sql`insert into projects (company_id, name) values (${company}, ${`${tag} project`})`);
      const [project] = await queryRows<{ id: number }>(
        db,
        sql`select id from projects where company_id = ${company} order by id desc limit 1`,
      );
      await db.execute(
        sql`insert into project_models (company_id, project_id, name) values (${company}, ${project?.id}, ${`${tag} model`})`,
      );
      await db.execute(sql`insert into libraries (company_id, name) values (${company}, ${`${tag} library`})`);
      await db.execute(sql`insert into library_items (company_id, name) values (${company}, ${`${tag} item`})`);
      await db.execute(sql`insert into materials (company_id, name) values (${company}, ${`${tag} material`})`);
      await db.execute(
        sql`insert into material_categories (company_id, name) values (${company}, ${`${tag} category`})`,
      );
      await db.execute(sql`insert into roles (company_id, title) values (${company}, ${`${tag} role`})`);
      await db.execute(sql`insert into groups (company_id, name) values (${company}, ${`${tag} group`})`);
      await db.execute(sql`insert into labels (company_id, name) values (${company}, ${`${tag} label`})`);
      await db.execute(sql`insert into property_maps (company_id, name) values (${company}, ${`${tag} map`})`);
    }
    await db.execute(
      sql`update accounts set name = 'Zebrawood ' || name where username in ('viewer', 'globex-editor')`,
    );
    await db.execute(
      sql`insert into downloads (name, extension, file_path) values ('Zebrawood plug-in', 'zip', 'x/zebra.zip')`,
    );
  });
  afterAll(() => t.close());
  const { token, auth } = signInDemoUsers(() => t, {
    signIn: ['editor', 'viewer', 'admin', 'nolicence', 'globex-editor'],
  });
  const call = typedCall(() => t, auth);
  /** The results, read with the typed client (by default on the acme hatch host). */
  const found = async (term: string, user: string, host = t.host('acme'), categories?: string) =>
    (
      await call(
        globalSearchEndpoints.search,
        { query: { search: term, ...(categories === undefined ? {} : { categories }) } },
        { token: await token(user), host },
      )
    ).data;

  const search = async (term: string, user: string, host?: string, extra = '') =>
    t.request<{ data: Results; errors?: Record<string, string[]> }>(
      `/v2/global-search?search=${encodeURIComponent(term)}${extra}`,
      { token: await token(user), ...(host ? { host } : {}) },
    );

  it('shows what was just written, by the searcher through the API and by anyone else', async () => {
    const names = async (user: string) => ((await found('quokka', user)).labels ?? []).map((label) => label.name);
    expect(await names('editor')).toEqual([]);
    expect(await names('admin')).toEqual([]);
    const made = await t.request('/v2/labels', {
      method: 'POST',
      token: await token('editor'),
      json: { name: 'Quokka label', color: '#336699' },
    });
    expect(made.status).toBe(201);
    expect(await names('editor')).toEqual(['Quokka label']);
    // Another member's next search, and a change outside the API (the change feed tells it).
    await t.database.tenant({ companyId: 1 }, (db) =>
      db.execute(sql`insert into labels (company_id, name) values (1, 'Quokka second label')`),
    );
    for (let i = 0; i < 50 && (await names('admin')).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await names('admin')).sort()).toEqual(['Quokka label', 'Quokka second label']);
    // Other categories stay as they were, from memory or not.
    expect((await found('quokka', 'admin')).projects).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const res = await t.request('/v2/global-search?search=zebra');
    expect(res.status).toBe(401);
  });

  it('answers 422 on an empty or blank term', async () => {
    for (const term of ['', '   ']) {
      const res = await search(term, 'editor');
      expect(res.status).toBe(422);
      expect(res.body.errors?.search).toEqual([SEARCH_EMPTY_MESSAGE]);
    }
    const missing = await t.request<{ errors: Record<string, string[]> }>('/v2/global-search', {
      token: await token('editor'),
    });
    expect(missing.status).toBe(422);
  });

  it('gives an editor on hatch every category, newest first, at most 25 rows each', async () => {
    const data = await found('zebrawood', 'editor');
    expect(Object.keys(data).sort()).toEqual([...SEARCH_CATEGORIES].sort());
    const projects = data.projects ?? [];
    expect(projects).toHaveLength(25);
    const times = projects.map((p) => p.updated_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data.materials?.[0]).toMatchObject({ name: 'Zebrawood material' });
    expect(data.roles?.[0]).toMatchObject({ name: 'Zebrawood role' });
    expect(data.users?.map((u) => u.description)).toEqual([expect.stringContaining('@')]);
    expect(data.downloads?.[0]).toMatchObject({ name: 'Zebrawood plug-in', description: 'zip' });
  });

  it('never shows another tenant rows', async () => {
    const acmeView = await found('secret', 'admin');
    expect(Object.values(acmeView).flat()).toEqual([]);
    const globexView = await found('secret', 'globex-editor', t.host('globex'));
    const names = Object.values(globexView)
      .flat()
      .map((row) => row.name);
    expect(names).toHaveLength(10);
    expect(names.every((name) => name.includes('globex secret'))).toBe(true);
    const users = (await found('zebrawood', 'editor')).users ?? [];
    expect(users.map((u) => u.name)).toEqual(['Zebrawood Vera Viewer']);
  });

  it('shows a viewer on customerportal only the categories of their permissions, none hatch-only', async () => {
    const keys = Object.keys(await found('zebrawood', 'viewer', t.host('acme', 'customerportal')));
    expect(keys).toEqual(expect.arrayContaining(['projects', 'models', 'libraries', 'library_items']));
    for (const key of HATCH_ONLY) expect(keys).not.toContain(key);
    // The viewer role reads content only (decision 0045): no security or tools categories.
    for (const key of ['users', 'roles', 'groups', 'labels', 'downloads', 'property_maps']) {
      expect(keys).not.toContain(key);
    }
  });

  it('leaves hatch-only categories out on customerportal, even for an editor and an admin', async () => {
    for (const user of ['editor', 'admin']) {
      const keys = Object.keys(await found('zebrawood', user, t.host('acme', 'customerportal')));
      expect(keys).toContain('projects');
      for (const key of HATCH_ONLY) expect(keys).not.toContain(key);
    }
  });

  it('refuses a member without the platform licence', async () => {
    const res = await search('zebrawood', 'nolicence');
    expect(res.status).toBe(403);
  });

  it('limits the answer to the categories asked for, and refuses unknown ones', async () => {
    const asked = await found('zebrawood', 'editor', undefined, 'labels,projects');
    expect(Object.keys(asked).sort()).toEqual(['labels', 'projects']);
    const bad = await search('zebrawood', 'editor', undefined, '&categories=projects,spaceships');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.categories?.[0]).toContain('spaceships');
  });

  it('takes wildcards in the term literally', async () => {
    expect((await found('%', 'editor', undefined, 'projects')).projects).toEqual([]);
  });
});
