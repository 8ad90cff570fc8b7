import { RESTORED_MESSAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import type { Row } from '#modules/content/shared/content-list.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { writeClient } from './project-writes.test-helpers.ts';

describeEachDatabase('project delete, restore and favourite', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);

  /** A project with a sub-project, a sub-sub-project and a model under the middle one. */
  const tree = async (prefix: string) => {
    const create = async (name: string, parent?: number) =>
      (await c.send('POST', '/v2/projects', { name, ...(parent ? { parent_id: parent } : {}) })).body.data.id as number;
    const root = await create(`${prefix} Root`);
    const child = await create(`${prefix} Child`, root);
    const grandchild = await create(`${prefix} Grandchild`, child);
    const [model] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status)
        select company_id, id, ${`${prefix} Model`}, 'FINISHED' from projects where id = ${child} returning id`,
    );
    return { root, child, grandchild, model: model?.id as number };
  };
  const deletedAt = async (table: string, id: number) =>
    (
      await queryRows<{ at: string | null }>(
        t.database.system,
        sql`select deleted_at::text as at from ${sql.raw(table)} where id = ${id}`,
      )
    )[0]?.at ?? null;

  describe('DELETE /projects/:id', () => {
    it('moves the project, its sub-projects at any depth and their models to the bin with one moment', async () => {
      const { root, child, grandchild, model } = await tree('Bin');
      const res = await c.send('DELETE', `/v2/projects/${root}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ project_name: 'Bin Root', status: 'deleted', sub_projects: 2 });
      const moment = await deletedAt('projects', root);
      expect(moment).not.toBeNull();
      for (const id of [child, grandchild]) expect(await deletedAt('projects', id)).toBe(moment);
      expect(await deletedAt('project_models', model)).toBe(moment);
      for (const id of [root, child, grandchild]) expect((await c.get(`/v2/projects/${id}`)).status).toBe(404);
      const trashed = await c.get('/v2/projects?trashed=1&per_page=25');
      const binned = (trashed.body.data as unknown as Row[]).map((row) => row.name);
      expect(binned).toEqual(expect.arrayContaining(['Bin Root', 'Bin Child', 'Bin Grandchild']));
      expect((await c.send('DELETE', `/v2/projects/${root}`)).status).toBe(404);
    });

    it('answers 404 for other companies’ projects, 403 without delete-projects, 401 signed out', async () => {
      const id = await c.projectId('Harbour Loft Renovation');
      expect((await c.send('DELETE', `/v2/projects/${id}`, undefined, await c.globex())).status).toBe(404);
      const globexProject = await c.projectId('Globex Staff Canteen');
      expect((await c.send('DELETE', `/v2/projects/${globexProject}`)).status).toBe(404);
      expect((await c.send('DELETE', `/v2/projects/${id}`, undefined, 'viewer')).status).toBe(403);
      expect((await t.request(`/v2/projects/${id}`, { method: 'DELETE' })).status).toBe(401);
      expect((await c.get(`/v2/projects/${id}`)).status).toBe(200);
    });

    it('takes a POST with _method=DELETE in form data', async () => {
      const id = (await c.send('POST', '/v2/projects', { name: 'Form Deleted' })).body.data.id as number;
      const res = await c.form('POST', `/v2/projects/${id}`, '_method=DELETE');
      expect(res.body).toEqual({ project_name: 'Form Deleted', status: 'deleted', sub_projects: 0 });
    });
  });

  describe('POST /projects/:id/restore', () => {
    it('brings the project back with what went with it; a sub-project alone waits for its parent (409)', async () => {
      const { root, child, grandchild, model } = await tree('Restore');
      await c.send('DELETE', `/v2/projects/${root}`);
      const early = await c.send('POST', `/v2/projects/${child}/restore`);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('Restore the project this one belongs to first.');
      const res = await c.send('POST', `/v2/projects/${root}/restore`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: RESTORED_MESSAGE, data: { id: root, name: 'Restore Root' } });
      for (const id of [root, child, grandchild]) expect(await deletedAt('projects', id)).toBeNull();
      expect(await deletedAt('project_models', model)).toBeNull();
      expect((await c.get(`/v2/projects/models/${model}`)).status).toBe(200);
      expect((await c.send('POST', `/v2/projects/${root}/restore`)).status).toBe(404);
    });

    it('keeps a sub-project deleted on its own in the bin when its parent is restored later', async () => {
      const { root, child } = await tree('Separate');
      await c.send('DELETE', `/v2/projects/${child}`);
      await c.send('DELETE', `/v2/projects/${root}`);
      await c.send('POST', `/v2/projects/${root}/restore`);
      expect(await deletedAt('projects', root)).toBeNull();
      expect(await deletedAt('projects', child)).not.toBeNull();
    });

    it('answers 410 once the 30-day window has passed', async () => {
      const id = (await c.send('POST', '/v2/projects', { name: 'Too Late' })).body.data.id as number;
      await c.send('DELETE', `/v2/projects/${id}`);
      await c.setDeletedDaysAgo('projects', id, 31);
      const res = await c.send('POST', `/v2/projects/${id}/restore`);
      expect(res.status).toBe(410);
      expect(res.body.message).toBe('The 30-day restore window has passed.');
      await c.setDeletedDaysAgo('projects', id, 29);
      expect((await c.send('POST', `/v2/projects/${id}/restore`)).status).toBe(200);
      const seeded = await c.projectId('Cancelled Pop-up Kitchen');
      expect((await c.send('POST', `/v2/projects/${seeded}/restore`)).status).toBe(410);
    });

    it('answers 404 for live and other companies’ projects, 403 without restore-deleted-entities, 401', async () => {
      const binned = await c.projectId('Old Showroom 2023');
      const live = await c.projectId('Harbour Loft Renovation');
      expect((await c.send('POST', `/v2/projects/${live}/restore`)).status).toBe(404);
      expect((await c.send('POST', `/v2/projects/${binned}/restore`, undefined, await c.globex())).status).toBe(404);
      expect((await c.send('POST', `/v2/projects/${binned}/restore`, undefined, 'viewer')).status).toBe(403);
      expect((await t.request(`/v2/projects/${binned}/restore`, { method: 'POST' })).status).toBe(401);
      expect(await deletedAt('projects', binned)).not.toBeNull();
    });
  });

  describe('PATCH /projects/:id/favorite', () => {
    it('sets and clears the requester’s star, on customerportal and hatch, JSON and form data', async () => {
      const id = await c.projectId('Harbour Loft Renovation');
      const set = await c.send('PATCH', `/v2/projects/${id}/favorite`, { is_favorited: true }, 'viewer');
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ data: { id, is_favorited: true } });
      const again = await c.form('PATCH', `/v2/projects/${id}/favorite`, 'is_favorited=1', 'viewer');
      expect(again.body).toEqual({ data: { id, is_favorited: true } });
      const starred = await c.get('/v2/projects?filter[favorited]=1&per_page=25', 'viewer');
      expect((starred.body.data as unknown as Row[]).map((row) => row.name)).toContain('Harbour Loft Renovation');
      // Stars are per user: the editor's list is unchanged.
      expect((await c.get(`/v2/projects/${id}`)).body.data.is_favorited).toBe(false);
      const cleared = await c.form('POST', `/v2/projects/${id}/favorite`, '_method=PATCH&is_favorited=0', 'viewer');
      expect(cleared.body).toEqual({ data: { id, is_favorited: false } });
      expect((await c.get(`/v2/projects/${id}`, 'viewer')).body.data.is_favorited).toBe(false);
      const onHatch = await c.send('PATCH', `/v2/projects/${id}/favorite`, { is_favorited: 'true' });
      expect(onHatch.body.data.is_favorited).toBe(true);
    });

    it('answers 422 for a bad flag, 404 for binned and other companies’ projects, 401 signed out', async () => {
      const id = await c.projectId('Harbour Loft Renovation');
      const bad = await c.send('PATCH', `/v2/projects/${id}/favorite`, { is_favorited: 'maybe' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ is_favorited: ['Must be true or false (1 or 0).'] });
      expect((await c.send('PATCH', `/v2/projects/${id}/favorite`, {})).status).toBe(422);
      const binned = await c.projectId('Old Showroom 2023');
      expect((await c.send('PATCH', `/v2/projects/${binned}/favorite`, { is_favorited: true })).status).toBe(404);
      const fromGlobex = await c.send('PATCH', `/v2/projects/${id}/favorite`, { is_favorited: true }, await c.globex());
      expect(fromGlobex.status).toBe(404);
      const path = `/v2/projects/${id}/favorite`;
      expect((await t.request(path, { method: 'PATCH', json: { is_favorited: true } })).status).toBe(401);
      const noLicence = await c.send('PATCH', path, { is_favorited: true }, 'nolicence');
      expect(noLicence.status).toBe(403);
    });
  });
});
