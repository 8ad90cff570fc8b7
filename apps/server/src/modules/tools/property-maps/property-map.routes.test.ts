import { type ApiClient, propertyMapEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInDemoUsers } from '#test/demo-clients.ts';
import { expectSortsByEachField, expectUnknownParametersRefused, type Row } from '#test/list-assertions.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('property maps', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const { get, token, auth } = signInDemoUsers(() => t, {
    signIn: ['editor', 'viewer', 'nolicence', 'globex-editor'],
  });
  let editor: ApiClient;
  beforeAll(async () => {
    editor = t.client(await auth('editor'));
  });

  it('lists this company’s property maps, page size 5, sorted -name by default', async () => {
    const res = await get('/v2/property-maps');
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ per_page: 5, total: 3 });
    expect(res.body.data.map((row: Row) => row.name)).toEqual(['Oak veneer', 'Matte lacquer', 'Brushed steel']);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['created_at', 'id', 'name', 'updated_at']);
  });

  it('filters, sorts, selects fields and counts', async () => {
    const steel = (await editor.call(propertyMapEndpoints.list, { query: { filter: { search: 'steel' } } })).data;
    expect(steel.map((row) => row.name)).toEqual(['Brushed steel']);
    await expectSortsByEachField(t, '/v2/property-maps', { token: await token('editor') }, [
      'id',
      'name',
      'created_at',
      'updated_at',
    ]);
    const ids = (await editor.call(propertyMapEndpoints.list, { query: { included_fields: ['property_maps.id'] } }))
      .data;
    expect(Object.keys(ids[0] ?? {})).toEqual(['id']);
    const nameless = (await editor.call(propertyMapEndpoints.list, { query: { excluded_fields: ['name'] } })).data;
    expect(nameless[0]).not.toHaveProperty('name');
    expect(await editor.count(propertyMapEndpoints.list)).toBe(3);
    await expectUnknownParametersRefused(t, '/v2/property-maps', { token: await token('editor') });
  });

  it('is hatch only, needs a property-map ability, and hides other companies’ maps', async () => {
    // administration.md §2: property maps work on hatch only, whoever asks on customerportal.
    expect((await get('/v2/property-maps', 'editor', t.host('acme', 'customerportal'))).status).toBe(403);
    expect((await get('/v2/property-maps', 'admin', t.host('acme', 'customerportal'))).status).toBe(403);
    expect((await get('/v2/property-maps', 'editor', t.host('acme', null))).status).toBe(200);
    expect((await get('/v2/property-maps', 'viewer', t.host('acme', 'customerportal'))).status).toBe(403);
    expect((await get('/v2/property-maps', 'viewer')).status).toBe(403);
    expect((await get('/v2/property-maps', 'nolicence')).status).toBe(403);
    const [oak] = (await editor.call(propertyMapEndpoints.list)).data;
    expect((await editor.call(propertyMapEndpoints.get, { params: { id: Number(oak?.id) } })).data.name).toBe(
      'Oak veneer',
    );
    expect((await get(`/v2/property-maps/${oak?.id}`, 'globex-editor', t.host('globex'))).status).toBe(404);
    const globexEditor = t.client({ token: await token('globex-editor'), host: t.host('globex') });
    const globex = (await globexEditor.call(propertyMapEndpoints.list)).data;
    expect(globex.map((row) => row.name)).toEqual(['Globex default']);
  });
});
