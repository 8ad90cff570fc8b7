import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sample } from '#test/samples.ts';
import { Converter } from './converter.ts';
import { gltfIO, parseGlb, withDracoDecoder } from './gltf-io.ts';
import { sceneBounds } from './optimise-step.ts';
import { writeTestZip } from './zip-writer.test-support.ts';

/** Compressed and quantised glTF from real-world exporters (issue 26, classes 1 and 2). */
const HAVE_REAL_WORLD = existsSync(sample('real-world'));

const dir = mkdtempSync(path.join(tmpdir(), 'converter-decode-'));
let n = 0;
const converter = new Converter();

afterAll(async () => {
  await converter.close();
  rmSync(dir, { recursive: true, force: true });
});

async function convert(filePath: string) {
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const outputPath = path.join(workDir, 'out.glb');
  const result = await converter.convert(
    { filePath, fileName: path.basename(filePath), workDir, outputPath },
    () => {},
  );
  return { result, outputPath };
}

interface OutputJson {
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  accessors?: { componentType: number }[];
  meshes?: { primitives: { attributes: Record<string, number> }[] }[];
}

/** Extensions the output's JSON actually carries: an `extensions` key anywhere, or quantised vertex attributes. */
function extensionsCarried(json: OutputJson): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key: string) => {
    if (Array.isArray(value)) for (const item of value) walk(item, '');
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (key === 'extensions') found.add(k);
        if (k !== 'extensionsUsed' && k !== 'extensionsRequired') walk(v, k);
      }
    }
  };
  walk(json, '');
  const FLOAT = 5126;
  const quantised = (json.meshes ?? []).some((mesh) =>
    mesh.primitives.some((prim) =>
      Object.entries(prim.attributes).some(
        ([name, index]) =>
          /^(POSITION|NORMAL|TANGENT|TEXCOORD_\d+)$/.test(name) && json.accessors?.[index]?.componentType !== FLOAT,
      ),
    ),
  );
  if (quantised) found.add('KHR_mesh_quantization');
  return [...found].sort();
}

function outputJson(outputPath: string): OutputJson {
  return parseGlb(new Uint8Array(readFileSync(outputPath))).json as OutputJson;
}

async function inputBounds(filePath: string) {
  const io = await withDracoDecoder(await gltfIO());
  const bounds = sceneBounds(await io.read(filePath));
  if (!bounds) throw new Error(`no bounds in ${filePath}`);
  return bounds;
}

/** Output bounds equal the input's within the quantisation the optimiser applies (a thousandth of the size). */
async function expectSameBounds(inputPath: string, outputPath: string) {
  const expected = await inputBounds(inputPath);
  const actual = sceneBounds(await (await gltfIO()).read(outputPath));
  expect(actual).not.toBeNull();
  const size = Math.hypot(...expected.max.map((v, i) => v - (expected.min[i] as number)));
  for (const key of ['min', 'max'] as const) {
    expected[key].forEach((v, i) => {
      expect(Math.abs((actual?.[key][i] as number) - v)).toBeLessThanOrEqual(size * 1e-3);
    });
  }
}

describe.skipIf(!HAVE_REAL_WORLD)('Converter on compressed and quantised glTF', () => {
  it.each([
    'real-world/glTF2-draco/gears.glb',
    'real-world/glTF2-draco/ferrari.glb',
    'real-world/glTF2-meshopt/BoxMeshopt.glb',
    'real-world/glTF2-quantized/ShaderBall.glb',
  ])('decodes %s, keeps its geometry and declares exactly the extensions it uses', async (file) => {
    const { result, outputPath } = await convert(sample(file));
    expect(result.figures.vertices).toBeGreaterThan(0);
    expect(result.figures.triangles).toBeGreaterThan(0);
    await expectSameBounds(sample(file), outputPath);
    const json = outputJson(outputPath);
    expect(json.extensionsUsed ?? []).not.toContain('KHR_draco_mesh_compression');
    expect([...(json.extensionsUsed ?? [])].sort()).toEqual(extensionsCarried(json));
    for (const required of json.extensionsRequired ?? []) expect(json.extensionsUsed).toContain(required);
  });

  const ktx2Zip = (name: string, texture: Buffer) => {
    const folder = 'real-world/glTF2-ktx2';
    const zip = path.join(dir, name);
    writeTestZip(zip, [
      ...['BoxTexturedKtx2.gltf', 'BoxTextured0.bin'].map((file) => ({
        name: file,
        data: readFileSync(sample(`${folder}/${file}`)),
      })),
      { name: 'texture_etc1s.ktx2', data: texture },
    ]);
    return zip;
  };

  it('keeps a KTX2 / Basis texture, bound to its material, and declares it', async () => {
    const folder = 'real-world/glTF2-ktx2';
    const zip = ktx2Zip('ktx2.zip', readFileSync(sample(`${folder}/texture_etc1s.ktx2`)));
    const { result, outputPath } = await convert(zip);
    expect(result.figures.textures).toBe(1);
    expect(result.warnings).toEqual([]);
    await expectSameBounds(sample(`${folder}/BoxTexturedKtx2.gltf`), outputPath);
    const doc = await (await gltfIO()).read(outputPath);
    const [texture] = doc.getRoot().listTextures();
    expect(texture?.getMimeType()).toBe('image/ktx2');
    expect(texture?.getImage()?.byteLength).toBeGreaterThan(0);
    const bound = doc
      .getRoot()
      .listMaterials()
      .map((m) => m.getBaseColorTexture());
    expect(bound).toContain(texture);
    const json = outputJson(outputPath);
    expect(json.extensionsUsed).toContain('KHR_texture_basisu');
    expect([...(json.extensionsUsed ?? [])].sort()).toEqual(extensionsCarried(json));
  });

  it('leaves out a damaged KTX2 texture with a warning, and no longer declares KHR_texture_basisu', async () => {
    const { result, outputPath } = await convert(ktx2Zip('ktx2-damaged.zip', Buffer.from('not a KTX2 texture at all')));
    expect(result.figures.textures).toBe(0);
    expect(result.warnings.join(' ')).toMatch(/KTX2 texture texture_etc1s\.ktx2 is damaged/);
    const json = outputJson(outputPath);
    expect(json.extensionsUsed ?? []).not.toContain('KHR_texture_basisu');
    expect(json.extensionsRequired ?? []).not.toContain('KHR_texture_basisu');
    expect([...(json.extensionsUsed ?? [])].sort()).toEqual(extensionsCarried(json));
  });
});
