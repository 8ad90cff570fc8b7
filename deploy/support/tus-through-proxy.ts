/**
 * Raw tus 1.0 calls through the proxy (exact control of each request, unlike a tus client), and
 * the model file the load-balancer test uploads.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from './meshport-process.ts';
import { type Answer, call, type ProxyTarget, upstreamsOf } from './proxy-load.ts';

const TUS_VERSION = '1.0.0';
const TUS_BODY = 'application/offset+octet-stream';

export interface TusTarget extends ProxyTarget {
  token: string;
}

const tusHeaders = (target: TusTarget, extra: Record<string, string> = {}) => ({
  'tus-resumable': TUS_VERSION,
  authorization: `Bearer ${target.token}`,
  ...extra,
});

/** POST /v2/uploads: the new upload's path (from its Location). */
export async function tusCreate(target: TusTarget, fileName: string, size: number): Promise<string> {
  const answer = await call(target, '/v2/uploads', {
    method: 'POST',
    headers: tusHeaders(target, {
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    }),
  });
  const location = answer.headers.location;
  if (answer.status !== 201 || typeof location !== 'string') {
    throw new Error(`tus creation answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return new URL(location, 'http://any.host').pathname;
}

export function tusHead(target: TusTarget, uploadPath: string): Promise<Answer> {
  return call(target, uploadPath, { method: 'HEAD', headers: tusHeaders(target) });
}

export function tusPatch(target: TusTarget, uploadPath: string, offset: number, bytes: Buffer): Promise<Answer> {
  return call(target, uploadPath, {
    method: 'PATCH',
    headers: tusHeaders(target, { 'upload-offset': String(offset), 'content-type': TUS_BODY }),
    body: bytes,
  });
}

export interface StalledPatch {
  /** The answer (or why there was none), whenever it comes. */
  answered: Promise<{ status: number | null; upstreams: string[]; error?: string }>;
  abort(): void;
}

/**
 * A PATCH that declares all of `rest` and sends only its first `sent` bytes, then waits, as an
 * upload in progress over a slow link does: the process it reached holds the upload's lock meanwhile.
 */
export function stalledPatch(
  target: TusTarget,
  uploadPath: string,
  offset: number,
  rest: Buffer,
  sent: number,
): StalledPatch {
  const request = http.request({
    host: '127.0.0.1',
    port: target.port,
    path: uploadPath,
    method: 'PATCH',
    agent: false,
    headers: {
      host: target.host,
      ...tusHeaders(target, { 'upload-offset': String(offset), 'content-type': TUS_BODY }),
      'content-length': String(rest.length),
    },
  });
  const answered = new Promise<{ status: number | null; upstreams: string[]; error?: string }>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, upstreams: upstreamsOf(response.headers) }));
      response.on('error', (error) =>
        resolve({ status: response.statusCode ?? 0, upstreams: [], error: error.message }),
      );
    });
    request.on('error', (error) => resolve({ status: null, upstreams: [], error: error.message }));
  });
  request.write(rest.subarray(0, sent));
  return { answered, abort: () => request.destroy() };
}

/**
 * A real model (a sample OBJ, where the shared samples are) or a generated one, followed by OBJ
 * comment lines up to `bytes`: larger than one S3 part (8 MiB), because the S3 store keeps only
 * whole parts of a write that a process's death cut off.
 */
export function modelFile(bytes: number): { name: string; data: Buffer; source: string } {
  const samples = process.env.MESHPORT_SAMPLES_DIR || path.resolve(REPO_ROOT, '../shared/samples/3d');
  const sample = path.join(samples, 'OBJ/WusonOBJ.obj');
  const model = fs.existsSync(sample) ? fs.readFileSync(sample) : generatedObj();
  const source = fs.existsSync(sample) ? 'OBJ/WusonOBJ.obj (samples)' : 'a generated OBJ';
  const line = Buffer.from(`# ${'padding '.repeat(15)}\n`);
  const data = Buffer.alloc(Math.max(bytes, model.length));
  model.copy(data);
  for (let at = model.length; at < data.length; at += line.length) line.copy(data, at);
  // The last line ends the file, whatever length it was cut to.
  data[data.length - 1] = 0x0a;
  return { name: 'Load balanced.obj', data, source };
}

/** A small pyramid: four vertices, four triangles. */
function generatedObj(): Buffer {
  return Buffer.from(
    ['v 0 0 0', 'v 1 0 0', 'v 0 1 0', 'v 0 0 1', 'f 1 3 2', 'f 1 2 4', 'f 1 4 3', 'f 2 3 4', ''].join('\n'),
  );
}
