import { MAX_ID } from '@meshport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#app/build-app.ts';
import { DEMO_PASSWORD, describeEachDatabase, startTestApp, type TestApp } from './test-app.ts';

/** The inputs an attacker's fuzzer found ending in 500: each answers 4xx with a message per field. */
describeEachDatabase('hostile inputs that used to end in 500', (kind) => {
  let t: TestApp;
  let editor: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    editor = await t.login('editor');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  describe('parameters named after Object.prototype properties', () => {
    const cases: [string, string][] = [
      ['included_fields=valueOf', 'included_fields'],
      ['excluded_fields=constructor', 'excluded_fields'],
      ['filter[constructor]=1', 'filter[constructor]'],
      ['filter[__proto__]=1', 'filter[__proto__]'],
      ['filter[hasOwnProperty]=x', 'filter[hasOwnProperty]'],
      ['sort=__proto__', 'sort'],
      ['sort=-toString', 'sort'],
      ['count=constructor', 'count'],
      ['trashed=valueOf', 'trashed'],
      ['__proto__=1', '__proto__'],
      ['constructor=1', 'constructor'],
    ];
    for (const [query, field] of cases) {
      it(`?${query} answers 422 naming ${field}`, async () => {
        for (const list of ['/v2/roles', '/v2/projects', '/v2/admin/users']) {
          const res = await t.request(`${list}?${query}`, { token: admin });
          expect(res.status, `${list}?${query}`).toBe(422);
          expect(Object.keys(res.body.errors), list).toContain(field);
        }
      });
    }

    it('a single record read refuses them too', async () => {
      const res = await t.request('/v2/roles/1?included_fields=__proto__,valueOf', { token: editor });
      expect(res.status).toBe(422);
      expect(res.body.errors.included_fields[0]).toMatch(/__proto__, valueOf/);
    });
  });

  describe('NUL characters', () => {
    it('in a filter answers 422 before PostgreSQL sees it', async () => {
      const res = await t.request('/v2/roles?filter[search]=%00', { token: editor });
      expect(res.status).toBe(422);
      expect(res.body.errors['filter[search]']).toEqual(['May not contain a NUL character.']);
    });

    it('in a path parameter', async () => {
      const res = await t.request('/v2/materials/%00', { token: editor });
      expect(res.status).toBe(422);
      expect(res.body.errors.name).toEqual(['May not contain a NUL character.']);
    });

    it('in a sign-in identity, and in a body key', async () => {
      const login = await t.request('/v2/login', { json: { identity: 'editor\u0000', password: DEMO_PASSWORD } });
      expect(login.status).toBe(422);
      expect(login.body.errors.identity).toBeDefined();
      const key = await t.request('/v2/login', { json: { identity: 'editor', password: DEMO_PASSWORD, 'x\u0000': 1 } });
      expect(key.status).toBe(422);
    });

    it('in a form body and in a global search', async () => {
      const form = await t.request('/v2/login', { form: { identity: '\u0000', password: 'x' } });
      expect(form.status).toBe(422);
      const search = await t.request('/v2/global-search?search=a%00b', { token: editor });
      expect(search.status).toBe(422);
    });
  });

  describe('ids past PostgreSQL integer', () => {
    const withId = () =>
      apiRoutes(t.services).filter((route) => route.endpoint.method === 'GET' && route.endpoint.path.includes(':id'));
    /** The path with `id`, and a valid value for any other parameter (a map kind, a name). */
    const pathWith = (path: string, id: string) =>
      path.replace(':id', id).replace(/:(\w+)/g, (_, name: string) => (name === 'map' ? 'base_color' : 'x'));

    it('answer 422 on every route that takes an id, and an id in range answers 404', async () => {
      expect(withId().length).toBeGreaterThan(15);
      for (const route of withId()) {
        for (const id of [String(MAX_ID + 1), '9007199254740991', '1e300', '-1', '0', '1.5']) {
          const res = await t.request(`/v2${pathWith(route.endpoint.path, id)}`, { token: admin });
          expect(res.status, `${route.endpoint.path} ${id}`).toBe(422);
          expect(res.body.errors.id, `${route.endpoint.path} ${id}`).toBeDefined();
        }
        const inRange = await t.request(`/v2${pathWith(route.endpoint.path, String(MAX_ID))}`, { token: admin });
        expect(inRange.status, route.endpoint.path).toBe(404);
      }
    });

    it('in filters and bodies too', async () => {
      const filter = await t.request(`/v2/admin/users?filter[company_id]=${MAX_ID + 1}`, { token: admin });
      expect(filter.status).toBe(422);
      const body = await t.request('/v2/admin/notifications', {
        token: admin,
        json: { user_id: MAX_ID + 1, title: 't', text: 'x' },
      });
      expect(body.status).toBe(422);
      expect(body.body.errors.user_id).toEqual([`Must be at most ${MAX_ID}.`]);
    });
  });

  describe('malformed multipart bodies', () => {
    const multipart = (contentType: string, body: string) => ({
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    });

    it('without a boundary answers 400 with the reason', async () => {
      for (const [path, token] of [
        ['/v2/login', undefined],
        ['/v2/admin/notifications', admin],
      ] as const) {
        const res = await t.request(path, { ...multipart('multipart/form-data', 'identity=x'), token });
        expect(res.status, path).toBe(400);
        expect(res.body.message, path).toMatch(/multipart/i);
      }
    });

    it('cut off before its end answers 400', async () => {
      const truncated = '--b\r\ncontent-disposition: form-data; name="identity"\r\n\r\nedit';
      const res = await t.request('/v2/login', multipart('multipart/form-data; boundary=b', truncated));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/multipart/i);
    });

    it('a well-formed one still works', async () => {
      const body =
        '--b\r\ncontent-disposition: form-data; name="identity"\r\n\r\neditor\r\n' +
        `--b\r\ncontent-disposition: form-data; name="password"\r\n\r\n${DEMO_PASSWORD}\r\n--b--\r\n`;
      const res = await t.request('/v2/login', multipart('multipart/form-data; boundary=b', body));
      expect(res.status).toBe(200);
    });
  });
});

describeEachDatabase('answers and platforms', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps authenticated answers out of shared caches', async () => {
    const token = await t.login('editor');
    const login = await t.request('/v2/login', { json: { identity: 'viewer', password: DEMO_PASSWORD } });
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await t.request('/v2/auth/validate', { token })).headers['cache-control']).toBe('no-store');
    expect((await t.request('/v2/companies', { token })).headers['cache-control']).toBe('no-store');
    // answers the response cache keeps: private to this person, revalidated
    expect((await t.request('/v2/my-account/notification-settings', { token })).headers['cache-control']).toBe(
      'private, no-cache',
    );
    expect((await t.request('/v2/projects', { token })).headers['cache-control']).toBe('private, no-cache');
    expect((await t.request('/v2/roles', { token })).headers['cache-control']).toBe('private, no-cache');
    expect((await t.request('/v2/my-account/notification-settings')).headers['cache-control']).toBe('no-store');
    expect((await t.request('/v2/projects')).headers['cache-control']).toBe('no-store');
  });

  it('refuses hatch-only resources on customerportal, to members and platform admins alike', async () => {
    const portal = t.host('acme', 'customerportal');
    for (const user of ['editor', 'admin']) {
      const token = await t.login(user);
      for (const path of ['/v2/materials', '/v2/materials/categories', '/v2/property-maps']) {
        const refused = await t.request(path, { token, host: portal });
        expect(refused.status, `${user} ${path}`).toBe(403);
        expect(refused.body.message).toBe('This is available on hatch only.');
        expect((await t.request(path, { token })).status, `${user} ${path} on hatch`).toBe(200);
      }
    }
  });

  describe('sign-out links on other sites', () => {
    const signIn = async () => {
      const res = await t.request('/v2/login', { json: { identity: 'editor', password: DEMO_PASSWORD } });
      return `user_session=${res.cookies.user_session?.value}`;
    };
    const stillSignedIn = async (cookie: string) => (await t.request('/v2/auth/validate', { cookie })).status === 200;

    for (const path of ['/v2/logout', '/v2/logout-all']) {
      it(`${path} refuses a cross-site request and keeps the session`, async () => {
        const cookie = await signIn();
        const crossSite = await t.request(path, { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
        expect(crossSite.status).toBe(403);
        const sameSite = await t.request(path, { cookie, headers: { 'sec-fetch-site': 'same-site' } });
        expect(sameSite.status).toBe(403);
        const evil = await t.request(path, { cookie, origin: 'https://evil.example' });
        expect(evil.status).toBe(403);
        expect(await stillSignedIn(cookie)).toBe(true);
        const own = await t.request(path, { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
        expect(own.status).toBe(200);
        expect(await stillSignedIn(cookie)).toBe(false);
      });
    }

    it('a bearer client without browser headers still signs out', async () => {
      const token = await t.login('viewer', t.host('acme', 'customerportal'));
      expect((await t.request('/v2/logout', { token })).status).toBe(200);
      expect((await t.request('/v2/auth/validate', { token })).status).toBe(401);
    });
  });
});
