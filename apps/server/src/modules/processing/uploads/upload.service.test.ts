import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { ValidationError } from '#core/http/http-error.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { UPLOAD_NOT_FINISHED } from './upload.service.ts';
import { objBytes, type TusTarget, tusCalls, uploadIdOf, uploadPath } from './upload.test-helpers.ts';
import { formatBytes } from './upload-size.ts';

describeEachDatabase('uploads: claim and release', (kind) => {
  let t: TestApp;
  let editor: TusTarget;
  let acme: number;
  let globex: number;
  let editorId: number;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    editor = { url: t.url, host: t.host('acme'), token: await t.login('editor') };
    const ids = await queryRows<{ sub_domain: string; id: number }>(
      t.database.system,
      sql`select sub_domain, id from companies`,
    );
    acme = ids.find((c) => c.sub_domain === 'acme')?.id as number;
    globex = ids.find((c) => c.sub_domain === 'globex')?.id as number;
    const accounts = await queryRows<{ username: string; id: number }>(
      t.database.system,
      sql`select username, id from accounts`,
    );
    editorId = accounts.find((a) => a.username === 'editor')?.id as number;
    adminId = accounts.find((a) => a.username === 'admin')?.id as number;
  });
  afterAll(() => t.close());

  const finished = async (fileName = 'part.obj', size = 300) => {
    const res = await tusCalls(editor).create({ fileName, size }, objBytes(size));
    expect(res.status, res.text).toBe(201);
    return uploadIdOf(res.headers.location as string);
  };
  const claim = (uploadId: string, options: { companyId?: number; accountId?: number; kinds?: string[] } = {}) => {
    const companyId = options.companyId ?? acme;
    return t.database.tenant({ companyId }, (tx) =>
      t.services.uploads.claim(tx, {
        companyId,
        accountId: options.accountId ?? editorId,
        uploadId,
        kinds: (options.kinds ?? ['obj', 'fbx']) as never[],
      }),
    );
  };
  const fieldError = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).statusCode).toBe(422);
    return (error as ValidationError).errors.upload_id;
  };
  const state = async (id: string) =>
    (await queryRows<{ state: string }>(t.database.system, sql`select state from uploads where id = ${id}`))[0]
      ?.state ?? null;

  it('claims a finished upload once, and tells what it is and where its bytes are', async () => {
    const id = await finished('Chair.obj');
    const claimed = await claim(id);
    expect(claimed).toEqual({ id, fileName: 'Chair.obj', kind: 'obj', size: 300, storageKey: `uploads/${id}` });
    expect(await t.services.storage.size(claimed.storageKey)).toBe(300);
    expect(await state(id)).toBe('claimed');
    expect(await fieldError(claim(id))).toEqual([UPLOAD_NOT_FINISHED]);
    // a claimed upload belongs to its record: no more writes or termination through tus
    expect((await tusCalls(editor).terminate(`/v2/uploads/${id}`)).status).toBe(404);
  });

  it('refuses unfinished, unknown, other company’s and other account’s uploads, and other kinds', async () => {
    const open = await tusCalls(editor).create({ fileName: 'open.obj', size: 100 });
    const openId = uploadIdOf(uploadPath(open.headers.location as string));
    expect(await fieldError(claim(openId))).toEqual([UPLOAD_NOT_FINISHED]);
    expect(await fieldError(claim('0'.repeat(32)))).toEqual([UPLOAD_NOT_FINISHED]);
    const id = await finished();
    expect(await fieldError(claim(id, { companyId: globex }))).toEqual([UPLOAD_NOT_FINISHED]);
    expect(await fieldError(claim(id, { accountId: adminId }))).toEqual([UPLOAD_NOT_FINISHED]);
    expect(await fieldError(claim(id, { kinds: ['fbx', 'zip'] }))).toEqual(['File is of invalid type']);
    expect(await state(id)).toBe('finished');
  });

  it('claims in the record’s transaction: a rolled-back record leaves the upload finished', async () => {
    const id = await finished();
    await expect(
      t.database.tenant({ companyId: acme }, async (tx) => {
        await t.services.uploads.claim(tx, { companyId: acme, accountId: editorId, uploadId: id, kinds: ['obj'] });
        throw new Error('record insert failed');
      }),
    ).rejects.toThrow(/record insert failed/);
    expect(await state(id)).toBe('finished');
  });

  it('releases an upload: its bytes and row go, and its size leaves the quota', async () => {
    const id = await finished('big.obj', 5000);
    await claim(id);
    const before = await t.database.tenant({ companyId: acme }, (tx) => t.services.uploads.usage(tx, acme));
    await t.services.uploads.release(acme, id);
    expect(await state(id)).toBeNull();
    expect(await t.services.storage.exists(`uploads/${id}`)).toBe(false);
    expect(await t.services.storage.exists(`uploads/${id}.json`)).toBe(false);
    const after = await t.database.tenant({ companyId: acme }, (tx) => t.services.uploads.usage(tx, acme));
    expect(before.used - after.used).toBe(5000);
    await t.services.uploads.release(acme, id);
  });
});

it('formats sizes as people read them', () => {
  expect(formatBytes(0)).toBe('0 bytes');
  expect(formatBytes(1)).toBe('1 byte');
  expect(formatBytes(1536)).toBe('1.5 KB');
  expect(formatBytes(100 * 1024 ** 3)).toBe('100 GB');
  expect(formatBytes(20 * 1024 ** 3 + 1)).toBe('20 GB');
  expect(formatBytes(5.25 * 1024 ** 2)).toBe('5.3 MB');
});
