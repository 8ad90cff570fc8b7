import { SHARE_LINK_NOT_FOUND, SHARE_PASSWORD_WRONG, shareLinkEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { insiderMembers } from '#test/insider-members.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { shareTokenHash } from './share-link.service.ts';

describeEachDatabase('share links', (kind) => {
  let t: TestApp;
  let modelId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.services.storage.put('share-test/model.glb', Buffer.from('glTF-share-test'));
    const [row] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status, glb_key, figures)
        select company_id, id, 'Shared Kitchen', 'FINISHED', 'share-test/model.glb',
          ${JSON.stringify({ material_names: ['Door', 'Top'], dimensions_m: { width: 3, depth: 0.6, height: 2.1 } })}::jsonb
        from projects where name = 'Van Dijk Family Kitchen' returning id`,
    );
    modelId = row?.id as number;
    await c.send('POST', '/v2/materials', { name: 'Share Oak' });
    await c.send('POST', '/v2/materials', { name: 'Share Walnut' });
    await t.database.system.execute(
      sql`update materials set maps = '{"base_color": {"key": "share-test/oak.webp", "width": 8, "height": 8}}' where name = 'Share Oak'`,
    );
    await t.services.storage.put('share-test/oak.webp', Buffer.from('RIFF-oak'));
    const saved = await c.send('PUT', `/v2/projects/models/${modelId}/material-slots`, {
      slots: [{ index: 0, name: 'Fronts', materials: ['Share Oak', 'Share Walnut'], default_material: 'Share Walnut' }],
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => t.close());
  // Every test starts with no wrong guesses counted for this machine's address.
  beforeEach(() =>
    t.database.system.execute(sql`delete from login_failures where key like 'share-%' or key like 'identity:share-%'`),
  );
  const c = writeClient(() => t);

  const create = async (body: Record<string, unknown>, who?: Parameters<typeof c.send>[3]) =>
    c.send('POST', '/v2/share-links', body, who);
  const tokenOf = (url: string) => url.split('/s/')[1] as string;
  const portal = () => t.host('acme', 'customerportal');
  const open = (token: string, path = '', options: { host?: string; cookie?: string; token?: string } = {}) =>
    t.request(`/v2/shared/${token}${path}`, { host: options.host ?? portal(), ...options });

  it('answers the link once, on the customerportal host; the token has 256 random bits and only its hash is kept', async () => {
    const made = await create({ project_model_id: modelId });
    expect(made.status).toBe(201);
    const url = made.body.data.url as string;
    expect(url).toMatch(/^http:\/\/customerportal-acme\.meshport\.test(:\d+)?\/s\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await queryRows<{ token_hash: string; days: number }>(
      t.database.system,
      sql`select token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days from share_links where id = ${made.body.data.id}`,
    );
    expect(row?.token_hash).toBe(shareTokenHash(token));
    expect(row?.token_hash).not.toContain(token);
    expect(row?.days).toBe(30);
    expect(made.body.data).toMatchObject({ status: 'active', opens: 0, has_password: false, name: 'Shared Kitchen' });
    const second = tokenOf((await create({ project_model_id: modelId })).body.data.url);
    expect(second).not.toBe(token);
  });

  it('checks the body: exactly one subject, days 1..365, a password of 8 or more; a model of another company is 404', async () => {
    expect((await create({})).status).toBe(422);
    expect((await create({ project_model_id: modelId, design_id: 1 })).status).toBe(422);
    expect((await create({ project_model_id: modelId, expires_in_days: 366 })).body.errors).toHaveProperty(
      'expires_in_days',
    );
    expect((await create({ project_model_id: modelId, password: 'short' })).body.errors).toHaveProperty('password');
    expect((await create({ project_model_id: modelId }, await c.globex())).status).toBe(404);
    expect((await create({ project_model_id: 999999 })).status).toBe(404);
    const [queued] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into project_models (company_id, project_id, name, status)
        select company_id, id, 'Share Queued', 'QUEUED' from projects where name = 'Van Dijk Family Kitchen' returning id`,
    );
    expect((await create({ project_model_id: queued?.id })).status).toBe(409);
  });

  it('opens anonymously: branding, model, slots with their finishes, noindex and no-store; opens counted with an activity row', async () => {
    const made = await create({ project_model_id: modelId, expires_in_days: 7 });
    const token = tokenOf(made.body.data.url);
    const view = await open(token);
    if (view.status !== 200) console.log('DBG', view.text);
    expect(view.status).toBe(200);
    expect(view.headers['x-robots-tag']).toContain('noindex');
    expect(view.headers['cache-control']).toBe('private, no-store');
    const data = view.body.data;
    expect(data).toMatchObject({ locked: false, name: 'Shared Kitchen', allow_configure: true });
    expect(data.company.name).toBeTruthy();
    expect(data.model.glb_url).toBe(`/v2/shared/${token}/files/glb`);
    expect(data.model.dimensions_m).toEqual({ width: 3, depth: 0.6, height: 2.1 });
    expect(data.slots).toHaveLength(1);
    expect(data.slots[0].choice).toBe('Share Walnut');
    expect(data.slots[0].materials.map((m: { name: string }) => m.name)).toEqual(['Share Oak', 'Share Walnut']);
    const mapUrl = data.slots[0].materials[0].maps.base_color as string;
    expect(mapUrl.startsWith(`/v2/shared/${token}/materials/Share%20Oak/maps/base_color`)).toBe(true);
    const map = await t.request(mapUrl, { host: portal() });
    expect(map.status).toBe(200);
    expect(map.raw.toString()).toBe('RIFF-oak');
    const glb = await open(token, '/files/glb');
    expect(glb.status).toBe(200);
    expect(glb.raw.toString()).toBe('glTF-share-test');
    // A material no slot offers is not there.
    expect((await open(token, '/materials/Brushed%20Steel/maps/base_color')).status).toBe(404);

    const [row] = await queryRows<{ opens: number; last: string | null }>(
      t.database.system,
      sql`select opens, last_opened_at::text as last from share_links where id = ${made.body.data.id}`,
    );
    expect(row?.opens).toBe(1);
    expect(row?.last).not.toBeNull();
    const activity = await queryRows<{ action: string }>(
      t.database.system,
      sql`select ua.action from user_activity ua join accounts a on a.id = ua.account_id
        where a.username = 'editor' and ua.action = 'Share link opened: Shared Kitchen'`,
    );
    expect(activity.length).toBeGreaterThanOrEqual(1);
  });

  it('without allow_configure a slot offers its starting finish only', async () => {
    const token = tokenOf((await create({ project_model_id: modelId, allow_configure: false })).body.data.url);
    const data = (await open(token)).body.data;
    expect(data.allow_configure).toBe(false);
    expect(data.slots[0].materials.map((m: { name: string }) => m.name)).toEqual(['Share Walnut']);
    expect((await open(token, '/materials/Share%20Oak/maps/base_color')).status).toBe(404);
  });

  it('a wrong, revoked or expired token, another tenant’s host and hostile encodings all answer the same 404', async () => {
    const made = await create({ project_model_id: modelId });
    const token = tokenOf(made.body.data.url);
    const expired = await create({ project_model_id: modelId });
    await t.database.system.execute(
      sql`update share_links set expires_at = now() - interval '1 second' where id = ${expired.body.data.id}`,
    );
    const revoked = await create({ project_model_id: modelId });
    expect((await c.send('DELETE', `/v2/share-links/${revoked.body.data.id}`)).body.data.status).toBe('revoked');
    const answers = [
      await open('A'.repeat(43)),
      await open(tokenOf(expired.body.data.url)),
      await open(tokenOf(revoked.body.data.url)),
      await open(token, '', { host: t.host('globex', 'customerportal') }),
      await open('..%2F..%2Fprojects'),
      await open(`${token.slice(0, 42)}%C3%A9`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: SHARE_LINK_NOT_FOUND });
    }
    // A control character is refused by the input check for every route, before any lookup.
    const nul = await open(`${token.slice(0, 42)}%00`);
    expect([404, 422]).toContain(nul.status);
    expect((await open(token)).status).toBe(200);
  });

  it('refuses guessing with 429 and Retry-After once an address has guessed wrong too often', async () => {
    let last = await open('B'.repeat(43));
    for (let i = 0; i < 25 && last.status !== 429; i += 1) last = await open(`${i}`.padEnd(43, 'C'));
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // A right token is refused too while the address is over its limit.
    const token = tokenOf((await create({ project_model_id: modelId })).body.data.url);
    expect((await open(token)).status).toBe(429);
  });

  it('a password link is locked until its password is given; the grant cookie is HttpOnly and scoped to the link', async () => {
    const token = tokenOf((await create({ project_model_id: modelId, password: 'open sesame' })).body.data.url);
    const locked = await open(token);
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({ locked: true });
    expect(locked.body.data).not.toHaveProperty('slots');
    expect((await open(token, '/files/glb')).status).toBe(401);
    const wrong = await t.request(`/v2/shared/${token}/unlock`, {
      method: 'POST',
      host: portal(),
      json: { password: 'not it at all' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual([SHARE_PASSWORD_WRONG]);
    const right = await t.request(`/v2/shared/${token}/unlock`, {
      method: 'POST',
      host: portal(),
      json: { password: 'open sesame' },
    });
    expect(right.status).toBe(200);
    const grant = right.cookies.share_grant;
    expect(grant?.attributes).toMatch(/HttpOnly/i);
    expect(grant?.attributes).toContain(`Path=/v2/shared/${token}`);
    const cookie = `share_grant=${grant?.value}`;
    expect((await open(token, '', { cookie })).body.data.locked).toBe(false);
    expect((await open(token, '/files/glb', { cookie })).status).toBe(200);
    // A forged grant opens nothing.
    expect((await open(token, '/files/glb', { cookie: `share_grant=9999999999.forged` })).status).toBe(401);
    // Guessing the password is limited per link and address.
    let last = wrong;
    for (let i = 0; i < 10 && last.status !== 429; i += 1) {
      last = await t.request(`/v2/shared/${token}/unlock`, {
        method: 'POST',
        host: portal(),
        json: { password: `guess ${i}` },
      });
    }
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('shares a design: its name, and its choices as the starting finishes; another company’s design is 404', async () => {
    const [design] = await queryRows<{ id: number }>(
      t.database.system,
      sql`insert into designs (company_id, project_id, project_model_id, name)
        select pm.company_id, pm.project_id, pm.id, 'Oak Island' from project_models pm where pm.id = ${modelId}
        returning id`,
    );
    await t.database.system.execute(
      sql`insert into design_choices (company_id, design_id, slot_index, material_id)
        select company_id, ${design?.id}, 0, id from materials where name = 'Share Oak'`,
    );
    const made = await create({ design_id: design?.id });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ design_id: design?.id, project_model_id: modelId, name: 'Oak Island' });
    const data = (await open(tokenOf(made.body.data.url))).body.data;
    expect(data.name).toBe('Oak Island');
    expect(data.model.name).toBe('Shared Kitchen');
    expect(data.slots[0].choice).toBe('Share Oak');
    // The design keeps the model's own material in the slot: the link starts there; without configuring it offers nothing else.
    await t.database.system.execute(sql`update design_choices set material_id = null where design_id = ${design?.id}`);
    const own = (await open(tokenOf(made.body.data.url))).body.data;
    expect(own.slots[0].choice).toBeNull();
    const fixed = await create({ design_id: design?.id, allow_configure: false });
    expect((await open(tokenOf(fixed.body.data.url))).body.data.slots).toEqual([]);
    expect((await create({ design_id: design?.id }, await c.globex())).status).toBe(404);
    const { modelsOnly } = await insiderMembers(t, { modelsOnly: ['create-share-links', 'list-project-models'] });
    const who = { token: (modelsOnly as { token: string }).token, host: t.host('acme') };
    expect((await create({ design_id: design?.id }, who)).status).toBe(404);
  });

  it('a share token is no session: as a bearer token on another call it answers 401', async () => {
    const token = tokenOf((await create({ project_model_id: modelId })).body.data.url);
    const other = await t.request('/v2/projects', { token, host: portal() });
    expect(other.status).toBe(401);
  });

  it('lists one’s own links, everyone’s with manage-share-links; revokes one’s own only, any with manage', async () => {
    const { sharer, other } = await insiderMembers(t, {
      sharer: ['create-share-links', 'list-project-models'],
      other: ['create-share-links', 'list-project-models'],
    });
    const as = (member: { token: string }) => ({ token: member.token, host: t.host('acme') });
    const mine = await create({ project_model_id: modelId }, as(sharer as { token: string }));
    expect(mine.status).toBe(201);
    const theirs = await create({ project_model_id: modelId }, as(other as { token: string }));
    const listed = await t.client(as(sharer as { token: string })).call(shareLinkEndpoints.list, {
      query: { filter: { project_model_id: String(modelId) }, per_page: 100 },
    });
    expect(listed.data.map((row) => row.id)).toEqual([mine.body.data.id]);
    expect(listed.data[0]?.created_by?.name).toBe('Insider sharer');
    const everyone = await t.client({ token: await c.token('editor') }).call(shareLinkEndpoints.list, {
      query: { filter: { project_model_id: String(modelId) }, per_page: 100 },
    });
    expect(everyone.data.map((row) => row.id)).toEqual(
      expect.arrayContaining([mine.body.data.id, theirs.body.data.id]),
    );
    expect(
      (await c.send('DELETE', `/v2/share-links/${theirs.body.data.id}`, undefined, as(sharer as { token: string })))
        .status,
    ).toBe(404);
    expect(
      (await c.send('DELETE', `/v2/share-links/${mine.body.data.id}`, undefined, as(sharer as { token: string })))
        .status,
    ).toBe(200);
    expect((await c.send('DELETE', `/v2/share-links/${theirs.body.data.id}`)).status).toBe(200);
    // Sharing a model needs the right to read it.
    const { blind } = await insiderMembers(t, { blind: ['create-share-links'] });
    expect((await create({ project_model_id: modelId }, as(blind as { token: string }))).status).toBe(404);
  });
});

describe('share token shape', () => {
  it('hashes with SHA-256', () => {
    expect(shareTokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
