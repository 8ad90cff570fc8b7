import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { Primitive } from '@gltf-transform/core';
import { sourceMessage } from '@meshport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { type ConversionError, type ConversionResult, Converter, type StepReport } from './converter.ts';
import { gltfIO } from './gltf-io.ts';
import { writeTestZip } from './zip-writer.test-support.ts';

/** A PNG that declares its size but carries no pixels: enough for a decoder that checks the header first. */
function hugePngHeader(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = mkdtempSync(path.join(tmpdir(), 'converter-'));
let n = 0;
const converter = new Converter();
let peakMb = 0;

afterAll(async () => {
  await converter.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(filePath: string, fileName = path.basename(filePath)) {
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const outputPath = path.join(workDir, 'out.glb');
  const steps: StepReport[] = [];
  const started = performance.now();
  const result = await converter.convert({ filePath, fileName, workDir, outputPath }, (r) => steps.push(r));
  peakMb = Math.max(peakMb, converter.peakRssMb);
  return { result, steps, outputPath, ms: performance.now() - started };
}

function zipOf(name: string, files: string[]) {
  const file = path.join(dir, name);
  writeTestZip(
    file,
    files.map((f) => ({ name: path.basename(f), data: readFileSync(sample(f)) })),
  );
  return file;
}

async function readOutput(outputPath: string) {
  return (await gltfIO()).read(outputPath);
}

function expectPlausible(result: ConversionResult) {
  const f = result.figures;
  expect(f.triangles + f.points).toBeGreaterThan(0);
  expect(f.vertices).toBeGreaterThan(0);
  expect(f.outputBytes).toBeGreaterThan(0);
  expect(f.bounds).not.toBeNull();
  expect(Object.keys(f.stepsMs).sort()).toEqual(['convert', 'inspect', 'optimise']);
}

const SINGLE_FILES = [
  '3DS/RotatingCube.3DS',
  '3DS/fels.3ds',
  'Collada/COLLADA.dae',
  'Collada/human.zae',
  'Collada/teapots.DAE',
  'FBX/animation_with_skeleton.fbx',
  'FBX/box.fbx',
  'FBX/boxWithCompressedCTypeArray.FBX',
  'FBX/box_orphant_embedded_texture.fbx',
  'FBX/cubes_with_names.fbx',
  'FBX/embedded_ascii/box.FBX',
  'FBX/huesitos.fbx',
  'FBX/maxPbrMaterial_metalRough.fbx',
  'FBX/phong_cube.fbx',
  'FBX/spider.fbx',
  'OBJ/WusonOBJ.obj',
  'OBJ/box.obj',
  'OBJ/cube_usemtl.obj',
  'OBJ/regr01.obj',
  'PLY/Wuson.ply',
  'PLY/cube_binary.ply',
  'PLY/cube_uv.ply',
  'PLY/pond.0.ply',
  'STL/Spider_ascii.stl',
  'STL/Spider_binary.stl',
  'STL/Wuson.stl',
  'STL/sphereWithHole.stl',
  'glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb',
  'glTF2/BoxTextured-glTF-Binary/BoxTextured.glb',
];

const INVALID: [string, string[]][] = [
  ['invalid/empty.obj', ['invalid/empty.obj']],
  ['invalid/malformed.obj', ['invalid/malformed.obj']],
  ['invalid/malformed2.obj', ['invalid/malformed2.obj']],
  ['invalid/OutOfMemory.off', ['invalid/OutOfMemory.off']],
  [
    'invalid/crash-30d6d0f7c529b3b66b4131700b7a4580cd7082df.ply',
    ['invalid/crash-30d6d0f7c529b3b66b4131700b7a4580cd7082df.ply'],
  ],
  [
    'IndexOutOfRange.zip',
    ['glTF2/IndexOutOfRange/AllIndicesOutOfRange.gltf', 'glTF2/IndexOutOfRange/AllIndicesOutOfRange.bin'],
  ],
  ['MissingBin.zip', ['glTF2/MissingBin/BoxTextured.gltf']],
  ['RecursiveNodes.gltf', ['glTF2/RecursiveNodes/RecursiveNodes.gltf']],
];

describe.skipIf(!HAVE_SAMPLES)('Converter on the sample files', () => {
  const times: string[] = [];
  let total = 0;
  afterAll(() => {
    console.log(
      `${times.join('\n')}\nall valid samples: ${Math.round(total)} ms, converter peak RSS ${Math.round(peakMb)} MB`,
    );
  });

  beforeAll(async () => {
    // Start the child before timing anything.
    await run(sample('OBJ/box.obj'));
  });

  it.each(SINGLE_FILES)('converts %s', async (file) => {
    const { result, steps, outputPath, ms } = await run(sample(file));
    total += ms;
    times.push(`${file}: ${Math.round(ms)} ms`);
    expectPlausible(result);
    expect(steps.map((s) => s.step)).toEqual(['inspect', 'convert', 'optimise']);
    expect(statSync(outputPath).size).toBe(result.figures.outputBytes);
  });

  it.each([
    [
      'spider.zip',
      [
        'OBJ/spider.obj',
        'OBJ/spider.mtl',
        'OBJ/SpiderTex.jpg',
        'OBJ/drkwood2.jpg',
        'OBJ/engineflare1.jpg',
        'OBJ/wal67ar_small.jpg',
        'OBJ/wal69ar_small.jpg',
      ],
      4,
    ],
    ['duck.zip', ['Collada/duck.dae', 'Collada/duckCM.tga'], 1],
    [
      'boxtextured.zip',
      [
        'glTF2/BoxTextured-glTF/BoxTextured.gltf',
        'glTF2/BoxTextured-glTF/BoxTextured0.bin',
        'glTF2/BoxTextured-glTF/CesiumLogoFlat.png',
      ],
      1,
    ],
    ['3ds.zip', ['3DS/cube_with_diffuse_texture.3DS', '3DS/test.png'], 1],
  ] as const)('converts the bundle %s with its textures as WebP', async (name, files, textures) => {
    const { result, outputPath, ms } = await run(zipOf(name, [...files]));
    total += ms;
    times.push(`${name}: ${Math.round(ms)} ms`);
    expectPlausible(result);
    expect(result.figures.textures).toBe(textures);
    expect(result.warnings.filter((w) => w.includes('not found'))).toEqual([]);
    const doc = await readOutput(outputPath);
    expect(
      doc
        .getRoot()
        .listTextures()
        .map((t) => t.getMimeType()),
    ).toEqual(Array(textures).fill('image/webp'));
  });

  it('names the output’s materials in order: look-alike materials of different names stay apart (slots)', async () => {
    // mtl and mtl2 differ only in what glTF does not keep (Ns, Ks); mtl3 is named but not defined.
    const { result, outputPath } = await run(sample('OBJ/cube_usemtl.obj'));
    expect(result.figures.materialNames).toEqual(['mtl3', 'mtl', 'mtl2']);
    expect(result.figures.materials).toBe(3);
    const names = (await readOutput(outputPath))
      .getRoot()
      .listMaterials()
      .map((material) => material.getName());
    expect(names).toEqual(result.figures.materialNames);
  });

  it('keeps embedded FBX textures', async () => {
    const { result } = await run(sample('FBX/embedded_ascii/box.FBX'));
    expect(result.figures.textures).toBe(1);
  });

  it('warns about textures missing from the upload', async () => {
    const { result } = await run(zipOf('spider-bare.zip', ['OBJ/spider.obj', 'OBJ/spider.mtl']));
    expect(result.warnings).toContain('Texture SpiderTex.jpg was not found in the upload');
    expect(result.figures.textures).toBe(0);
  });

  it('keeps a point cloud as points', async () => {
    const { result, outputPath } = await run(sample('PLY/pond.0.ply'));
    expect(result.figures.triangles).toBe(0);
    expect(result.figures.points).toBeGreaterThan(10_000);
    const doc = await readOutput(outputPath);
    const modes = doc
      .getRoot()
      .listMeshes()
      .flatMap((m) => m.listPrimitives().map((p) => p.getMode()));
    expect(modes.every((mode) => mode === Primitive.Mode.POINTS)).toBe(true);
  });

  it('welds the vertices assimp leaves unshared (one per triangle corner)', async () => {
    const { result } = await run(sample('Collada/COLLADA.dae'));
    expect(result.figures.triangles).toBe(6722);
    expect(result.figures.vertices).toBeLessThan(result.figures.triangles);
    const stl = await run(sample('STL/Spider_binary.stl'));
    expect(stl.result.figures.vertices).toBeLessThan(stl.result.figures.triangles * 3);
  });

  it('does not simplify a skinned mesh', async () => {
    const { result, outputPath } = await run(sample('FBX/animation_with_skeleton.fbx'));
    expect(result.figures.simplified).toBe(false);
    expect(result.figures.triangles).toBe(result.figures.trianglesBefore);
    const doc = await readOutput(outputPath);
    expect(doc.getRoot().listSkins().length).toBeGreaterThan(0);
  });

  it.each(INVALID)('fails %s with a message, then converts a valid file', async (name, files) => {
    const input = files.length === 1 && !name.endsWith('.zip') ? sample(files[0] as string) : zipOf(name, files);
    const error = await run(input, name).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^The /);
    expect(message).not.toMatch(/\n\s+at /);
    // Across the converter process: by code and parameters, for the reader's language (issue 31 item 6).
    const coded = (error as ConversionError).coded;
    expect(coded, message).not.toBeNull();
    expect(message).toBe(sourceMessage(coded?.code ?? 'unreadable', coded?.params ?? {}));
    const { result } = await run(sample('FBX/box.fbx'));
    expect(result.figures.triangles).toBe(12);
  });
});

describe.skipIf(!HAVE_SAMPLES)('Converter on hostile inputs', () => {
  const failsWith = async (filePath: string, fileName: string, pattern: RegExp) => {
    await expect(run(filePath, fileName)).rejects.toThrow(pattern);
    const { result } = await run(sample('OBJ/box.obj'));
    expect(result.figures.triangles).toBe(12);
  };

  it('refuses an .fbx that is a PNG', async () => {
    await failsWith(sample('3DS/test.png'), 'model.fbx', /not a valid FBX file: its content does not match its name/);
  });

  it('fails a binary FBX cut in half', async () => {
    const file = path.join(dir, 'half.fbx');
    const box = readFileSync(sample('FBX/box.fbx'));
    writeFileSync(file, box.subarray(0, box.length / 2));
    await failsWith(file, 'half.fbx', /could not be read/);
  });

  it('refuses zip-slip, links and huge archives as uploads', async () => {
    const slip = path.join(dir, 'slip.zip');
    writeTestZip(slip, [{ name: '../../x.obj', data: Buffer.from('v 0 0 0') }]);
    await failsWith(slip, 'slip.zip', /path outside its folder/);
    const link = path.join(dir, 'link.zip');
    writeTestZip(link, [{ name: 'model.obj', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    await failsWith(link, 'link.zip', /contains a link/);
  });

  it('leaves out a 20000 × 20000 texture with a warning', async () => {
    const png = hugePngHeader(20_000, 20_000);
    const file = path.join(dir, 'huge-texture.zip');
    const mtl = 'newmtl M\nKd 1 1 1\nmap_Kd .\\Huge.PNG\n';
    const obj = 'mtllib box.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl M\nf 1/1 2/2 3/3\n';
    writeTestZip(file, [
      { name: 'box.obj', data: Buffer.from(obj) },
      { name: 'box.mtl', data: Buffer.from(mtl) },
      { name: 'textures/huge.png', data: png },
    ]);
    const { result } = await run(file);
    expect(result.figures.textures).toBe(0);
    expect(result.warnings.join(' ')).toMatch(/huge\.png is too large \(20,000 × 20,000 pixels/);
    expect(converter.peakRssMb).toBeLessThan(1024);
  });
});

describe('Converter on a generated 1M-triangle OBJ', () => {
  it('converts it within 1 GB and simplifies it moderately, while a small mesh is not simplified', async () => {
    const file = path.join(dir, 'million.obj');
    const side = 708; // 707² quads → 999,698 triangles
    const lines: string[] = ['o terrain'];
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const h = Math.sin(x / 40) * Math.cos(y / 55) * 4 + Math.sin((x + y) / 9) * 0.5;
        lines.push(`v ${(x / 10).toFixed(4)} ${h.toFixed(5)} ${(y / 10).toFixed(4)}`);
      }
    }
    for (let y = 0; y + 1 < side; y++) {
      for (let x = 0; x + 1 < side; x++) {
        const a = y * side + x + 1;
        lines.push(`f ${a} ${a + 1} ${a + side + 1} ${a + side}`);
      }
    }
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { result, ms } = await run(file);
    console.log(
      `1M-triangle OBJ: ${Math.round(ms)} ms (${JSON.stringify(result.figures.stepsMs)}), ${result.figures.trianglesBefore} → ${result.figures.triangles} triangles, peak RSS ${Math.round(converter.peakRssMb)} MB`,
    );
    expect(result.figures.trianglesBefore).toBe(707 * 707 * 2);
    expect(result.figures.simplified).toBe(true);
    expect(result.figures.triangles).toBeLessThan(result.figures.trianglesBefore);
    expect(result.figures.triangles).toBeGreaterThanOrEqual(result.figures.trianglesBefore * 0.4);
    expect(converter.peakRssMb).toBeLessThan(1024);

    const small = path.join(dir, 'small.obj');
    writeFileSync(small, 'v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n');
    const { result: smallResult } = await run(small);
    expect(smallResult.figures.simplified).toBe(false);
    expect(smallResult.figures.triangles).toBe(2);
  });

  it('fails a job over the memory limit and keeps working', async () => {
    const limited = new Converter({ memoryMb: 300 });
    try {
      const file = path.join(dir, 'million.obj');
      const workDir = mkdtempSync(path.join(dir, 'limited-'));
      await expect(
        limited.convert(
          { filePath: file, fileName: 'million.obj', workDir, outputPath: path.join(workDir, 'o.glb') },
          () => {},
        ),
      ).rejects.toThrow('The converter ran out of memory (limit 300 MB) on this file');
      // A file the tests make (the samples may be absent), well under the limit.
      const quad = path.join(workDir, 'quad.obj');
      writeFileSync(quad, 'v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n');
      const result = await limited.convert(
        { filePath: quad, fileName: 'quad.obj', workDir, outputPath: path.join(workDir, 'b.glb') },
        () => {},
      );
      expect(result.figures.triangles).toBe(2);
      console.log(`converter baseline peak RSS after a small job: ${Math.round(limited.peakRssMb)} MB`);
    } finally {
      await limited.close();
    }
  });
});
