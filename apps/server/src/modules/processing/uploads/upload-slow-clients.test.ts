import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { startTestApp, type TestApp } from '#test/test-app.ts';
import { objBytes, slowPatch, type TusTarget, tusCalls, uploadIdOf, uploadPath } from './upload.test-helpers.ts';

const SLOW_UPLOADS = 40;
const FILE_BYTES = 1000;

async function timed<T>(what: string, call: () => Promise<T>, limitMs: number): Promise<{ ms: number; answer: T }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not answered within ${limitMs} ms`)), limitMs);
  });
  try {
    const answer = await Promise.race([call(), late]);
    return { ms: performance.now() - started, answer };
  } finally {
    clearTimeout(timer);
  }
}

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

// Issue 24: a write request kept its pooled connection while its body streamed in, so slow
// uploads took the whole pool and every other request waited for them.
onPostgres('slow uploads on PostgreSQL [postgres]', () => {
  let t: TestApp;
  let editor: TusTarget;
  const open: ReturnType<typeof slowPatch>[] = [];
  beforeAll(async () => {
    t = await startTestApp('postgres', { env: { UPLOAD_UNFINISHED_MAX: String(SLOW_UPLOADS) } });
    editor = { url: t.url, host: t.host('acme'), token: await t.login('editor') };
  });
  afterAll(async () => {
    for (const patch of open) patch.abort();
    await t?.close();
  });

  it(`answers a list and /readyz in their usual time while ${SLOW_UPLOADS} uploads trickle in`, async () => {
    const { driver } = t.database;
    if (driver.kind !== 'postgres') throw new Error('a PostgreSQL test');
    expect(driver.pool.options.max).toBeLessThan(SLOW_UPLOADS);
    const list = () => t.request('/v2/projects', { token: editor.token });
    const ready = () => t.request('/readyz');
    // The usual time: once warm, before the uploads.
    expect((await list()).status).toBe(200);
    const usual = await timed('the projects list', list, 5_000);

    const data = objBytes(FILE_BYTES);
    const tus = tusCalls(editor);
    const paths: string[] = [];
    for (let i = 0; i < SLOW_UPLOADS; i++) {
      const created = await tus.create({ fileName: `Slow ${i}.obj`, size: FILE_BYTES });
      expect(created.status).toBe(201);
      paths.push(uploadPath(created.headers.location as string));
    }
    for (const path of paths) open.push(slowPatch(editor, path, data));
    // Every PATCH reaches its handler and streams.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    for (let round = 0; round < 3; round++) {
      const listed = await timed('the projects list', list, 3_000);
      expect(listed.answer.status).toBe(200);
      expect(listed.ms).toBeLessThan(Math.max(1_000, usual.ms * 3));
      const readiness = await timed('/readyz', ready, 3_000);
      expect(readiness.answer.status).toBe(200);
      expect(readiness.ms).toBeLessThan(1_000);
    }

    // The uploads were streaming all along: each finishes.
    const statuses = await Promise.all(open.map((patch) => patch.finish()));
    expect(statuses).toEqual(paths.map(() => 204));
    const finished = await queryRows<{ n: number }>(
      t.database.system,
      sql`select count(*)::int as n from uploads where state = 'finished' and id in (${sql.join(
        paths.map((path) => sql`${uploadIdOf(path)}`),
        sql`, `,
      )})`,
    );
    expect(finished[0]?.n).toBe(SLOW_UPLOADS);
  });

  it(`answers a list and /readyz in their usual time while ${SLOW_UPLOADS} downloads wait for their clients`, async () => {
    const key = 'downloads/slow-readers.pdf';
    await t.services.storage.put(key, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(32 * 1024 * 1024)]));
    const [download] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into downloads (name, extension, file_path, size) values ('Slow readers', 'pdf', ${key}, 0) returning id`,
    );
    const server = new URL(t.url);
    const readers: http.ClientRequest[] = [];
    const started = await Promise.all(
      Array.from({ length: SLOW_UPLOADS }, () => {
        const req = http.get({
          hostname: server.hostname,
          port: server.port,
          path: `/v2/downloads/${download?.id}/download`,
          agent: false,
          headers: { host: editor.host, authorization: `Bearer ${editor.token}` },
        });
        readers.push(req);
        // The answer starts, and the client reads no further: the server's stream waits on it.
        return new Promise<number>((resolve, reject) => {
          req.on('response', (res) => {
            res.pause();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
        });
      }),
    );
    try {
      expect(started).toEqual(readers.map(() => 200));
      const listed = await timed('the projects list', () => t.request('/v2/projects', { token: editor.token }), 3_000);
      expect(listed.answer.status).toBe(200);
      expect(listed.ms).toBeLessThan(1_000);
      const readiness = await timed('/readyz', () => t.request('/readyz'), 3_000);
      expect(readiness.ms).toBeLessThan(1_000);
    } finally {
      for (const req of readers) req.destroy();
    }
  });
});
