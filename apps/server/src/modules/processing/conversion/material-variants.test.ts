import { readFileSync } from 'node:fs';
import { Document, type Material, type Primitive } from '@gltf-transform/core';
import type { MappingList } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { compressChecked } from './compress-step.ts';
import { texturesToWebp } from './document-textures.ts';
import { gltfIO, parseGlb } from './gltf-io.ts';
import { validateGlb } from './gltf-validation.ts';
import { addMaterialVariants, type FinishOption, type SlotFinishes, writeVariantsGlb } from './material-variants.ts';
import { decodeMeshoptGlb } from './meshopt-plain.ts';
import { declareUsedExtensions } from './output-extensions.ts';

/** A small lossless WebP of one colour: lossless, so its channels read back exactly. */
async function webp(colour: string, size = 8) {
  const data = await sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .webp({ lossless: true })
    .toBuffer();
  return { bytes: new Uint8Array(data), mimeType: 'image/webp' };
}

const images = {
  oak: await webp('#a0703c'),
  walnut: await webp('#5a3a22'),
  brass: await webp('#b5a642'),
  normal: await webp('#8080ff'),
  // Packed as glTF: G roughness 100, B metal 200.
  packed: await webp('#0064c8'),
  occlusion: await webp('#e0e0e0'),
  emissive: await webp('#ff8000'),
  height: await webp('#808080'),
  metalGrey: await webp('#404040'),
  roughGrey: await webp('#b0b0b0'),
  roughGreySmall: await webp('#1e1e1e', 4),
};

const oak: FinishOption = {
  name: 'Oak',
  maps: { base_color: images.oak, emissive: images.emissive, height: images.height },
};
const walnut: FinishOption = {
  name: 'Walnut',
  maps: {
    base_color: images.walnut,
    normal: images.normal,
    metallic_roughness: images.packed,
    occlusion: images.occlusion,
  },
};
const steel: FinishOption = { name: 'Steel', maps: { metallic: images.metalGrey, roughness: images.roughGrey } };
const brass: FinishOption = {
  name: 'Brass',
  maps: {
    base_color: images.brass,
    normal: images.normal,
    metallic_roughness: images.packed,
    roughness: images.roughGreySmall,
  },
};

/** A 4 × 4 grid at `x`, with normals and, unless told otherwise, UVs. */
function grid(doc: Document, x: number, material: Material, uvs = true) {
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  const positions: number[] = [];
  const normals: number[] = [];
  const texcoords: number[] = [];
  const indices: number[] = [];
  for (let j = 0; j < 4; j++) {
    for (let i = 0; i < 4; i++) {
      positions.push(x + i / 3, j / 3, 0);
      normals.push(0, 0, 1);
      texcoords.push(i / 3, j / 3);
    }
  }
  for (let j = 0; j < 3; j++) {
    for (let i = 0; i < 3; i++)
      indices.push(j * 4 + i, j * 4 + i + 1, j * 4 + i + 4, j * 4 + i + 1, j * 4 + i + 5, j * 4 + i + 4);
  }
  const accessor = (array: Float32Array | Uint16Array, type: 'VEC3' | 'VEC2' | 'SCALAR') =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(new Float32Array(positions), 'VEC3'))
    .setAttribute('NORMAL', accessor(new Float32Array(normals), 'VEC3'))
    .setIndices(accessor(new Uint16Array(indices), 'SCALAR'))
    .setMaterial(material);
  if (uvs) prim.setAttribute('TEXCOORD_0', accessor(new Float32Array(texcoords), 'VEC2'));
  return prim;
}

/**
 * Materials 0 Body (textured with the Oak colour image), 1 Trim (with the Brass one), 2 Glass; mesh Chair draws Body and Trim, mesh Leg
 * draws Body and Glass.
 */
function chair() {
  const doc = new Document();
  const body = doc
    .createMaterial('Body')
    .setBaseColorTexture(doc.createTexture('body').setImage(images.oak.bytes).setMimeType('image/webp'));
  const trim = doc
    .createMaterial('Trim')
    .setBaseColorTexture(doc.createTexture('trim').setImage(images.brass.bytes).setMimeType('image/webp'));
  const glass = doc.createMaterial('Glass').setDoubleSided(true);
  const chairMesh = doc
    .createMesh('Chair')
    .addPrimitive(grid(doc, 0, body))
    .addPrimitive(grid(doc, 2, trim));
  const legMesh = doc
    .createMesh('Leg')
    .addPrimitive(grid(doc, 4, body))
    .addPrimitive(grid(doc, 6, glass));
  doc
    .createScene()
    .addChild(doc.createNode('Chair').setMesh(chairMesh))
    .addChild(doc.createNode('Leg').setMesh(legMesh));
  return doc;
}

const SLOTS: SlotFinishes[] = [
  { index: 0, default: 'Walnut', options: [oak, walnut, steel] },
  { index: 1, default: null, options: [steel, brass] },
  { index: 2, default: null, options: [] },
];

/** A primitive's variant mappings: variant name → material. */
function mappings(prim: Primitive) {
  const list = prim.getExtension<MappingList>('KHR_materials_variants');
  if (!list) return null;
  return Object.fromEntries(
    list.listMappings().flatMap((m) => m.listVariants().map((v) => [v.getName(), m.getMaterial()] as const)),
  );
}

const primitives = (doc: Document) =>
  doc
    .getRoot()
    .listMeshes()
    .flatMap((mesh) => mesh.listPrimitives());

async function pixel(material: Material | null | undefined) {
  const image = material?.getMetallicRoughnessTexture()?.getImage();
  if (!image) throw new Error('no metallicRoughness texture');
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { rgb: [data[0], data[1], data[2]], width: info.width };
}

interface Json {
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  images?: unknown[];
}

/** The output read back, and checked as the glTF validator reads it (meshopt decoded). */
async function readBack(glb: Uint8Array) {
  const validation = await validateGlb((await decodeMeshoptGlb(glb)) as Uint8Array);
  const doc = await (await gltfIO()).readBinary(glb);
  return { validation, doc, json: parseGlb(glb).json as Json };
}

/** The checks of `SLOTS` on `chair()`'s export. */
async function expectChairVariants(doc: Document) {
  const drawn = primitives(doc);
  expect(drawn).toHaveLength(4);
  const [bodyA, trim, bodyB, glass] = drawn as [Primitive, Primitive, Primitive, Primitive];
  const materialNames = doc
    .getRoot()
    .listMaterials()
    .map((m) => m.getName());
  // Body is drawn with Walnut everywhere now: it is gone; Trim and Glass stay.
  expect(materialNames.sort()).toEqual(['Brass', 'Glass', 'Oak', 'Steel', 'Steel', 'Trim', 'Walnut']);

  for (const body of [bodyA, bodyB]) {
    expect(body.getMaterial()?.getName()).toBe('Walnut');
    const map = mappings(body);
    expect(Object.keys(map ?? {}).sort()).toEqual(['Oak', 'Steel', 'Walnut']);
    for (const [variant, material] of Object.entries(map ?? {})) expect(material?.getName()).toBe(variant);
    expect(map?.Walnut).toBe(body.getMaterial());
  }
  expect(mappings(bodyA)).toEqual(mappings(bodyB));

  expect(trim.getMaterial()?.getName()).toBe('Trim');
  const trimMap = mappings(trim);
  expect(Object.keys(trimMap ?? {}).sort()).toEqual(['Brass', 'Steel']);
  expect(trimMap?.Brass?.getName()).toBe('Brass');
  // Shared by content: Brass's colour is Trim's own image, its normal map Walnut's.
  expect(trimMap?.Brass?.getBaseColorTexture()).toBe(trim.getMaterial()?.getBaseColorTexture());
  expect(trimMap?.Brass?.getNormalTexture()).toBe(mappings(bodyA)?.Walnut?.getNormalTexture());
  expect(trimMap?.Steel?.getName()).toBe('Steel');
  // One material per slot and finish, one image per content.
  expect(trimMap?.Steel).not.toBe(mappings(bodyA)?.Steel);
  expect(trimMap?.Steel?.getMetallicRoughnessTexture()).toBe(mappings(bodyA)?.Steel?.getMetallicRoughnessTexture());

  expect(glass.getMaterial()?.getName()).toBe('Glass');
  expect(mappings(glass)).toBeNull();

  const bodyMap = mappings(bodyA) ?? {};
  const { Oak: oakMaterial, Walnut: walnutMaterial, Steel: steelMaterial } = bodyMap;
  expect(oakMaterial?.getBaseColorTexture()?.getImage()).toEqual(images.oak.bytes);
  expect(oakMaterial?.getEmissiveTexture()?.getImage()).toEqual(images.emissive.bytes);
  expect(oakMaterial?.getEmissiveFactor()).toEqual([1, 1, 1]);
  expect(oakMaterial?.getMetallicRoughnessTexture()).toBeNull();
  expect([oakMaterial?.getMetallicFactor(), oakMaterial?.getRoughnessFactor()]).toEqual([0, 0.5]);

  expect(walnutMaterial?.getNormalTexture()?.getImage()).toEqual(images.normal.bytes);
  expect(walnutMaterial?.getOcclusionTexture()?.getImage()).toEqual(images.occlusion.bytes);
  expect(walnutMaterial?.getMetallicRoughnessTexture()?.getImage()).toEqual(images.packed.bytes);
  expect([walnutMaterial?.getMetallicFactor(), walnutMaterial?.getRoughnessFactor()]).toEqual([1, 1]);
  expect(walnutMaterial?.getEmissiveTexture()).toBeNull();

  // Separate greyscale maps packed: G roughness, B metal.
  expect([steelMaterial?.getMetallicFactor(), steelMaterial?.getRoughnessFactor()]).toEqual([1, 1]);
  expect(await pixel(steelMaterial)).toEqual({ rgb: [255, 0xb0, 0x40], width: 8 });
  // A separate roughness map wins over the packed one's G; the packed B stays; the larger size is kept.
  expect(await pixel(trimMap?.Brass)).toEqual({ rgb: [255, 0x1e, 0xc8], width: 8 });
}

describe('writeVariantsGlb', () => {
  it('adds one variant per finish, a mapping per primitive of each slot, the default, and shares images', async () => {
    const input = await (await gltfIO()).writeBinary(chair());
    const { validation, doc, json } = await readBack(await writeVariantsGlb(input, SLOTS));
    expect(validation).toMatchObject({ errors: 0, firstError: null });
    expect(json.extensionsUsed?.sort()).toEqual(['EXT_texture_webp', 'KHR_materials_variants']);
    expect(json.extensionsRequired).toEqual(['EXT_texture_webp']);
    await expectChairVariants(doc);

    // Oak's colour is Body's image (Body is gone, its image stays), Brass's Trim's; Walnut and Brass share the
    // normal map, both slots Steel's packed image; height is left out: oak, emissive, walnut, normal, packed,
    // occlusion, steel packed, brass, brass packed.
    expect(json.images).toHaveLength(9);
    const bytes = doc
      .getRoot()
      .listTextures()
      .map((texture) => Buffer.from(texture.getImage() ?? []).toString('base64'));
    expect(new Set(bytes).size).toBe(bytes.length);
    expect(bytes).not.toContain(Buffer.from(images.height.bytes).toString('base64'));
  });

  it('keeps a meshopt-compressed input compressed, and valid once decoded', async () => {
    const compressed = declareUsedExtensions((await compressChecked(chair())).glb);
    expect((parseGlb(compressed).json as Json).extensionsUsed).toContain('EXT_meshopt_compression');
    const output = await writeVariantsGlb(compressed, SLOTS);
    const { validation, doc, json } = await readBack(output);
    expect(validation).toMatchObject({ errors: 0, firstError: null });
    expect(json.extensionsUsed).toEqual(
      expect.arrayContaining(['EXT_meshopt_compression', 'EXT_texture_webp', 'KHR_materials_variants']),
    );
    await expectChairVariants(doc);
  });

  it.skipIf(!HAVE_SAMPLES)('exports a real model processed as the pipeline does (textures WebP, meshopt)', async () => {
    const io = await gltfIO();
    const doc = await io.readBinary(readFileSync(sample('glTF2/BoxTextured-glTF-Binary/BoxTextured.glb')));
    await texturesToWebp(doc, []);
    const processed = declareUsedExtensions((await compressChecked(doc)).glb);
    const { validation, doc: out } = await readBack(
      await writeVariantsGlb(processed, [{ index: 0, default: 'Steel', options: [oak, steel] }]),
    );
    expect(validation).toMatchObject({ errors: 0, firstError: null });
    const [prim] = primitives(out);
    expect(prim?.getMaterial()?.getName()).toBe('Steel');
    // The box's own material and its image went with it: Oak's colour and emissive, Steel's packed map remain.
    expect(
      out
        .getRoot()
        .listMaterials()
        .map((m) => m.getName()),
    ).toEqual(['Oak', 'Steel']);
    expect(out.getRoot().listTextures()).toHaveLength(3);
    expect(Object.keys(mappings(prim as Primitive) ?? {})).toEqual(['Oak', 'Steel']);
  });
});

describe('addMaterialVariants', () => {
  it('leaves a primitive without UVs its own material, offering it only finishes without maps', async () => {
    const doc = chair();
    // Untextured, as a valid input with a UV-less primitive drawn with it must be.
    const body = (doc.getRoot().listMaterials()[0] as Material).setBaseColorTexture(null);
    const bare = grid(doc, 8, body, false);
    doc.getRoot().listMeshes()[1]?.addPrimitive(bare);
    const matte: FinishOption = { name: 'Matte', maps: {} };
    const result = await addMaterialVariants(doc, [{ index: 0, default: 'Oak', options: [oak, matte] }]);
    expect(result).toEqual({ variants: ['Oak', 'Matte'], withoutUvs: [0] });
    expect(bare.getMaterial()).toBe(body);
    expect(Object.keys(mappings(bare) ?? {})).toEqual(['Matte']);
    expect(primitives(doc)[0]?.getMaterial()?.getName()).toBe('Oak');
    const { validation } = await readBack(await (await gltfIO()).writeBinary(doc));
    expect(validation).toMatchObject({ errors: 0, firstError: null });
  });

  it('replaces the variants a file already had', async () => {
    const io = await gltfIO();
    const first = await io.readBinary(await writeVariantsGlb(await io.writeBinary(chair()), SLOTS));
    const glass = first
      .getRoot()
      .listMaterials()
      .findIndex((m) => m.getName() === 'Glass');
    const result = await addMaterialVariants(first, [{ index: glass, default: null, options: [oak] }]);
    expect(result.variants).toEqual(['Oak']);
    const mapped = primitives(first).filter((prim) => mappings(prim) !== null);
    expect(mapped.map((prim) => prim.getMaterial()?.getName())).toEqual(['Glass']);
  });

  it('refuses slots that are no material, given twice, or with a default they do not offer', async () => {
    await expect(addMaterialVariants(chair(), [{ index: 3, default: null, options: [oak] }])).rejects.toThrow(
      'not a material',
    );
    await expect(
      addMaterialVariants(chair(), [
        { index: 1, default: null, options: [oak] },
        { index: 1, default: null, options: [steel] },
      ]),
    ).rejects.toThrow('given twice');
    await expect(addMaterialVariants(chair(), [{ index: 1, default: 'Brass', options: [oak] }])).rejects.toThrow(
      'not one of its finishes',
    );
    await expect(addMaterialVariants(chair(), [{ index: 1, default: null, options: [oak, oak] }])).rejects.toThrow(
      'twice',
    );
  });
});
