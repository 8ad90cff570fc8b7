import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiClient, libraryItemEndpoints, projectModelEndpoints, TUS_VERSION } from '@meshport/contract';
import { httpRequest } from '@meshport/contract/node-http';
import { zipSync } from 'fflate';
import { BASE_DOMAIN } from './e2e-server.ts';
import type { Host } from './hosts.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The shared real 3D files (never copied into the project): beside the repository, or where
 * `MESHPORT_SAMPLES_DIR` says (a clean clone's CI run sets it). Specs that need them skip without.
 */
export const SAMPLES_DIR = process.env.MESHPORT_SAMPLES_DIR || path.resolve(REPO_ROOT, '../shared/samples/3d');
export const HAVE_SAMPLES = existsSync(SAMPLES_DIR);
export const sample = (relative: string) => path.join(SAMPLES_DIR, relative);

/** A zip of sample files (flat, by their base names) in a temp folder; returns its path. */
export async function zipSamples(zipName: string, relatives: string[]): Promise<string> {
  const entries: Record<string, Uint8Array> = {};
  for (const relative of relatives) entries[path.basename(relative)] = await readFile(sample(relative));
  const folder = await mkdtemp(path.join(tmpdir(), 'meshport-e2e-zip-'));
  const file = path.join(folder, zipName);
  await writeFile(file, zipSync(entries));
  return file;
}

/** A spider OBJ with its material and texture, zipped: the "zip of an OBJ with textures". */
export const spiderObjZip = () =>
  zipSamples('spider-obj.zip', ['OBJ/spider.obj', 'OBJ/spider.mtl', 'OBJ/SpiderTex.jpg', 'OBJ/drkwood2.jpg']);

/**
 * Uploads a file through the real tus endpoint from the test process, in one creation-with-upload
 * request, and answers the upload id (what `upload_id` of a record takes).
 */
export async function apiUpload(port: number, host: Host, token: string, file: string, name?: string) {
  const bytes = await readFile(file);
  const fileName = name ?? path.basename(file);
  const answer = await httpRequest(`http://127.0.0.1:${port}`, '/v2/uploads', {
    method: 'POST',
    host: `${host}.${BASE_DOMAIN}:${port}`,
    token,
    body: bytes,
    headers: {
      'tus-resumable': TUS_VERSION,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
  });
  const location = answer.headers.location;
  if (answer.status !== 201 || typeof location !== 'string') {
    throw new Error(`tus upload of ${fileName} answered ${answer.status}: ${answer.text}`);
  }
  if (Number(answer.headers['upload-offset']) !== bytes.length) {
    throw new Error(`tus upload of ${fileName} stopped at ${String(answer.headers['upload-offset'])}`);
  }
  return location.split('/').pop() as string;
}

/** A project model made from a file (uploaded first); answers the new row. */
export async function apiCreateModel(
  client: ApiClient,
  upload: { port: number; host: Host; token: string },
  fields: { projectId: number; name: string; file: string },
) {
  const uploadId = await apiUpload(upload.port, upload.host, upload.token, fields.file);
  const answer = await client.call(projectModelEndpoints.create, {
    body: { name: fields.name, project_id: fields.projectId, upload_id: uploadId },
  });
  return answer.data;
}

/** A library item made from a file (uploaded first); answers the new row. */
export async function apiCreateItem(
  client: ApiClient,
  upload: { port: number; host: Host; token: string },
  fields: { name: string; file: string; libraries?: number[] },
) {
  const uploadId = await apiUpload(upload.port, upload.host, upload.token, fields.file);
  const answer = await client.call(libraryItemEndpoints.create, {
    body: { name: fields.name, upload_id: uploadId, ...(fields.libraries ? { libraries: fields.libraries } : {}) },
  });
  return answer.data;
}

/**
 * A dense grid as OBJ (`rows` × `rows` quads, two triangles each) in a temp folder: a file whose
 * processing takes seconds, for a spec that must see a run at work.
 */
export function heavyGridObj(rows: number): string {
  const file = path.join(tmpdir(), `meshport-e2e-grid-${rows}.obj`);
  if (existsSync(file)) return file;
  const lines: string[] = [];
  for (let y = 0; y <= rows; y++) {
    for (let x = 0; x <= rows; x++) lines.push(`v ${x / rows} ${Math.sin(x / 7) * Math.cos(y / 5) * 0.05} ${y / rows}`);
  }
  const at = (x: number, y: number) => y * (rows + 1) + x + 1;
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < rows; x++) lines.push(`f ${at(x, y)} ${at(x, y + 1)} ${at(x + 1, y + 1)} ${at(x + 1, y)}`);
  }
  // Whole or not at all: another spec file may be reading it.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, `${lines.join('\n')}\n`);
  renameSync(partial, file);
  return file;
}
