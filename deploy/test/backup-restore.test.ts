/**
 * Issue 29 item 5: backups that restore. `meshport backup` while the server runs and writes (new
 * projects, and profile images replaced one after another: each replacement removes the previous
 * file right after its commit), then `meshport restore` into a fresh data folder: the product
 * starts on it with the same records and, for every record, its file, byte for byte.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BASE_DOMAIN,
  freePort,
  type MeshportProcess,
  runMeshport,
  startMeshport,
  tempDir,
  waitForReady,
} from '../support/meshport-process.ts';

const DEMO_PASSWORD = 'meshport-demo-2026';
const PNG_SIGNATURE = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

interface Answer {
  status: number;
  body: Buffer;
  json: () => unknown;
}

/** One request to the tenant hatch-acme; `body` JSON (an object) or multipart (a FormData). */
async function call(
  port: number,
  urlPath: string,
  options: { method?: string; token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    host: `hatch-acme.${BASE_DOMAIN}:${port}`,
    accept: 'application/json',
    'cache-control': 'no-cache',
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: Buffer | undefined;
  if (options.form) {
    const request = new Request('http://localhost/', { method: 'POST', body: options.form });
    payload = Buffer.from(await request.arrayBuffer());
    headers['content-type'] = request.headers.get('content-type') ?? '';
  } else if (options.json !== undefined) {
    payload = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, body, json: () => JSON.parse(body.toString('utf8')) });
        });
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}

async function signIn(port: number, identity: string): Promise<string> {
  const answer = await call(port, '/v2/login', {
    method: 'POST',
    json: { identity, password: DEMO_PASSWORD, issue_token: true },
  });
  expect(answer.status, answer.body.toString()).toBe(200);
  return (answer.json() as { access_token: string }).access_token;
}

/** A profile image: a PNG's signature, then noise (the server judges the type by the first bytes). */
const image = (bytes: number) => Buffer.concat([PNG_SIGNATURE, randomBytes(bytes)]);

/** Saves `bytes` as my profile image. */
function saveProfileImage(port: number, token: string, bytes: Buffer): Promise<Answer> {
  const form = new FormData();
  form.append('_method', 'PATCH');
  form.append('profile_image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  return call(port, '/v2/my-account', { method: 'POST', token, form });
}

/** Saves `bytes` as my profile image; the address it is read from. */
async function profileImage(port: number, token: string, bytes: Buffer): Promise<string> {
  const answer = await saveProfileImage(port, token, bytes);
  expect(answer.status, answer.body.toString()).toBe(200);
  return (answer.json() as { data: { profile_image: string } }).data.profile_image;
}

/** Every project of the company, by id. */
async function projects(port: number, token: string): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (let page = 1; ; page++) {
    const answer = await call(port, `/v2/projects?per_page=100&sort=id&page=${page}`, { token });
    expect(answer.status, answer.body.toString()).toBe(200);
    const { data, meta } = answer.json() as { data: { id: number; name: string }[]; meta: { last_page: number } };
    for (const row of data) found.set(row.id, row.name);
    if (page >= meta.last_page) return found;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes until stopped: new projects, and my profile image replaced; what the server acknowledged. */
function writeWhileRunning(port: number, token: string) {
  let running = true;
  const created = new Map<number, string>();
  const images: Buffer[] = [];
  const projectsLoop = (async () => {
    for (let i = 1; running; i++) {
      const name = `during-backup-${i}`;
      const answer = await call(port, '/v2/projects', { method: 'POST', token, json: { name } });
      if (answer.status === 201 || answer.status === 200) {
        created.set((answer.json() as { data: { id: number } }).data.id, name);
      }
      await sleep(10);
    }
  })();
  const imagesLoop = (async () => {
    while (running) {
      const bytes = image(150_000);
      // Kept whatever the answer: one may fail (503 when the database stayed still too long for it).
      images.push(bytes);
      await saveProfileImage(port, token, bytes);
      await sleep(10);
    }
  })();
  return {
    created,
    images,
    async stop() {
      running = false;
      await Promise.all([projectsLoop, imagesLoop]);
    },
  };
}

describe('meshport backup and restore (embedded database and stored files)', () => {
  const root = tempDir('backup');
  const running: MeshportProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.kill()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function serve(dataDir: string): Promise<{ port: number; server: MeshportProcess }> {
    const port = await freePort();
    const server = startMeshport(['serve'], { DATA_DIR: dataDir, PORT: String(port) });
    running.push(server);
    // A first start migrates and seeds, then warms up: minutes on a busy CI machine.
    await waitForReady(server, port, 600_000);
    return { port, server };
  }

  it('a backup taken while the server writes restores into a fresh data folder: same records, same files', {
    timeout: 1_800_000,
  }, async () => {
    const first = path.join(root, 'first');
    const archive = path.join(root, 'backups', 'meshport.tar.gz');
    const { port, server } = await serve(first);
    const editor = await signIn(port, 'editor');
    const admin = await signIn(port, 'admin');

    const before = new Map<number, string>();
    for (let i = 1; i <= 5; i++) {
      const name = `before-backup-${i}`;
      const answer = await call(port, '/v2/projects', { method: 'POST', token: editor, json: { name } });
      expect(answer.status, answer.body.toString()).toBe(201);
      before.set((answer.json() as { data: { id: number } }).data.id, name);
    }
    const adminImage = image(400_000);
    const adminImageUrl = await profileImage(port, admin, adminImage);
    const editorImageUrl = await profileImage(port, editor, image(1000));

    const writes = writeWhileRunning(port, editor);
    await sleep(300);
    const started = Date.now();
    const output = await runMeshport(['backup', archive], { DATA_DIR: first });
    const backupMs = Date.now() - started;
    await sleep(300);
    await writes.stop();
    const written = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'backup written');
    expect(written).toMatchObject({ mode: 'online', storedFiles: expect.any(Number) });
    const projectsAfter = await projects(port, editor);
    expect(writes.created.size).toBeGreaterThan(0);
    expect(writes.images.length).toBeGreaterThan(1);
    // No restore into a data folder a server runs on, nor into one that holds data.
    const whileServed = startMeshport(['restore', archive], { DATA_DIR: first });
    expect(await whileServed.exited).toBe(1);
    expect(whileServed.output()).toMatch(/in use by another Meshport process/);
    await server.stop();
    const intoFull = startMeshport(['restore', archive], { DATA_DIR: first });
    expect(await intoFull.exited).toBe(1);
    expect(intoFull.output()).toMatch(/is not empty/);

    const restoredDir = path.join(root, 'restored');
    const restoreStarted = Date.now();
    const restoreOutput = await runMeshport(['restore', archive], { DATA_DIR: restoredDir });
    const restoreMs = Date.now() - restoreStarted;
    expect(restoreOutput).toContain('backup restored');
    const taken = server
      .output()
      .split('\n')
      .find((line) => line.includes('"backup taken"'));
    process.stdout.write(
      `backup of the demo data: ${written?.bytes} bytes (${written?.databaseBytes} of database, ` +
        `${written?.storedFiles} stored files of ${written?.storedBytes} bytes) in ${backupMs} ms; restore in ${restoreMs} ms\n` +
        `the server: ${taken}\nwritten during it: ${writes.created.size} projects, ${writes.images.length} images\n`,
    );

    const { port: port2 } = await serve(restoredDir);
    const editor2 = await signIn(port2, 'editor');
    const restored = await projects(port2, editor2);
    // Every project from before the backup, with its id and name.
    for (const [id, name] of before) expect(restored.get(id)).toBe(name);
    // Of those written during it, the ones committed before the snapshot: nothing else.
    expect(restored.size).toBeLessThanOrEqual(projectsAfter.size);
    for (const [id, name] of restored) expect(projectsAfter.get(id)).toBe(name);
    const during = [...restored.values()].filter((name) => name.startsWith('during-backup-')).length;
    expect(during).toBeLessThanOrEqual(writes.created.size);

    // Files: the admin's image byte for byte; the editor's is one of those it was saved as.
    const adminRead = await call(port2, adminImageUrl, { token: editor2 });
    expect(adminRead.status).toBe(200);
    expect(adminRead.body.equals(adminImage)).toBe(true);
    const editorRead = await call(port2, editorImageUrl, { token: editor2 });
    expect(editorRead.status, 'the image the restored record refers to is in the backup').toBe(200);
    expect(writes.images.some((bytes) => bytes.equals(editorRead.body))).toBe(true);
  });
});
