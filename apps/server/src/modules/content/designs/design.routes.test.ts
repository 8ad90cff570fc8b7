import type { Document } from '@gltf-transform/core';
import {
  DESIGN_MATERIAL_NOT_ALLOWED,
  DESIGN_MODEL_NOT_FINISHED,
  DESIGN_SLOT_TWICE,
  type DesignRow,
  designEndpoints,
  noSuchSlot,
} from '@meshport/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { MATERIAL_NOT_FOUND } from '#modules/content/materials/material.service.ts';
import { processedFigures } from '#modules/content/project-models/processed-figures.test-helpers.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { getBytes } from '#modules/processing/pipeline/pipeline.test-helpers.ts';
import { boxDocument, toGlb } from '#modules/processing/preview/preview-fixtures.test-support.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

const figures = (names: string[]) => processedFigures(names);

type Answer = { data: DesignRow };

/** The box with UVs (all at 0, 0): a finish with maps is laid only on primitives that have them. */
function withUvs(doc: Document): Document {
  const buffer = doc.getRoot().listBuffers()[0] ?? null;
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const count = primitive.getAttribute('POSITION')?.getCount() ?? 0;
      const uvs = doc
        .createAccessor()
        .setType('VEC2')
        .setArray(new Float32Array(count * 2))
        .setBuffer(buffer);
      primitive.setAttribute('TEXCOORD_0', uvs);
    }
  }
  return doc;
}

describeEachDatabase('designs', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);

  /** A model of acme's first project with a real GLB in storage (one box, one material: slot 0, "Body"). */
  const model = async (name: string, status = 'FINISHED') => {
    const [row] = await queryRows<{ id: number; company_id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status, figures)
        select company_id, id, ${name}, ${status}, ${JSON.stringify(figures(['Body', 'Trim']))}::jsonb
        from projects where name = 'Van Dijk Family Kitchen' returning id, company_id`,
    );
    const id = row?.id as number;
    const key = `companies/${row?.company_id}/models/${id}/model-test.glb`;
    await t.services.storage.put(key, await toGlb(withUvs(boxDocument())));
    await t.database.system.execute(sql`update project_models set glb_key = ${key} where id = ${id}`);
    return id;
  };
  /** A material with a blue base colour map (WebP, as stored materials are). */
  const material = async (name: string) => {
    expect((await c.send('POST', '/v2/materials', { name })).status).toBe(201);
    const [row] = await queryRows<{ id: number; company_id: number }>(
      t.database.system,
      sql`select m.id, m.company_id from materials m join companies c on c.id = m.company_id
        where c.sub_domain = 'acme' and m.name = ${name}`,
    );
    const key = `companies/${row?.company_id}/materials/${row?.id}/base_color-test.webp`;
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1030f0' } })
      .webp()
      .toBuffer();
    await t.services.storage.put(key, webp);
    await t.database.system.execute(
      sql`update materials set maps = ${JSON.stringify({ base_color: { key, width: 8, height: 8 } })}::jsonb where id = ${row?.id}`,
    );
  };
  const allow = async (modelId: number) => {
    const saved = await c.send('PUT', `/v2/projects/models/${modelId}/material-slots`, {
      slots: [
        { index: 0, name: 'Front', materials: ['Design Blue', 'Brushed Steel'], default_material: 'Brushed Steel' },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
  };
  const untilPreview = async (id: number) => {
    for (let i = 0; i < 120; i++) {
      const answer = await c.send('GET', `/v2/projects/designs/${id}`);
      const status = (answer.body as unknown as Answer).data.preview_status;
      if (status !== 'pending') return (answer.body as unknown as Answer).data;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the preview did not settle');
  };

  let modelId = 0;
  beforeAll(async () => {
    await material('Design Blue');
    modelId = await model('Design Kitchen');
    await allow(modelId);
  });

  it('saves a design on customerportal, lists it with its choices, renders its preview', async () => {
    const portal = await c.onPortal();
    const created = await c.send(
      'POST',
      '/v2/projects/designs',
      { name: '  Blue front ', project_model_id: modelId, choices: [{ slot_index: 0, material: 'Design Blue' }] },
      portal,
    );
    expect(created.status, created.text).toBe(201);
    const design = (created.body as unknown as Answer).data;
    expect(design).toMatchObject({
      name: 'Blue front',
      project_model_id: modelId,
      model_name: 'Design Kitchen',
      created_by: { id: await c.accountId('editor'), name: expect.any(String) },
      preview_status: 'pending',
      preview_image_url: null,
      is_favorited: false,
      choices: [{ slot_index: 0, slot_name: 'Front', material: 'Design Blue' }],
    });
    const listed = await t
      .client({ token: await c.token('viewer'), host: c.hostOf('viewer') })
      .call(designEndpoints.list, {
        query: { filter: { project_model_id: String(modelId) } },
      });
    expect(listed.data.map((row) => row.id)).toContain(design.id);

    const ready = await untilPreview(design.id);
    expect(ready.preview_status).toBe('ready');
    expect(ready.preview_image_url).toMatch(new RegExp(`^/v2/projects/designs/${design.id}/preview-image\\?v=`));
    const image = await getBytes(t, await c.token('editor'), ready.preview_image_url as string);
    expect(image.status).toBe(200);
    const { width, height } = await sharp(image.body).metadata();
    expect([width, height]).toEqual([512, 512]);
    // The chosen finish is laid on the box: its middle is blue, not the file's own orange.
    const { data, info } = await sharp(image.body).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    const [r, g, b] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    expect(b, `rgb ${r} ${g} ${b}`).toBeGreaterThan(r + 40);
  });

  /** The colour in the middle of a rendered preview. */
  const middle = async (url: string) => {
    const image = await getBytes(t, await c.token('editor'), url);
    expect(image.status).toBe(200);
    const { data, info } = await sharp(image.body).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0] as const;
  };

  it('keeps the model’s own material in a slot chosen so (null), though the slot has a default', async () => {
    const created = await c.send('POST', '/v2/projects/designs', {
      name: 'Own body',
      project_model_id: modelId,
      choices: [{ slot_index: 0, material: null }],
    });
    expect(created.status, created.text).toBe(201);
    const design = (created.body as unknown as Answer).data;
    expect(design.choices).toEqual([{ slot_index: 0, slot_name: 'Front', material: null }]);
    const ready = await untilPreview(design.id);
    expect(ready.preview_status).toBe('ready');
    // The box's own orange, not the slot's default.
    const [r, g, b] = await middle(ready.preview_image_url as string);
    expect(r, `rgb ${r} ${g} ${b}`).toBeGreaterThan(b + 40);
  });

  it('renames and changes choices; a change of the choices renders again', async () => {
    const created = await c.send('POST', '/v2/projects/designs', { name: 'Steel', project_model_id: modelId });
    expect(created.status, created.text).toBe(201);
    const { id } = (created.body as unknown as Answer).data;
    expect((created.body as unknown as Answer).data.choices).toEqual([]);
    const renamed = await c.send('PATCH', `/v2/projects/designs/${id}`, { name: 'Steel front' });
    expect((renamed.body as unknown as Answer).data.name).toBe('Steel front');
    // No choice: the slot's default (Brushed Steel) is laid on, not the box's own orange.
    const [r, g, b] = await middle((await untilPreview(id)).preview_image_url as string);
    expect(Math.abs(r - b), `rgb ${r} ${g} ${b}`).toBeLessThan(40);
    const changed = await c.send(
      'PATCH',
      `/v2/projects/designs/${id}`,
      { choices: [{ slot_index: 0, material: 'Brushed Steel' }] },
      await c.onPortal(),
    );
    expect(changed.status, changed.text).toBe(200);
    expect((changed.body as unknown as Answer).data).toMatchObject({
      preview_status: 'pending',
      choices: [{ slot_index: 0, slot_name: 'Front', material: 'Brushed Steel' }],
    });
    expect((await untilPreview(id)).preview_status).toBe('ready');
  });

  it('answers 422 per field for bad bodies and choices the slots do not allow', async () => {
    const bad = await c.send('POST', '/v2/projects/designs', {
      name: '',
      project_model_id: 'x',
      choices: [{ slot_index: -1, material: '' }],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual([
      'choices.0.material',
      'choices.0.slot_index',
      'name',
      'project_model_id',
    ]);
    const long = await c.send('POST', '/v2/projects/designs', { name: 'x'.repeat(101), project_model_id: modelId });
    expect(long.body.errors).toEqual({ name: ['At most 100 characters.'] });
    const twice = await c.send('POST', '/v2/projects/designs', {
      name: 'Twice',
      project_model_id: modelId,
      choices: [
        { slot_index: 0, material: 'Design Blue' },
        { slot_index: 0, material: 'Design Blue' },
      ],
    });
    expect(twice.body.errors).toEqual({ 'choices.1.slot_index': [DESIGN_SLOT_TWICE] });
    const refused = await c.send('POST', '/v2/projects/designs', {
      name: 'Refused',
      project_model_id: modelId,
      choices: [
        { slot_index: 1, material: 'Design Blue' },
        { slot_index: 5, material: 'Nope Material' },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'choices.0.material': [DESIGN_MATERIAL_NOT_ALLOWED],
      'choices.1.slot_index': [noSuchSlot(2)],
      'choices.1.material': [MATERIAL_NOT_FOUND],
    });
    const unfinished = await model('Design Unfinished', 'PROCESSING');
    const notReady = await c.send('POST', '/v2/projects/designs', { name: 'Early', project_model_id: unfinished });
    expect(notReady.status).toBe(409);
    expect(notReady.body.message).toBe(DESIGN_MODEL_NOT_FINISHED);
  });

  describe('access', () => {
    it('answers 404 for another company’s model and design, 403 without the ability, 401 signed out', async () => {
      const globex = await c.globex();
      const created = await c.send('POST', '/v2/projects/designs', { name: 'Mine', project_model_id: modelId });
      const { id } = (created.body as unknown as Answer).data;
      expect(
        (await c.send('POST', '/v2/projects/designs', { name: 'Theirs', project_model_id: modelId }, globex)).status,
      ).toBe(404);
      for (const [method, path, body] of [
        ['GET', `/v2/projects/designs/${id}`, undefined],
        ['PATCH', `/v2/projects/designs/${id}`, { name: 'Taken' }],
        ['PATCH', `/v2/projects/designs/${id}/favorite`, { is_favorited: true }],
        ['GET', `/v2/projects/designs/${id}/preview-image`, undefined],
        ['DELETE', `/v2/projects/designs/${id}`, undefined],
      ] as const) {
        expect((await c.send(method, path, body, globex)).status, `${method} ${path}`).toBe(404);
      }
      const theirs = await c.send('GET', `/v2/projects/designs?filter[project_model_id]=${modelId}`, undefined, globex);
      expect(theirs.body.data).toEqual([]);
      // The viewer reads designs but may not save, change or delete them.
      expect((await c.send('GET', `/v2/projects/designs/${id}`, undefined, 'viewer')).status).toBe(200);
      expect(
        (await c.send('POST', '/v2/projects/designs', { name: 'No', project_model_id: modelId }, 'viewer')).status,
      ).toBe(403);
      expect((await c.send('PATCH', `/v2/projects/designs/${id}`, { name: 'No' }, 'viewer')).status).toBe(403);
      expect((await c.send('DELETE', `/v2/projects/designs/${id}`, undefined, 'viewer')).status).toBe(403);
      expect((await c.send('GET', '/v2/projects/designs', undefined, 'nolicence')).status).toBe(403);
      expect((await t.request('/v2/projects/designs')).status).toBe(401);
    });

    it('hides the designs of a model in the recycle bin', async () => {
      const binned = await model('Design Binned');
      await allow(binned);
      const created = await c.send('POST', '/v2/projects/designs', { name: 'Gone soon', project_model_id: binned });
      const { id } = (created.body as unknown as Answer).data;
      await c.setDeletedDaysAgo('project_models', binned, 1);
      expect((await c.send('GET', `/v2/projects/designs/${id}`)).status).toBe(404);
      const listed = await c.send('GET', `/v2/projects/designs?filter[project_model_id]=${binned}`);
      expect(listed.body.data).toEqual([]);
      expect((await c.send('PATCH', `/v2/projects/designs/${id}`, { name: 'x' })).status).toBe(404);
    });
  });

  it('stars and unstars on customerportal; favourites come first there', async () => {
    const created = await c.send('POST', '/v2/projects/designs', { name: 'Starred', project_model_id: modelId });
    const { id } = (created.body as unknown as Answer).data;
    const set = await c.send('PATCH', `/v2/projects/designs/${id}/favorite`, { is_favorited: true }, 'viewer');
    expect(set.body).toEqual({ data: { id, is_favorited: true } });
    const starred = await c.send('GET', '/v2/projects/designs?filter[favorited]=1', undefined, 'viewer');
    expect((starred.body.data as unknown as DesignRow[]).map((row) => row.id)).toEqual([id]);
    const first = await c.send('GET', '/v2/projects/designs?sort=name', undefined, 'viewer');
    expect((first.body.data as unknown as DesignRow[])[0]).toMatchObject({ id, is_favorited: true });
    expect((await c.send('GET', `/v2/projects/designs/${id}`)).body.data.is_favorited).toBe(false);
    const cleared = await c.form('PATCH', `/v2/projects/designs/${id}/favorite`, 'is_favorited=0', 'viewer');
    expect(cleared.body).toEqual({ data: { id, is_favorited: false } });
    const bad = await c.send('PATCH', `/v2/projects/designs/${id}/favorite`, { is_favorited: 'maybe' }, 'viewer');
    expect(bad.body.errors).toEqual({ is_favorited: ['Must be true or false (1 or 0).'] });
  });

  it('deletes a design with its preview file', async () => {
    const created = await c.send('POST', '/v2/projects/designs', {
      name: 'To delete',
      project_model_id: modelId,
      choices: [{ slot_index: 0, material: 'Design Blue' }],
    });
    const { id } = (created.body as unknown as Answer).data;
    await untilPreview(id);
    const [row] = await queryRows<{ preview_key: string }>(
      t.database.system,
      sql`select preview_key from designs where id = ${id}`,
    );
    const deleted = await c.send('DELETE', `/v2/projects/designs/${id}`, undefined, await c.onPortal());
    expect(deleted.body).toEqual({ design_name: 'To delete', status: 'deleted' });
    expect(await t.services.storage.exists(row?.preview_key as string)).toBe(false);
    expect((await c.send('GET', `/v2/projects/designs/${id}`)).status).toBe(404);
  });
});
