import { RESTORED_MESSAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { MODEL_PROJECT_IN_BIN } from './project-model-write.routes.ts';

describeEachDatabase('project model delete and restore', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);
  const modelId = async (name: string) =>
    (await queryRows<{ id: number }>(t.database.system, sql`select id from project_models where name = ${name}`))[0]
      ?.id as number;
  const binned = async (id: number) =>
    (
      await queryRows<{ binned: boolean }>(
        t.database.system,
        sql`select deleted_at is not null as binned from project_models where id = ${id}`,
      )
    )[0]?.binned;

  it('deletes a model to the bin on hatch, answering model_name and status, and restores it', async () => {
    const id = await modelId('Loft Galley Layout');
    const res = await c.send('DELETE', `/v2/projects/models/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model_name: 'Loft Galley Layout', status: 'deleted' });
    expect(await binned(id)).toBe(true);
    expect((await c.get(`/v2/projects/models/${id}`)).status).toBe(404);
    expect((await c.send('DELETE', `/v2/projects/models/${id}`)).status).toBe(404);
    const back = await c.send('POST', `/v2/projects/models/${id}/restore`);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ message: RESTORED_MESSAGE, data: { id, name: 'Loft Galley Layout' } });
    expect(await binned(id)).toBe(false);
    expect((await c.send('POST', `/v2/projects/models/${id}/restore`)).status).toBe(404);
  });

  it('takes a POST with _method=DELETE', async () => {
    const id = await modelId('Outdoor Grill Station');
    const res = await c.form('POST', `/v2/projects/models/${id}`, '_method=DELETE');
    expect(res.body).toEqual({ model_name: 'Outdoor Grill Station', status: 'deleted' });
    await c.send('POST', `/v2/projects/models/${id}/restore`);
  });

  it('refuses customerportal (hatch only), users without update-project-models, other companies, the signed out', async () => {
    const id = await modelId('Showroom Display A');
    const portal = await c.send('DELETE', `/v2/projects/models/${id}`, undefined, await c.onPortal());
    expect(portal.status).toBe(403);
    expect((await c.send('DELETE', `/v2/projects/models/${id}`, undefined, 'viewer')).status).toBe(403);
    expect((await c.send('DELETE', `/v2/projects/models/${id}`, undefined, await c.globex())).status).toBe(404);
    expect((await t.request(`/v2/projects/models/${id}`, { method: 'DELETE' })).status).toBe(401);
    expect(await binned(id)).toBe(false);
  });

  it('restores within 30 days only (410 after), and not while its project is in the bin (409)', async () => {
    const seeded = await modelId('Draft Island v1');
    await c.setDeletedDaysAgo('project_models', seeded, 31);
    const late = await c.send('POST', `/v2/projects/models/${seeded}/restore`);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe('The 30-day restore window has passed.');

    const project = (await c.send('POST', '/v2/projects', { name: 'Model Holder' })).body.data.id as number;
    const [model] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status)
        select company_id, id, 'Held Model', 'FINISHED' from projects where id = ${project} returning id`,
    );
    const id = model?.id as number;
    await c.send('DELETE', `/v2/projects/models/${id}`);
    await c.send('DELETE', `/v2/projects/${project}`);
    const waiting = await c.send('POST', `/v2/projects/models/${id}/restore`);
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(MODEL_PROJECT_IN_BIN);
    expect(await binned(id)).toBe(true);
    // The model went to the bin before its project: restoring the project leaves it there.
    await c.send('POST', `/v2/projects/${project}/restore`);
    expect(await binned(id)).toBe(true);
    expect((await c.send('POST', `/v2/projects/models/${id}/restore`)).status).toBe(200);
  });

  it('answers 403 without restore-deleted-entities, 404 to other companies, 401 signed out', async () => {
    const id = await modelId('Farmhouse Range Hood');
    await c.send('DELETE', `/v2/projects/models/${id}`);
    expect((await c.send('POST', `/v2/projects/models/${id}/restore`, undefined, 'viewer')).status).toBe(403);
    expect((await c.send('POST', `/v2/projects/models/${id}/restore`, undefined, await c.globex())).status).toBe(404);
    expect((await t.request(`/v2/projects/models/${id}/restore`, { method: 'POST' })).status).toBe(401);
    expect(await binned(id)).toBe(true);
  });
});
