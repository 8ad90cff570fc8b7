import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CodedMessage, sourceMessage } from '@meshport/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { deflatedRecord, zipRecords } from '#core/archive/zip-writer.ts';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { runConversion } from './conversion-pipeline.ts';
import { ConversionError } from './conversion-types.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'coded-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Converts `bytes` as an upload named `fileName`: the failure's code and parameters, or the run's warnings. */
async function convert(fileName: string, bytes: Buffer | string) {
  const workDir = path.join(dir, `job${++n}`);
  mkdirSync(workDir);
  const filePath = path.join(workDir, path.basename(fileName));
  writeFileSync(filePath, bytes);
  try {
    const result = await runConversion(
      { filePath, fileName, workDir, outputPath: path.join(workDir, 'out.glb') },
      () => undefined,
    );
    return { failure: null, warnings: result.warnings };
  } catch (error) {
    if (!(error instanceof ConversionError)) throw error;
    return { failure: { step: error.step, message: error.message, coded: error.coded }, warnings: [] };
  }
}

/** A failure carries its code and typed parameters, and its English text is that code's. */
function expectCoded(failure: { message: string; coded: CodedMessage | null } | null, expected: CodedMessage) {
  expect(failure?.coded).toEqual(expected);
  expect(failure?.message).toBe(sourceMessage(expected.code, expected.params));
}

describe('rarer failures by code with their figures (issue 31 item 6)', () => {
  it.skipIf(!HAVE_SAMPLES)('a broken OBJ sample names its line; one with a missing vertex its figures', async () => {
    const zero = await convert('malformed.obj', readFileSync(sample('invalid/malformed.obj')));
    expectCoded(zero.failure, { code: 'objFaceIndexZero', params: { lineNumber: '28' } });
    const text = readFileSync(sample('invalid/malformed.obj'), 'utf8').replace('f 0 7 8 5', 'f 1 7 8 5');
    const missing = await convert('missing.obj', text);
    expectCoded(missing.failure, { code: 'objMissingVertex', params: { indexNumber: '12', definedNumber: '8' } });
  });

  it.skipIf(!HAVE_SAMPLES)('a hostile PLY sample fails by a PLY code', async () => {
    const { failure } = await convert(
      'crash.ply',
      readFileSync(sample('invalid/crash-30d6d0f7c529b3b66b4131700b7a4580cd7082df.ply')),
    );
    expect(failure?.coded?.code).toMatch(/^ply[A-Z]/);
    expect(failure?.message).toBe(sourceMessage(failure?.coded?.code ?? 'unreadable', failure?.coded?.params ?? {}));
  });

  it('a PLY header line and a truncated STL: line number, count', async () => {
    const ply = await convert('bad.ply', 'ply\nformat ascii 1.0\nelement vertex two\nend_header\n');
    expectCoded(ply.failure, { code: 'plyBadElement', params: { lineNumber: '3' } });
    const header = Buffer.alloc(84);
    header.writeUInt32LE(1000, 80);
    const stl = await convert('short.stl', Buffer.concat([header, Buffer.alloc(10 * 50 + 7)]));
    expectCoded(stl.failure, { code: 'stlTrianglesMissing', params: { trianglesNumber: '1000' } });
  });

  it('archive limits: a path outside the archive, a link, nothing without an extension', async () => {
    const slip = zipRecords([deflatedRecord('../../evil.obj', Buffer.from('v 0 0 0\n'))]);
    expectCoded((await convert('slip.zip', slip)).failure, {
      code: 'archivePathOutside',
      params: { fileName: '../../evil.obj' },
    });
    const link = zipRecords([{ ...deflatedRecord('model.obj', Buffer.from('/etc/passwd')), mode: 0o120777 }]);
    expectCoded((await convert('link.zip', link)).failure, { code: 'archiveLink', params: { fileName: 'model.obj' } });
    expectCoded((await convert('README', 'hello')).failure, { code: 'typeNoExtension', params: {} });
  });

  it('an image the decoder refuses leaves its texture out with a coded warning', async () => {
    const obj = 'mtllib box.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl wood\nf 1/1 2/2 3/3\n';
    const mtl = 'newmtl wood\nmap_Kd wood.png\n';
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]);
    const zip = zipRecords([
      deflatedRecord('box.obj', Buffer.from(obj)),
      deflatedRecord('box.mtl', Buffer.from(mtl)),
      deflatedRecord('wood.png', png),
    ]);
    const { failure, warnings } = await convert('box.zip', zip);
    expect(failure).toBeNull();
    expect(warnings).toContain(
      sourceMessage('textureLeftOut', { text: sourceMessage('imageDamaged', { fileName: 'wood.png' }) }),
    );
  });
});
