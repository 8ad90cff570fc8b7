import { type ApiClient, PROPERTY_MAP_NAME_TAKEN, propertyMapEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
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

  describe('writes', () => {
    const c = writeClient(() => t);

    it('creates, renames and deletes a property map; 422 per field and for a taken name', async () => {
      const created = await c.send('POST', '/v2/property-maps', { name: ' Walnut gloss ' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(Object.keys(created.body.data).sort()).toEqual(['created_at', 'id', 'name', 'updated_at']);
      const id = created.body.data.id as number;
      const renamed = await c.form('POST', `/v2/property-maps/${id}`, '_method=PATCH&name=Walnut%20satin');
      expect(renamed.body.data).toMatchObject({ id, name: 'Walnut satin' });
      expect((await c.send('POST', '/v2/property-maps', {})).body.errors).toEqual({ name: ['Required.'] });
      expect((await c.send('POST', '/v2/property-maps', { name: '   ' })).status).toBe(422);
      const taken = await c.send('PATCH', `/v2/property-maps/${id}`, { name: 'OAK VENEER' });
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ name: [PROPERTY_MAP_NAME_TAKEN] });
      const deleted = await c.send('DELETE', `/v2/property-maps/${id}`);
      expect(deleted.body).toEqual({ property_map_name: 'Walnut satin', status: 'deleted' });
      expect((await c.send('DELETE', `/v2/property-maps/${id}`)).status).toBe(404);
    });

    it('refuses on customerportal, without the ability, signed out, and for another company’s map', async () => {
      const [oak] = (await editor.call(propertyMapEndpoints.list, { query: { filter: { search: 'Oak' } } })).data;
      const id = Number(oak?.id);
      const portal = await c.onPortal();
      expect((await c.send('POST', '/v2/property-maps', { name: 'Portal map' }, portal)).status).toBe(403);
      expect((await c.send('DELETE', `/v2/property-maps/${id}`, undefined, portal)).status).toBe(403);
      // nolicence gets the hatch licences: a hatch member whose Viewer role holds no property-map ability.
      await t.database.system.execute(sql`insert into membership_licences (company_id, account_id, licence_key)
        select m.company_id, m.account_id, l.key from memberships m join accounts a on a.id = m.account_id
        join companies c on c.id = m.company_id cross join (values ('design_and_sales'), ('hatch')) l(key)
        where a.username = 'nolicence' and c.sub_domain = 'acme' on conflict do nothing`);
      const member = { token: await t.login('nolicence', t.host('acme')), host: t.host('acme') };
      expect((await c.send('POST', '/v2/property-maps', { name: 'Nope' }, member)).status).toBe(403);
      expect((await c.send('PATCH', `/v2/property-maps/${id}`, { name: 'Nope' }, member)).status).toBe(403);
      expect((await c.send('DELETE', `/v2/property-maps/${id}`, undefined, member)).status).toBe(403);
      expect((await t.request('/v2/property-maps', { method: 'POST', json: { name: 'Nope' } })).status).toBe(401);
      const globex = await c.globex();
      expect((await c.send('PATCH', `/v2/property-maps/${id}`, { name: 'Mine now' }, globex)).status).toBe(404);
      expect((await c.send('DELETE', `/v2/property-maps/${id}`, undefined, globex)).status).toBe(404);
      expect((await c.get(`/v2/property-maps/${id}`)).body.data.name).toBe('Oak veneer');
    });
  });
});
