import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { writeTestZip } from '#modules/processing/conversion/zip-writer.test-support.ts';
import { type TusTarget, tusCalls, uploadIdOf } from '#modules/processing/uploads/upload.test-helpers.ts';
import { sample } from '#test/samples.ts';
import type { TestApp } from '#test/test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A whole file in one creation-with-upload request; resolves to the upload id. */
export async function uploadBytes(target: TusTarget, fileName: string, data: Buffer): Promise<string> {
  const created = await tusCalls(target).create({ fileName, size: data.length }, data);
  if (created.status !== 201) throw new Error(`upload of ${fileName}: ${created.status} ${created.text}`);
  const location = created.headers.location as string;
  const offset = Number(created.headers['upload-offset'] ?? 0);
  if (offset < data.length) {
    const patched = await tusCalls(target).patch(new URL(location).pathname, offset, data.subarray(offset));
    if (patched.status !== 204) throw new Error(`upload of ${fileName}: PATCH ${patched.status} ${patched.text}`);
  }
  return uploadIdOf(location);
}

/** A sample file as it is, or several zipped into one bundle (the way a user sends an OBJ with its textures). */
export function sampleUpload(files: string | string[], bundleName?: string): { fileName: string; data: Buffer } {
  if (typeof files === 'string') return { fileName: path.basename(files), data: readFileSync(sample(files)) };
  const zip = path.join(os.tmpdir(), `meshport-bundle-${process.pid}-${Date.now()}.zip`);
  writeTestZip(
    zip,
    files.map((file) => ({ name: path.basename(file), data: readFileSync(sample(file)) })),
  );
  return { fileName: bundleName ?? 'bundle.zip', data: readFileSync(zip) };
}

/** Polls a record until its status is one of `wanted`. */
export async function untilStatus<T extends { status: string }>(
  app: TestApp,
  token: string,
  recordPath: string,
  wanted: string[],
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await app.request<{ data: T }>(recordPath, { token, headers: { 'cache-control': 'no-cache' } });
    if (answer.status !== 200) throw new Error(`${recordPath}: ${answer.status} ${answer.text}`);
    if (wanted.includes(answer.body.data.status)) return answer.body.data;
    if (Date.now() > deadline) throw new Error(`${recordPath} stayed ${answer.body.data.status}`);
    await sleep(200);
  }
}

/** A GET whose body is bytes (downloads), with the tenant host. */
export function getBytes(
  app: TestApp,
  token: string,
  urlPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = new URL(app.url);
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          hostname: server.hostname,
          port: server.port,
          path: urlPath,
          headers: { host: app.host('acme'), authorization: `Bearer ${token}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      )
      .on('error', reject);
  });
}
