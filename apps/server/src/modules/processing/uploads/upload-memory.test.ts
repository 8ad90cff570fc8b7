import http from 'node:http';
import { Readable } from 'node:stream';
import { TUS_VERSION } from '@meshport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#test/test-app.ts';
import { type TusTarget, tusCalls, uploadPath } from './upload.test-helpers.ts';

/** Generated OBJ text, `bytes` long, 64 KiB at a time: nothing of the size is ever in memory. */
function generated(bytes: number): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  const line = 'v 0.5 1.25 -3.75\n';
  for (let at = 0; at < chunk.length; at += line.length) chunk.write(line, at, 'latin1');
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      this.push(part);
    },
  });
}

const MB = 1024 * 1024;
/** 200 MB keeps the suite quick; `UPLOAD_MEMORY_MB=1024` streams 1 GB. */
const SIZE = Number(process.env.UPLOAD_MEMORY_MB ?? 200) * MB;

describe('tus uploads stream', () => {
  let t: TestApp;
  let target: TusTarget;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: true });
    target = { url: t.url, host: t.host('acme'), token: await t.login('editor') };
  });
  afterAll(() => t.close());

  it(`takes ${SIZE / MB} MB in one PATCH with little growth of the process's memory`, async () => {
    const created = await tusCalls(target).create({ fileName: 'big.obj', size: SIZE });
    expect(created.status, created.text).toBe(201);
    const path = uploadPath(created.headers.location as string);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const server = new URL(t.url);
      const req = http.request(
        {
          hostname: server.hostname,
          port: server.port,
          method: 'PATCH',
          path,
          headers: {
            host: target.host,
            authorization: `Bearer ${target.token}`,
            'tus-resumable': TUS_VERSION,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(SIZE),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      generated(SIZE).pipe(req);
    });
    clearInterval(sample);
    const seconds = (performance.now() - started) / 1000;
    const growth = (peak - before) / MB;
    console.log(
      `streamed ${SIZE / MB} MB through PATCH in ${seconds.toFixed(1)} s (${(SIZE / MB / seconds).toFixed(0)} MB/s); ` +
        `RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB (+${growth.toFixed(0)} MB)`,
    );
    expect(status).toBe(204);
    expect(await t.services.storage.size(`uploads/${path.split('/').pop()}`)).toBe(SIZE);
    // A body held in memory would add its whole size.
    expect(growth).toBeLessThan(SIZE / MB / 2);
  });
});
