import { type ApiClient, downloadEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
    defaultUser: 'viewer',
  });
  let viewer: ApiClient;
  beforeAll(async () => {
    viewer = t.client(await auth('viewer'));
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
    const manuals = (await viewer.call(downloadEndpoints.list, { query: { filter: { search: 'manual' } } })).data;
    expect(manuals.map((row) => row.extension)).toEqual(['pdf']);
    await expectSortsByEachField(t, '/v2/downloads', await auth('viewer'), [
      'id',
      'name',
      'extension',
      'size',
      'created_at',
      'updated_at',
    ]);
    const names = (await viewer.call(downloadEndpoints.list, { query: { included_fields: ['downloads.name'] } })).data;
    expect(Object.keys(names[0] ?? {})).toEqual(['name']);
    const sizeless = (await viewer.call(downloadEndpoints.list, { query: { excluded_fields: ['size'] } })).data;
    expect(sizeless[0]).not.toHaveProperty('size');
    expect(await viewer.count(downloadEndpoints.list)).toBe(2);
    await expectUnknownParametersRefused(t, '/v2/downloads', await auth('viewer'));
  });

  it('streams the file as name.extension', async () => {
    const [manual, zipFile] = (await viewer.call(downloadEndpoints.list, { query: { sort: 'name' } })).data;
    expect((await viewer.call(downloadEndpoints.get, { params: { id: Number(manual?.id) } })).data.name).toBe(
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
  });
});
