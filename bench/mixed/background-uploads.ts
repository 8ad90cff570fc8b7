import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, type BodyOf, endpointPath, libraryItemEndpoints, projectModelEndpoints } from '@meshport/contract';
import { httpCall, REPO } from '../list-api/bench-setup.ts';
import { generateHeavyObj } from '../pipeline/generate-heavy-obj.ts';
import { type Session, sessionHeaders } from './mix-sessions.ts';

const TUS = { 'tus-resumable': '1.0.0' };

/** Sample models from ../shared/samples/3d when that folder is there; a generated OBJ otherwise. */
function modelFiles(): string[] {
  const samples = process.env.MESHPORT_SAMPLES_DIR ?? path.resolve(REPO, '../shared/samples/3d');
  const picked = ['FBX/spider.fbx', 'Collada/duck.dae', '3DS/fels.3ds'].map((file) => path.join(samples, file));
  if (picked.every((file) => fs.existsSync(file))) return picked;
  return [generateHeavyObj(40_000, path.join(os.tmpdir(), 'meshport-bench-mixed', 'torus-40k.obj')).file];
}

async function upload(base: string, session: Session, file: string): Promise<string> {
  const size = fs.statSync(file).size;
  const meta = `filename ${Buffer.from(path.basename(file)).toString('base64')}`;
  const created = await httpCall(`${base}/v2/uploads`, {
    method: 'POST',
    headers: { ...sessionHeaders(session), ...TUS, 'upload-length': String(size), 'upload-metadata': meta },
  });
  if (created.status !== 201) throw new Error(`upload creation: ${created.status} ${created.text}`);
  const location = new URL(String(created.headers.location), base).pathname;
  const patched = await httpCall(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      ...sessionHeaders(session),
      ...TUS,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: fs.readFileSync(file),
  });
  if (patched.status !== 204) throw new Error(`upload: ${patched.status} ${patched.text}`);
  return location.split('/').pop() as string;
}

async function post(base: string, session: Session, url: string, body: unknown) {
  const answer = await httpCall(`${base}${API_PREFIX}${url}`, {
    method: 'POST',
    headers: { ...sessionHeaders(session, { 'content-type': 'application/json' }), 'accept-encoding': 'identity' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: answer.status < 300 ? (JSON.parse(answer.text) as unknown) : answer.text };
}

const UNFINISHED = new Set(['UPLOADING', 'QUEUED', 'PROCESSING']);

/** A record's processing status, or null when it cannot be read. */
async function statusOf(base: string, session: Session, url: string): Promise<string | null> {
  const answer = await httpCall(`${base}${API_PREFIX}${url}`, {
    headers: { ...sessionHeaders(session), 'accept-encoding': 'identity', 'cache-control': 'no-cache' },
  });
  return answer.status === 200 ? (JSON.parse(answer.text) as { data: { status: string } }).data.status : null;
}

export interface BackgroundProcessing {
  stop(): Promise<{ uploaded: number; runsFinished: number; runsFailed: number; problems: string[] }>;
}

/**
 * The pipeline at work during the load: an editor uploads sample models (tus, as the upload
 * widget does) into a project and an item into the library items, and every record is queued
 * again (reprocess) each time it finishes, so conversions and previews run all through the load.
 */
export async function startBackgroundProcessing(
  base: string,
  session: Session,
  projectId: number,
): Promise<BackgroundProcessing> {
  const files = modelFiles();
  const records: { url: string; status: string }[] = [];
  const problems: string[] = [];
  let uploaded = 0;
  for (const [index, file] of files.entries()) {
    const uploadId = await upload(base, session, file);
    uploaded += 1;
    const name = `Mixed load ${index + 1} ${path.basename(file)}`;
    if (index % 2 === 0) {
      const body: BodyOf<typeof projectModelEndpoints.create> = { name, project_id: projectId, upload_id: uploadId };
      const created = await post(base, session, projectModelEndpoints.create.path, body);
      if (created.status !== 201) throw new Error(`model: ${created.status} ${String(created.body)}`);
      const id = (created.body as { data: { id: number } }).data.id;
      records.push({ url: endpointPath(projectModelEndpoints.get.path, { id }), status: 'QUEUED' });
    } else {
      const body: BodyOf<typeof libraryItemEndpoints.create> = { name, upload_id: uploadId };
      const created = await post(base, session, libraryItemEndpoints.create.path, body);
      if (created.status !== 201) throw new Error(`item: ${created.status} ${String(created.body)}`);
      const id = (created.body as { data: { id: number } }).data.id;
      records.push({ url: endpointPath(libraryItemEndpoints.get.path, { id }), status: 'QUEUED' });
    }
  }
  let running = true;
  let runsFinished = 0;
  let runsFailed = 0;
  const loop = (async () => {
    while (running) {
      for (const record of records) {
        const status = await statusOf(base, session, record.url);
        if (status === null) {
          problems.push(`GET ${record.url}: not answered`);
          continue;
        }
        if (status === record.status) continue;
        record.status = status;
        if (status === 'FAILED') runsFailed += 1;
        if (status !== 'FINISHED') continue;
        runsFinished += 1;
        if (!running) break;
        const again = await post(base, session, `${record.url}/reprocess`, {});
        if (again.status !== 200)
          problems.push(`reprocess ${record.url}: ${again.status} ${String(again.body).slice(0, 200)}`);
        else record.status = 'QUEUED';
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      // Runs still queued or working would go on through what is measured next (the next
      // load, or the next bench's single requests): they end here, outside the figures.
      for (const started = Date.now(); Date.now() - started < 120_000; ) {
        const statuses = await Promise.all(records.map((record) => statusOf(base, session, record.url)));
        if (statuses.every((status) => status === null || !UNFINISHED.has(status))) break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      return { uploaded, runsFinished, runsFailed, problems };
    },
  };
}
