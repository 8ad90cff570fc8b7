import {
  type ApiClient,
  DOWNLOAD_EXTENSION_MESSAGE,
  downloadEndpoints,
  FILE_INVALID_TYPE,
  FILE_TOO_LARGE,
  MAX_DOWNLOAD_BYTES,
} from '@meshport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG, writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { contentDisposition } from './download.routes.ts';

describeEachDatabase('downloads', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, auth, token } = signInDemoUsers(() => t, {
    signIn: ['editor', 'viewer', 'nolicence', 'globex-editor'],
    defaultUser: 'editor',
  });
  /** A member who may list downloads; the viewer reads content only (decision 0045). */
  let reader: ApiClient;
  beforeAll(async () => {
    reader = t.client(await auth('editor'));
  });

  it('lists the platform-wide downloads, newest first, for every company', async () => {
    const res = await get('/v2/downloads');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 2 });
    expect(res.body.data.map((row: Row) => `${row.name}.${row.extension}`)).toEqual([
      'Sample kitchen cube.zip',
      'Meshport user manual.pdf',
    ]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      'created_at',
      'extension',
      'id',
      'name',
      'size',
      'updated_at',
    ]);
    const globexEditor = t.client({ token: await token('globex-editor'), host: t.host('globex') });
    const globex = await globexEditor.call(downloadEndpoints.list);
    expect(globex.meta.total).toBe(2);
  });

  it('filters, sorts, selects fields and counts', async () => {
    const manuals = (await reader.call(downloadEndpoints.list, { query: { filter: { search: 'manual' } } })).data;
    expect(manuals.map((row) => row.extension)).toEqual(['pdf']);
    await expectSortsByEachField(t, '/v2/downloads', await auth('editor'), [
      'id',
      'name',
      'extension',
      'size',
      'created_at',
      'updated_at',
    ]);
    const names = (await reader.call(downloadEndpoints.list, { query: { included_fields: ['downloads.name'] } })).data;
    expect(Object.keys(names[0] ?? {})).toEqual(['name']);
    const sizeless = (await reader.call(downloadEndpoints.list, { query: { excluded_fields: ['size'] } })).data;
    expect(sizeless[0]).not.toHaveProperty('size');
    expect(await reader.count(downloadEndpoints.list)).toBe(2);
    await expectUnknownParametersRefused(t, '/v2/downloads', await auth('editor'));
  });

  it('streams the file as name.extension', async () => {
    const [manual, zipFile] = (await reader.call(downloadEndpoints.list, { query: { sort: 'name' } })).data;
    expect((await reader.call(downloadEndpoints.get, { params: { id: Number(manual?.id) } })).data.name).toBe(
      'Meshport user manual',
    );
    const file = await get(`/v2/downloads/${manual?.id}/download`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Meshport user manual.pdf"; filename*=UTF-8''Meshport%20user%20manual.pdf`,
    );
    expect(file.text.startsWith('%PDF-1.4')).toBe(true);
    expect(Buffer.byteLength(file.text, 'latin1')).toBe(manual?.size);
    const zip = await get(`/v2/downloads/${zipFile?.id}/download`);
    expect(zip.text.startsWith('PK')).toBe(true);
    expect((await get('/v2/downloads/999999/download')).status).toBe(404);
  });

  it('needs list-downloads and a licence', async () => {
    expect((await get('/v2/downloads', 'nolicence')).status).toBe(403);
    expect((await get('/v2/downloads/1/download', 'nolicence')).status).toBe(403);
    expect((await t.request('/v2/downloads/1/download')).status).toBe(401);
  });

  it('keeps header-breaking characters out of the file name', () => {
    expect(contentDisposition('a"b\r\nc/d', 'pdf')).toBe(
      `attachment; filename="abc-d.pdf"; filename*=UTF-8''abc-d.pdf`,
    );
    expect(contentDisposition('Café', 'zip')).toBe(`attachment; filename="Caf_.zip"; filename*=UTF-8''Caf%C3%A9.zip`);
    expect(contentDisposition("Bob's (draft)*", 'pdf')).toBe(
      `attachment; filename="Bob's (draft)*.pdf"; filename*=UTF-8''Bob%27s%20%28draft%29%2A.pdf`,
    );
  });

  describe('admin writes', () => {
    const c = writeClient(() => t);
    const pdf = (text: string) => new Blob([`%PDF-1.7\n${text}`]);
    const admin = () => c.auth('admin');

    it('publishes, changes and deletes a download; everyone downloads it as name.extension', async () => {
      const created = await c.upload(
        '/v2/admin/downloads',
        [
          ['name', 'Ünïcode “guide”'],
          ['extension', '.PDF'],
          ['file', pdf('first'), 'whatever.pdf'],
        ],
        await admin(),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data.id as number;
      expect(created.body.data).toMatchObject({ name: 'Ünïcode “guide”', extension: 'pdf', size: 14 });
      const file = await get(`/v2/downloads/${id}/download`);
      expect(file.status).toBe(200);
      expect(file.text).toBe('%PDF-1.7\nfirst');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="_n_code _guide_.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%E2%80%9Cguide%E2%80%9D.pdf`,
      );
      const path = async () =>
        (await t.database.system.execute(`select file_path from downloads where id = ${id}`)) as unknown;
      const before = JSON.stringify(await path());
      const changed = await c.upload(
        `/v2/admin/downloads/${id}`,
        [
          ['_method', 'PATCH'],
          ['name', 'Plug-in'],
          ['extension', 'zip'],
          ['file', new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2])]), 'plugin.zip'],
        ],
        await admin(),
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data).toMatchObject({ id, name: 'Plug-in', extension: 'zip', size: 6 });
      expect(JSON.stringify(await path())).not.toBe(before);
      const zip = await get(`/v2/downloads/${id}/download`);
      expect(zip.headers['content-disposition']).toContain('filename="Plug-in.zip"');
      const renamed = await c.send('PATCH', `/v2/admin/downloads/${id}`, { name: 'Plug-in 2' }, await admin());
      expect(renamed.body.data).toMatchObject({ name: 'Plug-in 2', extension: 'zip' });
      // The stored file is a zip: calling it a pdf is refused.
      const wrongType = await c.send('PATCH', `/v2/admin/downloads/${id}`, { extension: 'pdf' }, await admin());
      expect(wrongType.status).toBe(422);
      expect(Object.keys(wrongType.body.errors)).toEqual(['extension']);
      const deleted = await c.send('DELETE', `/v2/admin/downloads/${id}`, undefined, await admin());
      expect(deleted.body).toEqual({ download_name: 'Plug-in 2', status: 'deleted' });
      expect((await get(`/v2/downloads/${id}/download`)).status).toBe(404);
      expect((await c.send('DELETE', `/v2/admin/downloads/${id}`, undefined, await admin())).status).toBe(404);
    });

    it('answers 422 per field: name, extension, a file of another type, empty or too large', async () => {
      const missing = await c.upload('/v2/admin/downloads', [['name', '']], await admin());
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['extension', 'file', 'name']);
      const exe = await c.upload(
        '/v2/admin/downloads',
        [
          ['name', 'Tool'],
          ['extension', 'sh'],
          ['file', new Blob(['#!/bin/sh']), 'tool.sh'],
        ],
        await admin(),
      );
      expect(exe.body.errors).toEqual({ extension: [DOWNLOAD_EXTENSION_MESSAGE] });
      const disguised = await c.upload(
        '/v2/admin/downloads',
        [
          ['name', 'Not a pdf'],
          ['extension', 'pdf'],
          ['file', new Blob([PNG]), 'image.pdf'],
        ],
        await admin(),
      );
      expect(disguised.body.errors).toEqual({ file: [FILE_INVALID_TYPE] });
      const empty = await c.upload(
        '/v2/admin/downloads',
        [
          ['name', 'Empty'],
          ['extension', 'txt'],
          ['file', new Blob([]), 'empty.txt'],
        ],
        await admin(),
      );
      expect(empty.body.errors).toEqual({ file: ['The file is empty.'] });
      const large = await c.upload(
        '/v2/admin/downloads',
        [
          ['name', 'Huge'],
          ['extension', 'txt'],
          ['file', new Blob([new Uint8Array(MAX_DOWNLOAD_BYTES + 1).fill(65)]), 'huge.txt'],
        ],
        await admin(),
      );
      expect(large.status).toBe(422);
      expect(large.body.errors).toEqual({ file: [FILE_TOO_LARGE] });
      expect(await reader.count(downloadEndpoints.list)).toBe(2);
    });

    it('is for admins only (403), signed in (401); a missing download is 404', async () => {
      const [manual] = (await reader.call(downloadEndpoints.list)).data;
      const fields: [string, string | Blob, string?][] = [
        ['name', 'Nope'],
        ['extension', 'pdf'],
        ['file', pdf('x'), 'x.pdf'],
      ];
      for (const user of ['editor', 'viewer']) {
        expect((await c.upload('/v2/admin/downloads', fields, user)).status, user).toBe(403);
        expect((await c.send('PATCH', `/v2/admin/downloads/${manual?.id}`, { name: 'x' }, user)).status).toBe(403);
        expect((await c.send('DELETE', `/v2/admin/downloads/${manual?.id}`, undefined, user)).status).toBe(403);
      }
      expect((await t.request('/v2/admin/downloads', { method: 'POST', json: { name: 'x' } })).status).toBe(401);
      expect((await get('/v2/downloads', 'viewer')).status, 'the viewer reads content only').toBe(403);
      expect((await c.send('PATCH', '/v2/admin/downloads/99999999', { name: 'x' }, await admin())).status).toBe(404);
      expect((await reader.call(downloadEndpoints.get, { params: { id: Number(manual?.id) } })).data.name).toBe(
        manual?.name,
      );
    });
  });
});
