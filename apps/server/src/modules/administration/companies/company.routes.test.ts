import { companyEndpoints } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

describeEachDatabase('companies', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('shows name, logo and colours publicly, for the login page', async () => {
    const res = await t.request('/v2/companies/acme', { host: 'meshport.test' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Acme Kitchens',
      sub_domain: 'acme',
      colors: { primary_color: '#B4441C', primary_accent: '#F2C14E' },
      theme: { primary_color: '#B4441C', primary_accent: '#F2C14E' },
    });
    const logo = await t.request(res.body.data.logo, { host: 'meshport.test' });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.text).toContain('Acme Kitchens');
    expect((await t.request('/v2/companies/nope', { host: 'meshport.test' })).status).toBe(404);
  });

  it("replaces 'default' colours by the colours of the host platform, or of the first platform", async () => {
    const globex = { params: { subdomain: 'globex' } };
    const onPortal = await t.client({ host: t.host('globex', 'customerportal') }).call(companyEndpoints.public, globex);
    expect(onPortal.data.colors).toEqual({ primary_color: 'default', primary_accent: 'default' });
    expect(onPortal.data.theme).toEqual({ primary_color: '#634196', primary_accent: '#7C6B9C80' });
    const bare = await t.client({ host: t.host('globex', null) }).call(companyEndpoints.public, globex);
    expect(bare.data.theme).toEqual({ primary_color: '#275953', primary_accent: '#6E9C9780' });
  });

  it('gives the signed-in member the company of this host with its details', async () => {
    const token = await t.login('globex-editor', t.host('globex'));
    const res = await t.request('/v2/companies/my-company', { token, host: t.host('globex') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Globex Interiors', theme: { primary_color: '#275953' } });
    expect((await t.request('/v2/companies/my-company', { host: t.host('globex') })).status).toBe(401);
    expect((await t.request('/v2/companies/my-company', { token })).status).toBe(403);
  });

  it('lists the companies a person may switch to', async () => {
    const editor = await t.login('editor');
    const mine = await t.client({ token: editor }).call(companyEndpoints.switchable);
    expect(mine.data.map((c) => c.sub_domain)).toEqual(['acme']);
    const admin = await t.login('admin');
    const all = await t.client({ token: admin }).call(companyEndpoints.switchable);
    expect(all.data.map((c) => c.sub_domain)).toEqual(['acme', 'globex']);
  });
});
