import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { tooManyUnfinishedMessage, uploadLapsedMessage } from './upload.service.ts';
import { objBytes, slowPatch, type TusTarget, tusCalls, uploadIdOf, uploadPath } from './upload.test-helpers.ts';

const IDLE_SECONDS = 2;
const UNFINISHED_MAX = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 24: uploads that declared a large size and never sent a byte held the company's quota
// for 24 hours. Now a reservation lapses when no byte arrives for UPLOAD_IDLE_SECONDS, and an
// account has at most UPLOAD_UNFINISHED_MAX unfinished uploads.
describeEachDatabase('upload reservations lapse; unfinished uploads are capped', (kind) => {
  let t: TestApp;
  let editor: TusTarget;
  let admin: TusTarget;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { UPLOAD_IDLE_SECONDS: String(IDLE_SECONDS), UPLOAD_UNFINISHED_MAX: String(UNFINISHED_MAX) },
    });
    editor = { url: t.url, host: t.host('acme'), token: await t.login('editor') };
    admin = { url: t.url, host: t.host('acme'), token: await t.login('admin') };
    const [acme] = await queryRows<{ id: number }>(
      t.database.system,
      sql`select id from companies where sub_domain = 'acme'`,
    );
    companyId = acme?.id as number;
  });
  afterAll(() => t.close());

  const exists = async (id: string) =>
    (await queryRows(t.database.system, sql`select 1 from uploads where id = ${id}`)).length > 0;
  const unfinishedOf = (username: string) =>
    queryRows<{ id: string }>(
      t.database.system,
      sql`select u.id from uploads u join accounts a on a.id = u.account_id
          where u.state = 'receiving' and a.username = ${username}`,
    );

  it('frees the quota an upload reserved once no byte arrived for the idle time; its writes then answer 410', async () => {
    const [all] = await queryRows<{ bytes: number }>(
      t.database.system,
      sql`select coalesce(sum(size), 0)::float8 as bytes from uploads where company_id = ${companyId}`,
    );
    await t.database.system.execute(
      sql`update companies set storage_quota_bytes = ${Number(all?.bytes) + 1000} where id = ${companyId}`,
    );
    try {
      const hoard = await tusCalls(editor).create({ fileName: 'hoard.obj', size: 1000 });
      expect(hoard.status, hoard.text).toBe(201);
      const path = uploadPath(hoard.headers.location as string);
      // tus's Upload-Expires tells when it lapses, not the 24 hours from its creation.
      const expires = Date.parse(hoard.headers['upload-expires'] as string);
      expect(expires - Date.now()).toBeLessThan(IDLE_SECONDS * 1000 + 1000);
      const full = await tusCalls(admin).create({ fileName: 'wanted.obj', size: 1000 });
      expect(full.status).toBe(413);

      await sleep(IDLE_SECONDS * 1000 + 500);
      const wanted = await tusCalls(admin).create({ fileName: 'wanted.obj', size: 1000 });
      expect(wanted.status, wanted.text).toBe(201);
      const lapsed = uploadLapsedMessage(IDLE_SECONDS);
      expect(lapsed).toBe('The upload lapsed: no byte arrived for 2 seconds. Start it again.');
      expect((await tusCalls(editor).head(path)).status).toBe(410);
      const patch = await tusCalls(editor).patch(path, 0, objBytes(1000));
      expect(patch.status).toBe(410);
      expect(patch.body.message).toBe(lapsed);
      expect(await exists(uploadIdOf(path))).toBe(true);
      await tusCalls(admin).terminate(uploadPath(wanted.headers.location as string));
      // The expiry job removes it with its bytes.
      await t.services.uploads.expire();
      expect(await exists(uploadIdOf(path))).toBe(false);
    } finally {
      await t.database.system.execute(sql`update companies set storage_quota_bytes = null where id = ${companyId}`);
    }
  });

  it('keeps the reservation while bytes arrive, in many writes or in one long one', async () => {
    const data = objBytes(5000);
    const tus = tusCalls(editor);
    const created = await tus.create({ fileName: 'steady.obj', size: data.length }, data.subarray(0, 100));
    expect(created.status, created.text).toBe(201);
    const path = uploadPath(created.headers.location as string);
    let offset = 100;
    // Writes spread over twice the idle time, each well within it.
    for (let i = 0; i < 4; i++) {
      await sleep((IDLE_SECONDS * 1000) / 2);
      const patch = await tus.patch(path, offset, data.subarray(offset, offset + 100));
      expect(patch.status, patch.text).toBe(204);
      offset += 100;
    }
    expect((await tus.terminate(path)).status).toBe(204);

    // One PATCH whose bytes trickle in for twice the idle time.
    const long = await tus.create({ fileName: 'long.obj', size: data.length });
    const longPath = uploadPath(long.headers.location as string);
    const trickle = slowPatch(editor, longPath, data, 50);
    await sleep(IDLE_SECONDS * 2000);
    expect(await trickle.finish()).toBe(204);
    const [row] = await queryRows<{ state: string }>(
      t.database.system,
      sql`select state from uploads where id = ${uploadIdOf(longPath)}`,
    );
    expect(row?.state).toBe('finished');
  });

  it('caps the unfinished uploads of an account (429); finished, cancelled and lapsed ones free a place', async () => {
    expect(await unfinishedOf('admin')).toEqual([]);
    const tus = tusCalls(admin);
    const paths: string[] = [];
    for (let i = 0; i < UNFINISHED_MAX; i++) {
      const created = await tus.create({ fileName: `part ${i}.obj`, size: 100 });
      expect(created.status, created.text).toBe(201);
      paths.push(uploadPath(created.headers.location as string));
    }
    const refused = await tus.create({ fileName: 'one more.obj', size: 100 });
    expect(refused.status).toBe(429);
    const message = tooManyUnfinishedMessage(UNFINISHED_MAX);
    expect(message).toBe('You have 3 unfinished uploads: finish or cancel one before starting another.');
    expect(refused.body).toEqual({ message, errors: { file: [message] } });
    // Per account: another member still uploads.
    const other = await tusCalls(editor).create({ fileName: 'other.obj', size: 100 });
    expect(other.status, other.text).toBe(201);

    // A finished upload and a cancelled one no longer count.
    expect((await tus.patch(paths[0] as string, 0, objBytes(100))).status).toBe(204);
    expect((await tus.create({ fileName: 'after finish.obj', size: 100 })).status).toBe(201);
    expect((await tus.terminate(paths[1] as string)).status).toBe(204);
    expect((await tus.create({ fileName: 'after cancel.obj', size: 100 })).status).toBe(201);
    expect((await tus.create({ fileName: 'past the cap.obj', size: 100 })).status).toBe(429);
    // Nor do lapsed ones.
    await sleep(IDLE_SECONDS * 1000 + 500);
    expect((await tus.create({ fileName: 'after lapse.obj', size: 100 })).status).toBe(201);
  });
});
