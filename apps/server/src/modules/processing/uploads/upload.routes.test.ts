import { text } from 'node:stream/consumers';
import { FILE_INVALID_TYPE, FILE_TOO_LARGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { storageFullMessage } from './upload.service.ts';
import {
  interruptedPatch,
  objBytes,
  PNG_HEAD,
  type TusTarget,
  tusCalls,
  tusJsUpload,
  uploadIdOf,
  uploadPath,
} from './upload.test-helpers.ts';

describeEachDatabase('tus uploads at /v2/uploads', (kind) => {
  let t: TestApp;
  let editor: TusTarget;
  let admin: TusTarget;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { UPLOAD_MAX_BYTES: String(64 * 1024 * 1024) } });
    editor = { url: t.url, host: t.host('acme'), token: await t.login('editor') };
    admin = { url: t.url, host: t.host('acme'), token: await t.login('admin') };
  });
  afterAll(() => t.close());

  const row = async (id: string) =>
    (
      await queryRows<{ state: string; kind: string | null; received: number; size: number; storage_key: string }>(
        t.database.system,
        sql`select state, kind, received::float8 as received, size::float8 as size, storage_key from uploads where id = ${id}`,
      )
    )[0] ?? null;
  const stored = async (id: string) => {
    const found = await row(id);
    if (!found) throw new Error(`no upload ${id}`);
    return Buffer.from(await text(t.services.storage.read(found.storage_key)), 'latin1');
  };

  it('takes a file in chunks from tus-js-client, answering the tenant’s own Location, and keeps it finished', async () => {
    const data = objBytes(3 * 1024 * 1024 + 123);
    const location = await tusJsUpload(editor, data, { fileName: 'Kitchen.obj', chunkSize: 1024 * 1024 });
    expect(location).toMatch(/^http:\/\/hatch-acme\.meshport\.test\/v2\/uploads\/[0-9a-f]{32}$/);
    const id = uploadIdOf(location);
    expect(await row(id)).toMatchObject({ state: 'finished', kind: 'obj', received: data.length, size: data.length });
    expect((await stored(id)).equals(data)).toBe(true);
    const head = await tusCalls(editor).head(uploadPath(location));
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(data.length));
    expect(head.headers['upload-length']).toBe(String(data.length));
    expect(head.headers['tus-resumable']).toBe('1.0.0');
    expect(head.headers['x-content-type-options']).toBe('nosniff');
  });

  it('resumes an upload cut off mid-PATCH from the offset HEAD answers', async () => {
    const data = objBytes(2 * 1024 * 1024);
    const tus = tusCalls(editor);
    const created = await tus.create({ fileName: 'cut.obj', size: data.length });
    expect(created.status, created.text).toBe(201);
    expect(created.headers['upload-expires']).toBeTruthy();
    const path = uploadPath(created.headers.location as string);
    await interruptedPatch(editor, path, 0, data.subarray(0, 1024 * 1024), data.length);
    let offset = 0;
    for (let tries = 0; tries < 50 && offset === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      offset = Number((await tus.head(path)).headers['upload-offset']);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(1024 * 1024);
    const rest = await tus.patch(path, offset, data.subarray(offset));
    expect(rest.status, rest.text).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(data.length));
    const id = uploadIdOf(path);
    expect(await row(id)).toMatchObject({ state: 'finished', kind: 'obj' });
    expect((await stored(id)).equals(data)).toBe(true);
  });

  it('continues with tus-js-client from a stopped upload', async () => {
    const data = objBytes(3 * 1024 * 1024);
    const stopped = await tusJsUpload(editor, data, {
      fileName: 'stopped.obj',
      chunkSize: 1024 * 1024,
      onChunk: (accepted) => accepted >= 1024 * 1024,
    }).catch((error: Error) => error);
    expect(String(stopped)).toMatch(/stopped at/);
    const [open] = await queryRows<{ id: string }>(
      t.database.system,
      sql`select id from uploads where file_name = 'stopped.obj'`,
    );
    const url = `http://${editor.host}/v2/uploads/${open?.id}`;
    await tusJsUpload(editor, data, { fileName: 'stopped.obj', chunkSize: 1024 * 1024, uploadUrl: url });
    expect(await row(open?.id as string)).toMatchObject({ state: 'finished' });
    expect((await stored(open?.id as string)).equals(data)).toBe(true);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 "File is too large"', async () => {
    const res = await tusCalls(editor).create({ fileName: 'huge.fbx', size: 64 * 1024 * 1024 + 1 });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: FILE_TOO_LARGE, errors: { file: [FILE_TOO_LARGE] } });
  });

  it('refuses a name without an accepted extension, and a missing name', async () => {
    const tus = tusCalls(editor);
    const exe = await tus.create({ fileName: 'setup.exe', size: 10 });
    expect(exe.status).toBe(415);
    expect(exe.body).toEqual({ message: FILE_INVALID_TYPE, errors: { file: [FILE_INVALID_TYPE] } });
    const nameless = await tus.send('/v2/uploads', 'POST', { 'upload-length': '10' });
    expect(nameless.status).toBe(422);
    expect(nameless.body.errors?.filename).toBeDefined();
  });

  it('refuses content that contradicts the name (a PNG named .fbx) with 415 and removes the upload', async () => {
    const png = Buffer.concat([PNG_HEAD, Buffer.alloc(8192, 1)]);
    const tus = tusCalls(editor);
    const created = await tus.create({ fileName: 'model.fbx', size: png.length });
    const path = uploadPath(created.headers.location as string);
    // Under 4 KiB: kept, not judged yet.
    expect((await tus.patch(path, 0, png.subarray(0, 1000))).status).toBe(204);
    const refused = await tus.patch(path, 1000, png.subarray(1000));
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({ message: FILE_INVALID_TYPE, errors: { file: [FILE_INVALID_TYPE] } });
    expect(await row(uploadIdOf(path))).toBeNull();
    expect(await t.services.storage.exists(`uploads/${uploadIdOf(path)}`)).toBe(false);
    expect((await tus.head(path)).status).toBe(404);
    // creation-with-upload: judged in the POST
    const inPost = await tus.create({ fileName: 'model.fbx', size: png.length }, png);
    expect(inPost.status).toBe(415);
    // a small file is judged whole
    const small = await tus.create({ fileName: 'model.glb', size: 100 }, Buffer.alloc(100, 0x41));
    expect(small.status).toBe(415);
  });

  it('answers 413 with the storage-full message once the company quota is reached', async () => {
    const companyId = (
      await queryRows<{ id: number }>(t.database.system, sql`select id from companies where sub_domain = 'acme'`)
    )[0]?.id;
    const [usage] = await queryRows<{ used: number }>(
      t.database.system,
      sql`select coalesce(sum(size), 0)::float8 as used from uploads where company_id = ${companyId}`,
    );
    const used = Number(usage?.used);
    await t.database.system.execute(
      sql`update companies set storage_quota_bytes = ${used + 1000} where id = ${companyId}`,
    );
    try {
      const tus = tusCalls(editor);
      const fits = await tus.create({ fileName: 'fits.obj', size: 1000 });
      expect(fits.status, fits.text).toBe(201);
      const full = await tus.create({ fileName: 'more.obj', size: 1 });
      expect(full.status).toBe(413);
      const message = storageFullMessage(used + 1000, used + 1000);
      expect(full.body.message).toBe(message);
      expect(message).toMatch(
        /^Your company's storage is full: .+ of .+ used\. Delete models or items \(and empty the recycle bin\) to free space\.$/,
      );
      // a terminated upload frees its space
      expect((await tus.terminate(uploadPath(fits.headers.location as string))).status).toBe(204);
      expect((await tus.create({ fileName: 'again.obj', size: 1000 })).status).toBe(201);
    } finally {
      await t.database.system.execute(sql`update companies set storage_quota_bytes = null where id = ${companyId}`);
    }
  });

  it('hides an upload from other companies (404), and from other accounts for writes', async () => {
    const tus = tusCalls(editor);
    const created = await tus.create({ fileName: 'mine.obj', size: 10 });
    const path = uploadPath(created.headers.location as string);
    const globex: TusTarget = {
      url: t.url,
      host: t.host('globex'),
      token: await t.login('globex-editor', t.host('globex')),
    };
    const other = tusCalls(globex);
    expect((await other.head(path)).status).toBe(404);
    expect((await other.patch(path, 0, Buffer.from('v 1 2 3\n\n'))).status).toBe(404);
    expect((await other.terminate(path)).status).toBe(404);
    const colleague = tusCalls(admin);
    expect((await colleague.head(path)).status).toBe(200);
    expect((await colleague.patch(path, 0, Buffer.from('v 1 2 3\n\n'))).status).toBe(404);
    expect((await colleague.terminate(path)).status).toBe(404);
    expect((await tus.head(path)).headers['upload-offset']).toBe('0');
  });

  it('asks for a session, the hatch platform and the permission', async () => {
    const anonymous = tusCalls({ ...editor, token: '' });
    expect((await anonymous.create({ fileName: 'a.obj', size: 10 })).status).toBe(401);
    const portal = tusCalls({ ...editor, host: t.host('acme', 'customerportal') });
    const refused = await portal.create({ fileName: 'a.obj', size: 10 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBeTruthy();
    const viewer = tusCalls({ ...editor, token: await t.login('viewer') });
    expect((await viewer.create({ fileName: 'a.obj', size: 10 })).status).toBe(403);
    // cookie writes must come from the tenant's pages
    const cookie = await t.request('/v2/uploads', {
      method: 'POST',
      cookie: `user_session=${editor.token}`,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': 'filename YS5vYmo=' },
    });
    expect(cookie.status).toBe(403);
  });

  it('terminates an upload: bytes and row gone, HEAD answers 404', async () => {
    const tus = tusCalls(editor);
    const created = await tus.create({ fileName: 'gone.obj', size: 100 }, objBytes(50));
    expect(created.headers['upload-offset']).toBe('50');
    const path = uploadPath(created.headers.location as string);
    const id = uploadIdOf(path);
    expect(await t.services.storage.exists(`uploads/${id}`)).toBe(true);
    const gone = await tus.terminate(path);
    expect(gone.status).toBe(204);
    expect(gone.headers['tus-resumable']).toBe('1.0.0');
    expect(await row(id)).toBeNull();
    expect(await t.services.storage.exists(`uploads/${id}`)).toBe(false);
    expect(await t.services.storage.exists(`uploads/${id}.json`)).toBe(false);
    expect((await tus.head(path)).status).toBe(404);
  });

  it('answers OPTIONS with the protocol and the extensions, and refuses requests without Tus-Resumable', async () => {
    const options = await t.request('/v2/uploads', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers['tus-version']).toBe('1.0.0');
    expect(options.headers['tus-extension']).toBe('creation,creation-with-upload,termination,expiration');
    expect(options.headers['tus-max-size']).toBe(String(64 * 1024 * 1024));
    expect(options.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await t.request('/v2/uploads', { method: 'POST', token: editor.token, json: {} });
    expect(plain.status).toBe(412);
    expect(plain.body.message).toMatch(/Tus-Resumable/);
  });

  it('removes expired unfinished uploads with the job uploads.expire', async () => {
    const tus = tusCalls(editor);
    const created = await tus.create({ fileName: 'old.obj', size: 100 }, objBytes(10));
    const id = uploadIdOf(created.headers.location as string);
    const kept = await tus.create({ fileName: 'new.obj', size: 100 }, objBytes(10));
    const keptId = uploadIdOf(kept.headers.location as string);
    await t.database.system.execute(sql`update uploads set expires_at = now() - interval '1 minute' where id = ${id}`);
    await t.services.jobs.enqueue('uploads.expire', {});
    for (let tries = 0; tries < 100 && (await row(id)); tries++) await new Promise((r) => setTimeout(r, 100));
    expect(await row(id)).toBeNull();
    expect(await t.services.storage.exists(`uploads/${id}`)).toBe(false);
    expect(await row(keptId)).not.toBeNull();
  });
});
