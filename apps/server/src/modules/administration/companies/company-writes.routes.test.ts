import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { multipart, PNG } from '#modules/content/projects/project-writes.test-helpers.ts';
import { linkIn, startSmtp, waitFor } from '#test/smtp-server.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');

describeEachDatabase('company writes', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Meshport <no-reply@meshport.test>' } });
    for (const user of ['admin', 'editor']) tokens.set(user, await t.login(user));
    // The viewer holds design_and_sales only: the customerportal host.
    tokens.set('viewer', await t.login('viewer', t.host('acme', 'customerportal')));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const token = (user: string) => tokens.get(user) as string;
  /** POST with _method=PATCH as the spec's call sends it. */
  const saveMyCompany = async (fields: [string, string | Blob, string?][], who = 'admin', host = t.host('acme')) => {
    const { body, type } = await multipart([['_method', 'PATCH'], ...fields]);
    return t.request('/v2/companies/my-company', {
      method: 'POST',
      token: who ? token(who) : undefined,
      host,
      body,
      headers: { 'content-type': type },
    });
  };
  const rowsOf = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(t.database.system, query);

  describe('POST /companies/my-company', () => {
    it('saves details and colours; default keeps the custom colours to come back', async () => {
      const saved = await saveMyCompany([
        ['name', ' Acme Kitchens BV '],
        ['city', 'Utrecht'],
        ['website', ''],
        ['colors[primary_color]', 'a1b2c3'],
        ['colors[primary_accent]', '#abcd'],
      ]);
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({
        name: 'Acme Kitchens BV',
        city: 'Utrecht',
        website: null,
        colors: { primary_color: '#A1B2C3', primary_accent: '#ABCD' },
        custom_colors: { primary_color: '#A1B2C3', primary_accent: '#ABCD' },
      });
      const defaults = await saveMyCompany([
        ['colors[primary_color]', 'default'],
        ['colors[primary_accent]', 'default'],
      ]);
      expect(defaults.body.data.colors).toEqual({ primary_color: 'default', primary_accent: 'default' });
      expect(defaults.body.data.theme).toEqual({ primary_color: '#275953', primary_accent: '#6E9C9780' });
      expect(defaults.body.data.custom_colors).toEqual({ primary_color: '#A1B2C3', primary_accent: '#ABCD' });
      const read = await t.request('/v2/companies/my-company', {
        token: token('viewer'),
        host: t.host('acme', 'customerportal'),
      });
      expect(read.body.data.custom_colors).toEqual({ primary_color: '#A1B2C3', primary_accent: '#ABCD' });
      // The public record the login page and every session read changes at once.
      const pub = await t.request('/v2/companies/acme', { host: t.host('acme') });
      expect(pub.body.data.name).toBe('Acme Kitchens BV');
    });

    it('answers 422 per field for bad names, colours, demo models and files', async () => {
      const bad = await saveMyCompany([
        ['name', '  '],
        ['colors[primary_color]', '#12'],
        ['colors[primary_accent]', 'zzzzzz'],
        ['demo_model_id', '999999'],
      ]);
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['colors.primary_accent', 'colors.primary_color', 'name']);
      expect(bad.body.errors['colors.primary_color']).toEqual([
        'Must be a hex colour of 3 or 6 digits, or 4 or 8 with alpha.',
      ]);
      for (const value of ['#12345', '#1234567', '#123456789', 'red', '#12 34', 'not-a-colour', '']) {
        const res = await saveMyCompany([
          ['colors[primary_color]', value],
          ['colors[primary_accent]', 'default'],
        ]);
        expect(res.status, value).toBe(422);
        expect(res.body.errors, value).toEqual({
          'colors.primary_color': ['Must be a hex colour of 3 or 6 digits, or 4 or 8 with alpha.'],
        });
      }
      // Nothing of a refused save is kept.
      const stored = await rowsOf(sql`select primary_color from companies where sub_domain = 'acme'`);
      expect(stored[0]?.primary_color).toMatch(/^#[0-9A-F]+$|^default$/);
      const missing = await saveMyCompany([['demo_model_id', '999999']]);
      expect(missing.body.errors).toEqual({ demo_model_id: ['Choose a finished model of this company.'] });
      const [unfinished] = await rowsOf(
        sql`select m.id from project_models m join companies c on c.id = m.company_id where c.sub_domain = 'acme' and m.status <> 'FINISHED' limit 1`,
      );
      const [globexModel] = await rowsOf(
        sql`select m.id from project_models m join companies c on c.id = m.company_id where c.sub_domain = 'globex' and m.status = 'FINISHED' limit 1`,
      );
      for (const id of [unfinished?.id, globexModel?.id].filter((id) => id !== undefined)) {
        expect((await saveMyCompany([['demo_model_id', String(id)]])).status).toBe(422);
      }
      const gifLogo = await saveMyCompany([['logo', new Blob([GIF]), 'logo.png']]);
      expect(gifLogo.body.errors).toEqual({ logo: ['File is of invalid type'] });
      const pngBackground = await saveMyCompany([['background_image', new Blob([PNG]), 'bg.jpg']]);
      expect(pngBackground.body.errors).toEqual({ background_image: ['File is of invalid type'] });
    });

    it('sets a finished demo model and stores logo and background, served by the asset calls', async () => {
      const [finished] = await rowsOf(
        sql`select m.id, m.name from project_models m join companies c on c.id = m.company_id where c.sub_domain = 'acme' and m.status = 'FINISHED' and m.deleted_at is null limit 1`,
      );
      const res = await saveMyCompany([
        ['demo_model_id', String(finished?.id)],
        ['logo', new Blob([PNG]), 'logo.bmp'],
        ['background_image', new Blob([JPEG]), 'bg.jpg'],
      ]);
      expect(res.status).toBe(200);
      expect(res.body.data.demo_model).toMatchObject({ id: finished?.id, name: finished?.name });
      const logo = await t.request(res.body.data.logo, { host: t.host('acme') });
      expect([logo.status, logo.headers['content-type']]).toEqual([200, 'image/png']);
      const bg = await t.request(res.body.data.background_image, { host: t.host('acme') });
      expect([bg.status, bg.headers['content-type']]).toEqual([200, 'image/jpeg']);
      const cleared = await saveMyCompany([['demo_model_id', '']]);
      expect(cleared.body.data.demo_model).toBeNull();
    });

    it('needs edit-company; the Autodesk choice is for admins only (403 for anyone else)', async () => {
      expect((await saveMyCompany([['city', 'X']], '')).status).toBe(401);
      expect((await saveMyCompany([['city', 'X']], 'viewer', t.host('acme', 'customerportal'))).status).toBe(403);
      expect((await saveMyCompany([['city', 'Utrecht']], 'editor')).status).toBe(200);
      // A member of acme only, on globex's host: not a member there.
      expect((await saveMyCompany([['city', 'X']], 'editor', t.host('globex'))).status).toBe(403);
      const notAdmin = await t.request('/v2/companies/my-company', {
        method: 'PATCH',
        token: token('editor'),
        json: { autodesk_integration: 'no' },
      });
      expect(notAdmin.status).toBe(403);
      const bad = await saveMyCompany([['autodesk_integration', 'always']]);
      expect(Object.keys(bad.body.errors)).toEqual(['autodesk_integration']);
      const ok = await saveMyCompany([['autodesk_integration', 'yes_always_prompt']]);
      expect(ok.body.data.autodesk_integration).toBe('yes_always_prompt');
    });
  });

  describe('admin companies', () => {
    const admin = (method: string, path: string, json?: unknown, who = 'admin') =>
      t.request(`/v2/admin/companies${path}`, { method, token: token(who), ...(json ? { json } : {}) });
    const newCompany = {
      name: 'Initech',
      sub_domain: 'Initech',
      licences: { design_and_sales: 3, hatch: 2 },
      admin_name: 'Ina Initech',
      admin_email: 'ina@initech.example',
    };

    it('refuses bad input per field, non-admins and the signed-out', async () => {
      const bad = await admin('POST', '', {
        name: '',
        sub_domain: 'hatch-x',
        licences: { hatch: -1, bogus: 2 },
        admin_name: 'A',
        admin_email: 'nope',
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(
        expect.arrayContaining(['admin_email', 'name', 'sub_domain']),
      );
      for (const sub_domain of ['acme', 'Bad_Name', '-x', 'x-', 'a'.repeat(64), 'www', 'customerportal-y', 'é']) {
        const res = await admin('POST', '', { ...newCompany, sub_domain });
        expect([res.status, Object.keys(res.body.errors ?? {})], sub_domain).toEqual([422, ['sub_domain']]);
      }
      expect((await admin('POST', '', newCompany, 'editor')).status).toBe(403);
      expect((await t.request('/v2/admin/companies', { method: 'POST', json: newCompany })).status).toBe(401);
      expect((await admin('PATCH', '/1', { name: 'x' }, 'editor')).status).toBe(403);
      expect((await admin('DELETE', '/1', undefined, 'editor')).status).toBe(403);
      expect((await admin('GET', '/999999')).status).toBe(404);
      expect((await admin('PATCH', '/999999', { name: 'x' })).status).toBe(404);
      expect((await admin('DELETE', '/999999')).status).toBe(404);
    });

    it('provisions a company whose invited administrator sets a password and signs in on its host', async () => {
      const before = smtp.inbox.length;
      const created = await admin('POST', '', newCompany);
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        name: 'Initech',
        sub_domain: 'initech',
        fqdn: 'initech.meshport.test',
        licences: { design_and_sales: 3, hatch: 2, standalone: 0 },
      });
      const again = await admin('POST', '', { ...newCompany, admin_email: 'other@initech.example' });
      expect(again.body.errors).toEqual({ sub_domain: ['This sub-domain is taken.'] });
      const mail = await waitFor(() => smtp.inbox.slice(before).find((m) => m.to.includes('ina@initech.example')));
      const link = linkIn(mail);
      expect(link.url.startsWith('http://hatch-initech.meshport.test')).toBe(true);
      const reset = await t.request('/v2/password/reset', {
        host: t.host('initech'),
        json: { token: link.token, password: 'initech-pass-1', password_confirmation: 'initech-pass-1' },
      });
      expect(reset.status).toBe(200);
      const login = await t.request('/v2/login', {
        host: t.host('initech'),
        json: { identity: 'ina@initech.example', password: 'initech-pass-1', issue_token: true },
      });
      expect(login.status).toBe(200);
      // The first administrator may change the new company's look.
      const own = await t.request('/v2/companies/my-company', {
        method: 'PATCH',
        token: login.body.access_token,
        host: t.host('initech'),
        json: { colors: { primary_color: '#123', primary_accent: 'default' } },
      });
      expect(own.status).toBe(200);
    });

    it('changes name, sub-domain and seats, never below the seats in use', async () => {
      const id = (await admin('POST', '', { ...newCompany, sub_domain: 'umbrella', admin_email: 'u@umbrella.example' }))
        .body.data.id;
      const changed = await admin('PATCH', `/${id}`, { name: 'Umbrella Corp', licences: { standalone: 4 } });
      expect(changed.body.data).toMatchObject({ name: 'Umbrella Corp', licences: { standalone: 4, hatch: 2 } });
      const below = await admin('PATCH', `/${id}`, { licences: { hatch: 0 } });
      expect(below.body.errors).toEqual({ 'licences.hatch': ['1 seats are in use.'] });
      expect((await admin('PATCH', `/${id}`, { sub_domain: 'globex' })).status).toBe(422);
      const [acme] = await rowsOf(sql`select id from companies where sub_domain = 'acme'`);
      const ownHost = await admin('PATCH', `/${acme?.id}`, { sub_domain: 'acme2' });
      expect(Object.keys(ownHost.body.errors)).toEqual(['sub_domain']);
      const list = await admin('GET', '?filter[search]=Umbrella');
      expect(list.body.data.map((row: { name: string }) => row.name)).toEqual(['Umbrella Corp']);
    });

    it('deletes a company with all its rows and files, never the one signed in on, leaving others untouched', async () => {
      const [acme] = await rowsOf(sql`select id from companies where sub_domain = 'acme'`);
      expect((await admin('DELETE', `/${acme?.id}`)).status).toBe(403);
      const created = await admin('POST', '', { ...newCompany, sub_domain: 'doomed', admin_email: 'd@doomed.example' });
      const id = created.body.data.id as number;
      const key = `companies/${id}/company/logo-test.png`;
      await t.services.storage.put(key, PNG);
      await t.database.system.execute(sql`update companies set logo_path = ${key} where id = ${id}`);
      const acmeFiles = await t.services.storage.exists('companies/acme/logo.svg');
      const counts = async (companyId: unknown) =>
        rowsOf(sql`select (select count(*) from roles where company_id = ${companyId})::int as roles,
          (select count(*) from memberships where company_id = ${companyId})::int as members,
          (select count(*) from company_licences where company_id = ${companyId})::int as licences`);
      const acmeBefore = await counts(acme?.id);
      const deleted = await admin('DELETE', `/${id}`);
      expect(deleted.body).toEqual({ company_name: 'Initech', status: 'deleted' });
      expect(await t.services.storage.exists(key)).toBe(false);
      expect(await counts(id)).toEqual([{ roles: 0, members: 0, licences: 0 }]);
      expect(await rowsOf(sql`select id from accounts where email = 'd@doomed.example'`)).toEqual([]);
      const tables = await rowsOf(
        sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'company_id'`,
      );
      for (const { table_name } of tables) {
        const left = await rowsOf(sql`select 1 from ${sql.identifier(String(table_name))} where company_id = ${id}`);
        expect(left, String(table_name)).toEqual([]);
      }
      expect(await counts(acme?.id)).toEqual(acmeBefore);
      expect(await t.services.storage.exists('companies/acme/logo.svg')).toBe(acmeFiles);
      expect((await admin('DELETE', `/${id}`)).status).toBe(404);
      expect((await t.request('/v2/companies/doomed', { host: t.host('acme') })).status).toBe(404);
    });
  });
});
