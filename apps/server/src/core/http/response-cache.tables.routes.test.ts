import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

/** Lists that read neither geometry events nor project models (docs/decisions/0021). */
const UNTOUCHED = ['/v2/projects', '/v2/libraries', '/v2/labels', '/v2/property-maps', '/v2/downloads'];
/** Lists that read project models (whether a record is still used) but not geometry events. */
const READ_MODELS = ['/v2/materials', '/v2/materials/categories', '/v2/global-search?search=a'];
/** Lists that read both. */
const READ_BOTH = ['/v2/projects/models?per_page=50', '/v2/libraries/items'];
const ALL = [...UNTOUCHED, ...READ_MODELS, ...READ_BOTH];

describeEachDatabase('response cache by table', (kind) => {
  let t: TestApp;
  let acmeId: number;
  let model: { id: number; name: string };
  beforeAll(async () => {
    t = await startTestApp(kind);
    acmeId = (await t.services.tenants.bySubDomain('acme'))?.id ?? 0;
    const [row] = await queryRows<{ id: number; name: string }>(
      t.database.system,
      sql`select id, name from project_models where company_id = ${acmeId} and deleted_at is null order by id limit 1`,
    );
    if (!row) throw new Error('the demo data has no project model');
    model = row;
  });
  afterAll(() => t.close());
  const { get } = signInDemoUsers(() => t, { defaultUser: 'admin' });

  /** `x-cache` of each path, after it was read once before (all 200). */
  async function cacheStates(paths: string[]): Promise<Record<string, string | undefined>> {
    const states: Record<string, string | undefined> = {};
    for (const path of paths) {
      const answer = await get(path);
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      states[path] = answer.headers['x-cache'] as string | undefined;
    }
    return states;
  }
  const all = (paths: string[], state: string) => Object.fromEntries(paths.map((path) => [path, state]));
  const warm = async () => {
    await cacheStates(ALL);
    expect(await cacheStates(ALL)).toEqual(all(ALL, 'hit'));
  };

  /** What the pipeline does per step: a geometry event, in a tenant transaction, straight in the database. */
  const addGeometryEvent = (message: string) =>
    t.database.tenant({ companyId: acmeId }, (tx) =>
      tx.execute(sql`insert into geometry_events (company_id, subject_kind, subject_id, step, message, status)
        values (${acmeId}, 'project_model', ${model.id}, 'convert', ${message}, 'PROCESSING')`),
    );

  it('keeps the lists that do not read geometry events while one is added, and answers afresh the ones that do', async () => {
    await warm();
    await addGeometryEvent('Converting: 40 %');
    expect(await cacheStates(ALL)).toEqual({
      ...all([...UNTOUCHED, ...READ_MODELS], 'hit'),
      ...all(READ_BOTH, 'miss'),
    });
    expect((await get(`/v2/projects/models/${model.id}`)).text).toContain('Converting: 40 %');
  });

  it('keeps the lists that do not read project models while one changes, and answers afresh the ones that do', async () => {
    await warm();
    const name = `${model.name} (processed)`;
    await t.database.tenant({ companyId: acmeId }, (tx) =>
      tx.execute(sql`update project_models set name = ${name} where id = ${model.id}`),
    );
    expect(await cacheStates(ALL)).toEqual({
      ...all(UNTOUCHED, 'hit'),
      ...all([...READ_MODELS, ...READ_BOTH], 'miss'),
    });
    expect((await get(`/v2/projects/models/${model.id}`)).text).toContain(JSON.stringify(name));
  });

  it("keeps a member's notifications and a model's processing events until one is added", async () => {
    const notifications = '/v2/my-account/notifications';
    const events = `/v2/projects/models/${model.id}/geometry-events`;
    const settings = '/v2/my-account/notification-settings';
    const paths = [notifications, events, settings, '/v2/companies/my-company/licences'];
    await cacheStates(paths);
    expect(await cacheStates(paths)).toEqual(all(paths, 'hit'));
    await addGeometryEvent('Converting: 70 %');
    const [admin] = await queryRows<{ id: number }>(
      t.database.system,
      sql`select id from accounts where username = 'admin'`,
    );
    await t.database.tenant({ companyId: acmeId }, (tx) =>
      tx.execute(sql`insert into notifications (company_id, account_id, type_id, title, text)
        values (${acmeId}, ${admin?.id}, (select min(id) from notification_types), 'Model ready', 'Quokka model is ready')`),
    );
    expect(await cacheStates(paths)).toEqual({
      ...all([notifications, events], 'miss'),
      ...all([settings, '/v2/companies/my-company/licences'], 'hit'),
    });
    expect((await get(events)).text).toContain('Converting: 70 %');
    expect((await get(notifications)).text).toContain('Quokka model is ready');
  });

  it('answers afresh what reads a table written on the system path, in every company', async () => {
    await warm();
    const globex = () => get('/v2/labels', 'globex-editor', t.host('globex'));
    await globex();
    expect((await globex()).headers['x-cache']).toBe('hit');
    await t.database.system.execute(sql`update labels set color = color`);
    expect((await globex()).headers['x-cache']).toBe('miss');
    expect(await cacheStates(['/v2/labels', '/v2/projects', '/v2/property-maps'])).toEqual({
      '/v2/labels': 'miss',
      '/v2/projects': 'miss',
      '/v2/property-maps': 'hit',
    });
  });

  it('answers everything afresh after a change of everything, or of who may read', async () => {
    await warm();
    await t.database.system.execute(sql`select pg_notify('meshport_changes', '*')`);
    expect(await cacheStates(ALL)).toEqual(all(ALL, 'miss'));
    await warm();
    await t.database.tenant({ companyId: acmeId }, (tx) =>
      tx.execute(sql`update role_abilities set ability_key = ability_key where false`),
    );
    expect(await cacheStates(ALL)).toEqual(all(ALL, 'miss'));
  });
});
