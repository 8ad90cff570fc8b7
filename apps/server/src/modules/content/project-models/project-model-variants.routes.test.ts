import { Document, type Material } from '@gltf-transform/core';
import type { KHRMaterialsVariants, MappingList } from '@gltf-transform/extensions';
import {
  MATERIAL_SLOTS_NOT_PROCESSED,
  MATERIAL_VARIANTS_NONE,
  MATERIAL_VARIANTS_ONLY_FINISHED,
} from '@meshport/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { purgeRecycleBin } from '#modules/content/recycle-bin/recycle-bin-purge.ts';
import { compressChecked } from '#modules/processing/conversion/compress-step.ts';
import { gltfIO } from '#modules/processing/conversion/gltf-io.ts';
import { validateGlb } from '#modules/processing/conversion/gltf-validation.ts';
import { decodeMeshoptGlb } from '#modules/processing/conversion/meshopt-plain.ts';
import { declareUsedExtensions } from '#modules/processing/conversion/output-extensions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { processedFigures } from './processed-figures.test-helpers.ts';
import { variantsSource } from './project-model-variants.service.ts';

const NAMES = ['Worktop', 'Fronts'];

const figures = (names: string[]) => processedFigures(names, { triangles: 36, vertices: 32 });

/** A processed-like GLB (meshopt-compressed): two quads with UVs, drawn with materials Worktop and Fronts. */
async function kitchenGlb(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (array: Float32Array | Uint16Array, type: 'VEC3' | 'VEC2' | 'SCALAR') =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const quad = (x: number, material: Material) =>
    doc
      .createPrimitive()
      .setAttribute('POSITION', accessor(new Float32Array([x, 0, 0, x + 1, 0, 0, x + 1, 1, 0, x, 1, 0]), 'VEC3'))
      .setAttribute('NORMAL', accessor(new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]), 'VEC3'))
      .setAttribute('TEXCOORD_0', accessor(new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), 'VEC2'))
      .setIndices(accessor(new Uint16Array([0, 1, 2, 0, 2, 3]), 'SCALAR'))
      .setMaterial(material);
  const [top, fronts] = NAMES.map((name) => doc.createMaterial(name)) as [Material, Material];
  const mesh = doc.createMesh('Kitchen').addPrimitive(quad(0, top)).addPrimitive(quad(2, fronts));
  doc.createScene().addChild(doc.createNode('Kitchen').setMesh(mesh));
  return declareUsedExtensions((await compressChecked(doc)).glb);
}

const webp = async (colour: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .webp({ lossless: true })
    .toBuffer();

describeEachDatabase('the finishes export of a model (KHR_materials_variants)', (kind) => {
  let t: TestApp;
  let acme: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    acme = (
      await queryRows<{ id: number }>(t.database.system, sql`select id from companies where sub_domain = 'acme'`)
    )[0]?.id as number;
    await t.services.storage.put('k/variants/glb.glb', Buffer.from(await kitchenGlb()));
    const maps: [string, string, string][] = [
      ['Export Oak', 'base_color', '#a0703c'],
      ['Export Marble', 'base_color', '#e8e8e4'],
      ['Export Steel', 'metallic', '#404040'],
    ];
    for (const [name, map, colour] of maps) {
      await c.send('POST', '/v2/materials', { name });
      const key = `k/variants/${name.replace(' ', '-')}.webp`;
      await t.services.storage.put(key, await webp(colour));
      await t.database.system.execute(
        sql`update materials set maps = jsonb_build_object(${map}::text, jsonb_build_object('key', ${key}::text, 'width', 8, 'height', 8))
          where name = ${name}`,
      );
    }
  });
  afterAll(() => t.close());
  const c = writeClient(() => t);
  const url = (id: number) => `/v2/projects/models/${id}/files/variants-glb`;
  /** Where the model's export of its present configuration is kept. */
  const keptAt = async (id: number) =>
    (await t.database.tenant({ companyId: acme }, (tx) => variantsSource(tx, acme, id))).cacheKey;

  const model = async (name: string, names: string[] | null, status = 'FINISHED', glbKey = 'k/variants/glb.glb') => {
    const [row] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status, figures, glb_key)
        select company_id, id, ${name}, ${status}, ${names ? JSON.stringify(figures(names)) : null}::jsonb, ${glbKey}
        from projects where name = 'Van Dijk Family Kitchen' returning id`,
    );
    return row?.id as number;
  };
  const configure = (id: number, defaultTop = 'Export Marble') =>
    c.send('PUT', `/v2/projects/models/${id}/material-slots`, {
      slots: [
        { index: 0, name: 'Worktop', materials: ['Export Oak', 'Export Marble'], default_material: defaultTop },
        { index: 1, name: 'Fronts', materials: ['Export Oak', 'Export Steel'], default_material: null },
      ],
    });

  /** The downloaded file decoded (meshopt) through the Khronos validator, and its variants per primitive. */
  const inspect = async (glb: Buffer) => {
    const validation = await validateGlb((await decodeMeshoptGlb(new Uint8Array(glb))) as Uint8Array);
    const doc = await (await gltfIO()).readBinary(new Uint8Array(glb));
    const extension = doc
      .getRoot()
      .listExtensionsUsed()
      .find((e) => e.extensionName === 'KHR_materials_variants') as KHRMaterialsVariants | undefined;
    const prims = doc
      .getRoot()
      .listMeshes()
      .flatMap((mesh) => mesh.listPrimitives());
    return {
      validation,
      variants: extension?.listVariants().map((v) => v.getName()) ?? [],
      drawn: prims.map((prim) => prim.getMaterial()?.getName()),
      mapped: prims.map((prim) =>
        (prim.getExtension<MappingList>('KHR_materials_variants')?.listMappings() ?? [])
          .flatMap((m) => m.listVariants().map((v) => v.getName()))
          .sort(),
      ),
    };
  };

  it('sends the model with every allowed finish as a variant, valid once decoded, on both platforms', async () => {
    const id = await model('Export Island.glb', NAMES);
    expect((await configure(id)).status).toBe(200);
    for (const who of ['editor', await c.onPortal()] as const) {
      const answer = await c.send('GET', url(id), undefined, who);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('model/gltf-binary');
      expect(answer.headers['content-disposition']).toBe('attachment; filename="Export_Island-finishes.glb"');
      const found = await inspect(answer.raw);
      expect(found.validation).toMatchObject({ errors: 0, firstError: null });
      expect(found.variants.sort()).toEqual(['Export Marble', 'Export Oak', 'Export Steel']);
      // The worktop shows its default; the fronts, without one, their own material.
      expect(found.drawn).toEqual(['Export Marble', 'Fronts']);
      expect(found.mapped).toEqual([
        ['Export Marble', 'Export Oak'],
        ['Export Oak', 'Export Steel'],
      ]);
    }
  });

  it('keeps the built file: a second download is not built again; a new configuration is', async () => {
    // Its own file: the purge at the end removes it.
    await t.services.storage.put('k/variants/cached.glb', Buffer.from(await kitchenGlb()));
    const id = await model('Export Cached', NAMES, 'FINISHED', 'k/variants/cached.glb');
    await configure(id);
    const first = await c.send('GET', url(id));
    expect(first.status).toBe(200);
    const kept = await keptAt(id);
    expect(await t.services.storage.exists(kept)).toBe(true);
    // Same keys, other bytes: a rebuild would show them (and fail to decode this one).
    const oak = 'k/variants/Export-Oak.webp';
    const oakBytes = await webp('#a0703c');
    await t.services.storage.put(oak, Buffer.from('not an image'));
    try {
      const second = await c.send('GET', url(id));
      expect(second.status).toBe(200);
      expect(second.raw.equals(first.raw)).toBe(true);
    } finally {
      await t.services.storage.put(oak, oakBytes);
    }
    await configure(id, 'Export Oak');
    const third = await c.send('GET', url(id));
    expect(third.status).toBe(200);
    expect((await inspect(third.raw)).drawn).toEqual(['Export Oak', 'Fronts']);
    // The new configuration's file replaced the old one; the recycle bin's purge removes it with the model.
    expect(await t.services.storage.exists(kept)).toBe(false);
    const replaced = await keptAt(id);
    expect(await t.services.storage.exists(replaced)).toBe(true);
    await c.setDeletedDaysAgo('project_models', id, 40);
    await purgeRecycleBin({ database: t.database, storage: t.services.storage });
    expect(await t.services.storage.exists(replaced)).toBe(false);
  });

  it('answers 409 without any slot’s materials, before FINISHED or before slots were recorded', async () => {
    const bare = await model('Export Bare', NAMES);
    const none = await c.send('GET', url(bare));
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(MATERIAL_VARIANTS_NONE);
    // Named slots without materials are no finishes either.
    await c.send('PUT', `/v2/projects/models/${bare}/material-slots`, {
      slots: [{ index: 0, name: 'Top', materials: [], default_material: null }],
    });
    expect((await c.send('GET', url(bare))).body.message).toBe(MATERIAL_VARIANTS_NONE);
    const running = await model('Export Running', NAMES);
    await configure(running);
    await t.database.system.execute(sql`update project_models set status = 'PROCESSING' where id = ${running}`);
    const processing = await c.send('GET', url(running));
    expect(processing.status).toBe(409);
    expect(processing.body.message).toBe(MATERIAL_VARIANTS_ONLY_FINISHED);
    const old = await c.send('GET', url(await model('Export Unrecorded', null)));
    expect(old.status).toBe(409);
    expect(old.body.message).toBe(MATERIAL_SLOTS_NOT_PROCESSED);
  });

  it('answers 404 for another company’s model, one in the bin or none; 401 without a session', async () => {
    const id = await model('Export Elsewhere', NAMES);
    await configure(id);
    expect((await c.send('GET', url(id), undefined, await c.globex())).status).toBe(404);
    expect((await t.request(url(id))).status).toBe(401);
    expect((await c.send('GET', url(999999))).status).toBe(404);
    await c.setDeletedDaysAgo('project_models', id, 1);
    expect((await c.send('GET', url(id))).status).toBe(404);
  });
});
