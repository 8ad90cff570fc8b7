import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { runConversion } from './conversion-pipeline.ts';
import { detectUploadKind } from './file-kind.ts';
import { fbxVersion, fbxZerosAsSpaces } from './source-checks.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'source-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Converts `bytes` as an upload named `fileName`; the message of the failure, or the result. */
async function convert(fileName: string, bytes: Buffer | string) {
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const filePath = path.join(workDir, fileName);
  writeFileSync(filePath, bytes);
  const steps: string[] = [];
  try {
    const result = await runConversion(
      { filePath, fileName, workDir, outputPath: path.join(workDir, 'out.glb') },
      (r) => steps.push(r.message),
    );
    return { result, steps, failure: null };
  } catch (error) {
    return { result: null, steps, failure: (error as Error).message };
  }
}

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] as number, le[i] as number];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};

/** The header of an ASCII FBX as FBX 6.1 (2009) writes it, with one triangle after it. */
const FBX_61_ASCII = [
  '; FBX 6.1.0 project file',
  '; Copyright (C) 1997-2008 Autodesk Inc. and/or its licensors.',
  '; ----------------------------------------------------',
  '',
  'FBXHeaderExtension:  {',
  '\tFBXHeaderVersion: 1003',
  '\tFBXVersion: 6100',
  '\tCreator: "FBX SDK/FBX Plugins version 2009.3"',
  '}',
  'Objects:  {',
  '\tModel: "Model::Triangle", "Mesh" {',
  '\t\tVertices: 0,0,0,1,0,0,0,1,0',
  '\t\tPolygonVertexIndex: 0,1,-3',
  '\t}',
  '}',
  '',
].join('\n');

function binaryFbxHeader(version: number) {
  const head = Buffer.alloc(27 + 13);
  head.write('Kaydara FBX Binary  \0', 0, 'latin1');
  head[21] = 0x1a;
  head[22] = 0;
  head.writeUInt32LE(version, 23);
  return head;
}

describe('messages that name the cause and the way out', () => {
  it('FBX before 2011 (6.1, ASCII or binary): says so and asks for FBX 2013 or newer', async () => {
    expect(fbxVersion(Buffer.from(FBX_61_ASCII))).toBe(6100);
    expect(fbxVersion(binaryFbxHeader(6100))).toBe(6100);
    expect(fbxVersion(binaryFbxHeader(7400))).toBe(7400);
    expect(fbxVersion(Buffer.from('; FBX 7.3.0 project file\nObjects: {}\n'))).toBe(7300);
    const ascii = await convert('old.fbx', FBX_61_ASCII);
    expect(ascii.failure).toBe(
      'The file is FBX 6.1, from before 2011, which can not be read: re-export it as FBX 2013 or newer',
    );
    const binary = await convert('old-binary.fbx', binaryFbxHeader(6100));
    expect(binary.failure).toContain('FBX 6.1, from before 2011');
  });

  it('a binary FBX whose zero bytes all became spaces: names the damage and asks for a binary copy', async () => {
    const damaged = Buffer.from(binaryFbxHeader(7400).map((byte) => (byte === 0 ? 0x20 : byte)));
    expect(fbxZerosAsSpaces(damaged)).toBe(true);
    expect(fbxZerosAsSpaces(binaryFbxHeader(7400))).toBe(false);
    expect(fbxZerosAsSpaces(Buffer.from(FBX_61_ASCII))).toBe(false);
    expect((await convert('damaged.fbx', damaged)).failure).toBe(
      'The FBX file was damaged in transfer: its zero bytes were replaced by spaces, as a text-mode copy does. Copy or export it again as a binary file.',
    );
  });

  it.skipIf(!HAVE_SAMPLES)('reads the FBX samples (2011 and newer) as before', () => {
    for (const file of [
      'FBX/box.fbx',
      'FBX/spider.fbx',
      'real-world/FBX-maya-cm/maya_anim_no_inherit_scale_7700_ascii.fbx',
    ]) {
      const version = fbxVersion(readFileSync(sample(file)).subarray(0, 4096));
      expect(version, file).toBeGreaterThanOrEqual(7100);
    }
  });

  it('accepts UTF-16 text at upload (with a byte order mark, or XML without one) and still refuses binary', () => {
    const dae =
      '<?xml version="1.0" encoding="UTF-16"?>\n<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema">';
    expect(detectUploadKind(utf16le(dae), 'duck.dae')).toBe('dae');
    expect(detectUploadKind(utf16be(dae), 'duck.dae')).toBe('dae');
    expect(detectUploadKind(Buffer.from(dae, 'utf16le'), 'duck.dae')).toBe('dae');
    expect(detectUploadKind(utf16le('v 0 0 0\nf 1 1 1\n'), 'a.obj')).toBe('obj');
    expect(detectUploadKind(Buffer.from([0xff, 0xfe, 0, 0, 1, 2, 0, 0, 3, 4]), 'a.dae')).toBe('dae');
    expect(detectUploadKind(Buffer.from([0xff, 0xfe, 1, 0, 2, 0, 3, 0]), 'a.dae')).toBeNull();
    expect(detectUploadKind(Buffer.from([0, 1, 2, 3, 0, 0]), 'a.dae')).toBeNull();
  });

  it('reads a UTF-16 OBJ from a UTF-8 copy, and says which encoding UTF-32 is', async () => {
    const obj = await convert('tri.obj', utf16le('# é\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
    expect(obj.failure).toBeNull();
    expect(obj.result?.figures.triangles).toBe(1);
    expect(obj.steps[0]).toContain('UTF-16 text, read as UTF-8');
    const utf32 = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('v\0\0\0')]);
    expect((await convert('tri32.obj', utf32)).failure).toBe(
      'The file is UTF-32 text, which can not be read: save it as UTF-8 (or UTF-16) and upload it again',
    );
  });

  it.skipIf(!HAVE_SAMPLES)('reads a UTF-16 copy of a Collada sample like the original', async () => {
    const original = readFileSync(sample('Collada/COLLADA.dae'), 'utf8');
    const declared = original.replace(/encoding="utf-8"/i, 'encoding="UTF-16"');
    const [plain, le, be] = await Promise.all([
      convert('COLLADA.dae', original),
      convert('COLLADA.dae', utf16le(declared)),
      convert('COLLADA.dae', utf16be(declared)),
    ]);
    expect(plain.failure).toBeNull();
    expect(le.failure).toBeNull();
    expect(be.failure).toBeNull();
    expect(le.result?.figures.triangles).toBe(plain.result?.figures.triangles);
    expect(be.result?.figures.triangles).toBe(plain.result?.figures.triangles);
  });

  it('names the glTF extensions a file requires that can not be read, and only those', async () => {
    const gltf = {
      asset: { version: '2.0' },
      extensionsUsed: ['EXT_future_geometry', 'KHR_materials_variants', 'VENDOR_magic'],
      extensionsRequired: ['EXT_future_geometry', 'KHR_materials_variants', 'VENDOR_magic'],
      scenes: [{ nodes: [] }],
    };
    const { failure } = await convert('future.gltf', JSON.stringify(gltf));
    expect(failure).toBe(
      'The glTF file requires glTF extensions that can not be read here (EXT_future_geometry, VENDOR_magic): export it again without them',
    );
  });
});
