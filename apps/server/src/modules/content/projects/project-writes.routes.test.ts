import { FILE_INVALID_TYPE, FILE_TOO_LARGE, MAX_PREVIEW_IMAGE_BYTES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import type { Row } from '#modules/content/shared/content-list.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import {
  LABELS_MISSING,
  PARENT_CYCLE,
  PARENT_MISSING,
  SUB_PROJECTS_HATCH_ONLY,
  USERS_MISSING,
} from './project.service.ts';
import { PNG, writeClient } from './project-writes.test-helpers.ts';

const names = (list: unknown) => (list as { name: string }[]).map((entry) => entry.name);

describeEachDatabase('project saves: create, update, copy', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);
  const storedPath = async (id: number) =>
    (
      await queryRows<{ path: string | null }>(
        t.database.system,
        sql`select preview_image_path as path from projects where id = ${id}`,
      )
    )[0]?.path ?? null;

  it('answers every one of parallel saves of one project, and keeps one of their label sets whole', async () => {
    const created = await c.send('POST', '/v2/projects', { name: 'Parallel Saves' });
    const id = (created.body.data as Row).id as number;
    const sets = [['Modern'], ['Urgent'], ['Modern', 'Urgent'], ['Showroom'], ['Classic', 'Outdoor']];
    const labelSets = await Promise.all(
      sets.map(async (set) => Promise.all(set.map((name) => c.labelId('acme', name)))),
    );
    const answers = await Promise.all(
      labelSets.map((labels, index) => c.send('PATCH', `/v2/projects/${id}`, { labels, name: `Parallel ${index}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(sets.map(() => 200));
    const final = (await c.get(`/v2/projects/${id}`)).body.data as Row;
    const index = Number(String(final.name).replace('Parallel ', ''));
    expect(names(final.labels).sort()).toEqual([...(sets[index] ?? [])].sort());
  });

  describe('POST /projects', () => {
    it('creates a project with labels and members (JSON), answering its list row', async () => {
      const [modern, urgent] = [await c.labelId('acme', 'Modern'), await c.labelId('acme', 'Urgent')];
      const viewer = await c.accountId('viewer');
      const res = await c.send('POST', '/v2/projects', {
        name: '  Canal House Kitchen ',
        description: 'Open plan',
        status: 'inactive',
        labels: [modern, { id: urgent }],
        users: [viewer],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const row = res.body.data as Row;
      expect(row).toMatchObject({
        name: 'Canal House Kitchen',
        description: 'Open plan',
        status: 'inactive',
        parent_id: null,
        preview_image: null,
        is_favorited: false,
      });
      expect(names(row.labels)).toEqual(['Modern', 'Urgent']);
      expect(names(row.users)).toEqual(['Vera Viewer']);
      const read = await c.get(`/v2/projects/${row.id}`);
      expect(read.body.data).toEqual(row);
    });

    it('takes form data with labels[] and users[], and a preview image in multipart', async () => {
      const classic = await c.labelId('acme', 'Classic');
      const editor = await c.accountId('editor');
      const res = await c.form('POST', '/v2/projects', `name=Form+Project&labels[]=${classic}&users[]=${editor}`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(names(res.body.data.labels)).toEqual(['Classic']);
      expect(names(res.body.data.users)).toEqual(['Eddie Editor']);

      const withImage = await c.upload('/v2/projects', [
        ['name', 'Pictured Project'],
        ['labels[0][id]', String(classic)],
        ['preview_image', new Blob([PNG]), 'preview.png'],
      ]);
      expect(withImage.status, JSON.stringify(withImage.body)).toBe(201);
      const row = withImage.body.data as Row;
      expect(row.preview_image).toMatch(new RegExp(`^/v2/projects/${row.id}/preview-image\\?v=\\d+$`));
      const image = await t.request(row.preview_image as string, await c.auth('editor'));
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const key = await storedPath(row.id as number);
      expect(key).toMatch(new RegExp(`^companies/\\d+/projects/${row.id}/preview-[0-9a-f]+\\.png$`));
      expect(await t.services.storage.exists(key as string)).toBe(true);
    });

    it('makes a sub-project with parent_id on hatch only', async () => {
      const parent = await c.projectId('Harbour Loft Renovation');
      const sub = await c.send('POST', '/v2/projects', { name: 'Loft Balcony', parent_id: parent });
      expect(sub.status).toBe(201);
      expect(sub.body.data.parent_id).toBe(parent);
      const portal = await c.onPortal();
      const refused = await c.send('POST', '/v2/projects', { name: 'Portal Sub', parent_id: parent }, portal);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SUB_PROJECTS_HATCH_ONLY);
      const topLevel = await c.send('POST', '/v2/projects', { name: 'Portal Project', parent_id: '' }, portal);
      expect(topLevel.status).toBe(201);
      expect(topLevel.body.data.parent_id).toBeNull();
    });

    it('answers 422 with a message per bad field', async () => {
      const expectErrors = async (body: unknown, errors: Record<string, string[]>) => {
        const res = await c.send('POST', '/v2/projects', body);
        expect(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.body.errors).toEqual(errors);
      };
      await expectErrors({}, { name: ['Required.'] });
      await expectErrors({ name: '   ' }, { name: ['Required.'] });
      await expectErrors({ name: 'x'.repeat(256) }, { name: ['At most 255 characters.'] });
      await expectErrors({ name: 'Ok', status: 'done' }, { status: ['Must be one of active, inactive, archived.'] });
      await expectErrors({ name: 'Ok', parent_id: 'abc' }, { parent_id: ['Must be a whole number or empty.'] });
      await expectErrors({ name: 'Ok', labels: 'Modern' }, { labels: ['Must be a list of ids.'] });
      const globexLabel = await c.labelId('globex', (await firstGlobexLabel()) as string);
      const globexProject = await c.projectId('Globex Flagship Store');
      const binned = await c.projectId('Old Showroom 2023');
      await expectErrors(
        {
          name: 'Ok',
          labels: [await c.labelId('acme', 'Modern'), globexLabel],
          users: [await c.accountId('globex-editor')],
          parent_id: globexProject,
        },
        { labels: [LABELS_MISSING], users: [USERS_MISSING], parent_id: [PARENT_MISSING] },
      );
      await expectErrors({ name: 'Ok', parent_id: binned }, { parent_id: [PARENT_MISSING] });
      await expectErrors({ name: 'Ok', parent_id: 2_000_000 }, { parent_id: [PARENT_MISSING] });
      const before = await count();
      const text = await c.upload('/v2/projects', [
        ['name', 'Bad Image'],
        ['preview_image', new Blob(['just text']), 'preview.png'],
      ]);
      expect(text.status).toBe(422);
      expect(text.body.errors).toEqual({ preview_image: [FILE_INVALID_TYPE] });
      const large = Buffer.concat([PNG, Buffer.alloc(MAX_PREVIEW_IMAGE_BYTES)]);
      const tooLarge = await c.upload('/v2/projects', [
        ['name', 'Huge Image'],
        ['preview_image', new Blob([large]), 'preview.png'],
      ]);
      expect(tooLarge.status).toBe(422);
      expect(tooLarge.body.errors).toEqual({ preview_image: [FILE_TOO_LARGE] });
      expect(await count()).toBe(before);
    });

    it('answers 401 signed out and 403 without create-projects', async () => {
      expect((await t.request('/v2/projects', { method: 'POST', json: { name: 'x' } })).status).toBe(401);
      const viewer = await c.send('POST', '/v2/projects', { name: 'Viewer Project' }, 'viewer');
      expect(viewer.status).toBe(403);
    });
  });

  describe('PATCH /projects/:id', () => {
    it('changes any subset; labels and users replace the current ones; updated_at moves', async () => {
      const id = await c.projectId('Student Housing Kitchenettes');
      const before = (await c.get(`/v2/projects/${id}`)).body.data as Row;
      const outdoor = await c.labelId('acme', 'Outdoor');
      const res = await c.send('PATCH', `/v2/projects/${id}`, {
        description: 'Forty rooms',
        labels: [outdoor],
        users: [await c.accountId('viewer'), await c.accountId('editor')],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Student Housing Kitchenettes', description: 'Forty rooms' });
      expect(names(res.body.data.labels)).toEqual(['Outdoor']);
      expect(names(res.body.data.users)).toEqual(['Eddie Editor', 'Vera Viewer']);
      expect(Date.parse(res.body.data.updated_at)).toBeGreaterThan(Date.parse(before.updated_at as string));
      const cleared = await c.send('PATCH', `/v2/projects/${id}`, { labels: [], description: '' });
      expect(cleared.body.data.labels).toEqual([]);
      expect(cleared.body.data.description).toBeNull();
      expect(names(cleared.body.data.users)).toEqual(['Eddie Editor', 'Vera Viewer']);
    });

    it('takes form data posted with _method=PATCH', async () => {
      const id = await c.projectId('Student Housing Kitchenettes');
      const [modern, urgent] = [await c.labelId('acme', 'Modern'), await c.labelId('acme', 'Urgent')];
      const res = await c.form(
        'POST',
        `/v2/projects/${id}`,
        `_method=PATCH&name=Student+Rooms&status=archived&labels[]=${modern}&labels[]=${urgent}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Student Rooms', status: 'archived' });
      expect(names(res.body.data.labels)).toEqual(['Modern', 'Urgent']);
    });

    it('replaces the preview image, removing the old file after the save, and removes it with null', async () => {
      const id = await c.projectId('Villa Rosa Outdoor Kitchen');
      const seeded = (await storedPath(id)) as string;
      expect(await t.services.storage.exists(seeded)).toBe(true);
      const res = await c.upload(`/v2/projects/${id}`, [
        ['_method', 'PATCH'],
        ['preview_image', new Blob([PNG]), 'new.png'],
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const replaced = (await storedPath(id)) as string;
      expect(replaced).toMatch(/\.png$/);
      expect(await t.services.storage.exists(replaced)).toBe(true);
      expect(await t.services.storage.exists(seeded)).toBe(false);
      const removed = await c.send('PATCH', `/v2/projects/${id}`, { preview_image: null });
      expect(removed.body.data.preview_image).toBeNull();
      expect(await storedPath(id)).toBeNull();
      expect(await t.services.storage.exists(replaced)).toBe(false);
    });

    it('refuses a parent that would make a cycle, and parents on customerportal', async () => {
      const parent = await c.projectId('Van Dijk Family Kitchen');
      const child = await c.projectId('Van Dijk Pantry Extension');
      for (const target of [parent, child]) {
        const res = await c.send('PATCH', `/v2/projects/${parent}`, { parent_id: target });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({ parent_id: [PARENT_CYCLE] });
      }
      const portal = await c.onPortal();
      const other = await c.projectId('Harbour Loft Renovation');
      const refused = await c.send('PATCH', `/v2/projects/${child}`, { parent_id: other }, portal);
      expect(refused.status).toBe(403);
      // The same parent again is no change, so customerportal may send it.
      const same = await c.send('PATCH', `/v2/projects/${child}`, { parent_id: parent, name: 'Pantry' }, portal);
      expect(same.status).toBe(200);
      const moved = await c.send('PATCH', `/v2/projects/${child}`, {
        parent_id: other,
        name: 'Van Dijk Pantry Extension',
      });
      expect(moved.body.data.parent_id).toBe(other);
      const back = await c.send('PATCH', `/v2/projects/${child}`, { parent_id: parent });
      expect(back.body.data.parent_id).toBe(parent);
    });

    it('answers 422 per field, 404 for unknown, binned and other companies’ projects, 403 and 401', async () => {
      const id = await c.projectId('Harbour Loft Renovation');
      const bad = await c.send('PATCH', `/v2/projects/${id}`, { name: '', labels: [999_999] });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ name: ['Required.'] });
      const labels = await c.send('PATCH', `/v2/projects/${id}`, { labels: [999_999] });
      expect(labels.body.errors).toEqual({ labels: [LABELS_MISSING] });
      for (const target of [
        2_000_000,
        await c.projectId('Old Showroom 2023'),
        await c.projectId('Globex Flagship Store'),
      ]) {
        const res = await c.send('PATCH', `/v2/projects/${target}`, { name: 'Nope' });
        expect(res.status).toBe(404);
      }
      const fromGlobex = await c.send('PATCH', `/v2/projects/${id}`, { name: 'Taken' }, await c.globex());
      expect(fromGlobex.status).toBe(404);
      expect((await c.send('PATCH', `/v2/projects/${id}`, { name: 'Viewer' }, 'viewer')).status).toBe(403);
      expect((await t.request(`/v2/projects/${id}`, { method: 'PATCH', json: { name: 'x' } })).status).toBe(401);
      expect((await c.get(`/v2/projects/${id}`)).body.data.name).toBe('Harbour Loft Renovation');
    });
  });

  describe('POST /projects/:id/copy', () => {
    it('copies the fields, labels, members, preview file and live models of a project', async () => {
      const source = await c.projectId('Van Dijk Family Kitchen');
      const original = (await c.get(`/v2/projects/${source}`)).body.data as Row;
      const res = await c.send('POST', `/v2/projects/${source}/copy`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const copy = res.body.data as Row;
      expect(copy.id).not.toBe(source);
      expect(copy).toMatchObject({
        name: 'Van Dijk Family Kitchen (copy)',
        description: original.description,
        status: original.status,
        parent_id: null,
        labels: original.labels,
        users: original.users,
      });
      const [from, to] = [await storedPath(source), await storedPath(copy.id as number)];
      expect(to).not.toBe(from);
      expect(await t.services.storage.exists(to as string)).toBe(true);
      const models = async (project: number) =>
        (await c.get(`/v2/projects/models?filter[project]=${project}&per_page=25&sort=name`)).body
          .data as unknown as Row[];
      const sourceModels = await models(source);
      const copied = await models(copy.id as number);
      expect(names(copied)).toEqual(names(sourceModels));
      expect(names(copied)).not.toContain('Draft Island v1');
      expect(copied.map((m) => m.status)).toEqual(sourceModels.map((m) => m.status));
      expect(copied.map((m) => m.latest_geometry_event)).toEqual(sourceModels.map((m) => m.latest_geometry_event));
      const links = await queryRows<{ n: number }>(
        t.database.system,
        sql`select count(*)::int as n from project_model_library_items l join project_models m
          on m.company_id = l.company_id and m.id = l.project_model_id where m.project_id = ${copy.id as number}`,
      );
      expect(links[0]?.n).toBeGreaterThan(0);
    });

    it('takes the body’s fields over the source’s', async () => {
      const source = await c.projectId('Showroom Amsterdam 2026');
      const res = await c.form(
        'POST',
        `/v2/projects/${source}/copy`,
        'name=Showroom+Rotterdam&labels[]=&status=inactive',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const ok = await c.send('POST', `/v2/projects/${source}/copy`, {
        name: 'Showroom Rotterdam',
        labels: [],
        status: 'inactive',
        preview_image: null,
      });
      expect(ok.status).toBe(201);
      expect(ok.body.data).toMatchObject({
        name: 'Showroom Rotterdam',
        labels: [],
        status: 'inactive',
        preview_image: null,
      });
    });

    it('answers 404 for binned and other companies’ projects, 403 without create-projects, 422 per field', async () => {
      const binned = await c.projectId('Old Showroom 2023');
      expect((await c.send('POST', `/v2/projects/${binned}/copy`, {})).status).toBe(404);
      const source = await c.projectId('Harbour Loft Renovation');
      expect((await c.send('POST', `/v2/projects/${source}/copy`, {}, await c.globex())).status).toBe(404);
      expect((await c.send('POST', `/v2/projects/${source}/copy`, {}, 'viewer')).status).toBe(403);
      expect((await t.request(`/v2/projects/${source}/copy`, { method: 'POST', json: {} })).status).toBe(401);
      const bad = await c.send('POST', `/v2/projects/${source}/copy`, { name: 'x'.repeat(256), users: [999_999] });
      expect(bad.body.errors).toEqual({ name: ['At most 255 characters.'] });
      const users = await c.send('POST', `/v2/projects/${source}/copy`, { users: [999_999] });
      expect(users.body.errors).toEqual({ users: [USERS_MISSING] });
      const portal = await c.onPortal();
      const sub = await c.send('POST', `/v2/projects/${source}/copy`, { parent_id: source }, portal);
      expect(sub.status).toBe(403);
    });
  });

  async function count() {
    const [row] = await queryRows<{ n: number }>(t.database.system, sql`select count(*)::int as n from projects`);
    return row?.n;
  }

  async function firstGlobexLabel() {
    const [row] = await queryRows<{ name: string }>(
      t.database.system,
      sql`select l.name from labels l join companies c on c.id = l.company_id where c.sub_domain = 'globex' limit 1`,
    );
    return row?.name;
  }
});
