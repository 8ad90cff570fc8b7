import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { httpRequest } from '@meshport/contract/node-http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

interface LabelList {
  data: { id: number; name: string }[];
}

describeEachDatabase('response cache on the server', (kind) => {
  let t: TestApp;
  let acmeId: number;
  let globexId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    acmeId = (await t.services.tenants.bySubDomain('acme'))?.id ?? 0;
    globexId = (await t.services.tenants.bySubDomain('globex'))?.id ?? 0;
  });
  afterAll(() => t.close());
  const { get, auth, token } = signInDemoUsers<LabelList>(() => t);
  const labels = '/v2/labels?sort=name&per_page=50';

  /** Renames a label as another process would: straight in the database, in a tenant transaction. */
  const renameLabel = (companyId: number, name: string) =>
    t.database.tenant({ companyId }, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`update labels set name = ${name} where id = (select min(id) from labels) returning id`,
      ),
    );

  it('answers a repeated read from the cache, byte for byte', async () => {
    const first = await get(labels);
    const second = await get(labels);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers afresh once the company’s data changed, and keeps other companies’ answers', async () => {
    await get(labels);
    const globex = (path: string) => get(path, 'globex-editor', t.host('globex'));
    const globexLabels = await globex(labels);
    expect((await globex(labels)).headers['x-cache']).toBe('hit');
    await renameLabel(acmeId, 'Aardvark brown');
    const after = await get(labels);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body.data.map((label) => label.name)).toContain('Aardvark brown');
    const globexAgain = await globex(labels);
    expect(globexAgain.headers['x-cache']).toBe('hit');
    expect(globexAgain.text).toBe(globexLabels.text);
    await renameLabel(globexId, 'Aardvark green');
    expect((await globex(labels)).body.data.map((label) => label.name)).toContain('Aardvark green');
  });

  it('answers afresh after a write on the system path, which may touch any company', async () => {
    await get(labels);
    expect((await get(labels)).headers['x-cache']).toBe('hit');
    await t.database.system.execute(
      sql`update labels set name = 'Abacus' where id = (select max(id) from labels where company_id = ${acmeId})`,
    );
    const after = await get(labels);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.body.data.map((label) => label.name)).toContain('Abacus');
  });

  it('keeps each user’s answer apart, and builds afresh on Cache-Control: no-cache', async () => {
    await get(labels, 'editor');
    expect((await get(labels, 'admin')).headers['x-cache']).toBe('miss');
    const fresh = await t.request(labels, { ...(await auth('editor')), headers: { 'cache-control': 'no-cache' } });
    expect(fresh.headers['x-cache']).toBe('miss');
    expect((await get(labels, 'editor')).headers['x-cache']).toBe('hit');
  });

  it('answers the writer afresh at once after their write through this server, with no wait for the feed', async () => {
    const editor = await auth('editor');
    const admin = await auth('admin');
    await get(labels);
    expect((await get(labels)).headers['x-cache']).toBe('hit');
    await httpRequest(t.url, labels, admin);
    expect((await httpRequest(t.url, labels, admin)).headers['x-cache']).toBe('hit');
    // The feed announces this write only after the answer (or here not at all): the write
    // itself must clear its company before answering.
    await t.database.system.execute(sql`alter table notifications disable trigger meshport_changed`);
    try {
      const path = '/v2/my-account/notifications/read-all';
      expect((await httpRequest(t.url, path, { ...editor, method: 'POST', json: {} })).status).toBe(200);
      expect((await httpRequest(t.url, labels, editor)).headers['x-cache']).toBe('miss');
      // Someone else's answer waits for the feed to name a table it reads (here it never does).
      expect((await httpRequest(t.url, labels, admin)).headers['x-cache']).toBe('hit');
    } finally {
      await t.database.system.execute(sql`alter table notifications enable trigger meshport_changed`);
    }
  });

  it('refuses a session revoked elsewhere although its lookup was kept', async () => {
    const viewer = await auth('viewer');
    expect((await t.request('/v2/auth/validate', viewer)).status).toBe(200);
    await t.database.system.execute(
      sql`update sessions set revoked_at = now() where account_id = (select id from accounts where username = 'viewer')`,
    );
    expect((await t.request('/v2/auth/validate', viewer)).status).toBe(401);
  });

  it('caches nothing for answers other than 200, nor for routes that do not declare it', async () => {
    const missing = '/v2/labels/999999';
    expect((await get(missing)).status).toBe(404);
    expect((await get(missing)).headers['x-cache']).toBe('miss');
    // The companies one may switch to span companies: a change of another company would not reach it.
    const switchable = await get('/v2/companies');
    expect(switchable.status).toBe(200);
    expect(switchable.headers['x-cache']).toBeUndefined();
    expect(await token('editor')).toBeTruthy();
  });

  it('sends a kept answer gzipped to clients that accept gzip, as it is to others', async () => {
    const path = '/v2/libraries/items?per_page=20';
    const editor = await auth('editor');
    const plain = await t.request(path, editor);
    expect(plain.headers.vary).toBe('accept-encoding');
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers = { host: editor.host, authorization: `Bearer ${editor.token}`, 'accept-encoding': encoding };
        http
          .get(`${t.url}${path}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers['x-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.length).toBeLessThan(plain.text.length / 3);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.text);
    const refused = await raw('gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(plain.text);
  });

  it('keeps GET answers apart from HEAD ones, which share the route but carry no body', async () => {
    const path = '/v2/labels?sort=-name';
    const editor = await auth('editor');
    expect((await t.request(path, { ...editor, method: 'HEAD' })).status).toBe(200);
    const got = await t.request(path, editor);
    expect(got.headers['x-cache']).toBe('miss');
    expect(got.body.data.length).toBeGreaterThan(0);
    expect((await t.request(path, editor)).text).toBe(got.text);
  });

  if (kind === 'postgres') {
    it('forgets everything when its listening connection is lost, and listens again', async () => {
      await get(labels);
      expect((await get(labels)).headers['x-cache']).toBe('hit');
      const feed = t.services.changes;
      await t.database.system.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
      );
      await waitFor(() => !feed.live);
      expect((await httpRequest(t.url, labels, await auth('editor'))).headers['x-cache']).toBeUndefined();
      await waitFor(() => feed.live);
      expect((await get(labels)).headers['x-cache']).toBe('miss');
      expect((await get(labels)).headers['x-cache']).toBe('hit');
    });
  }
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 10_000) throw new Error('condition not met within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
