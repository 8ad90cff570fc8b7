import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { getBytes, uploadBytes } from '#modules/processing/pipeline/pipeline.test-helpers.ts';
import type { TusTarget } from '#modules/processing/uploads/upload.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { materialPreviewJob } from './material-preview.job.ts';

interface MaterialRow {
  name: string;
  maps: Record<string, string>;
  inherited_maps: string[];
  preview_image_url: string | null;
}
type Answer = { data: MaterialRow; errors: Record<string, string[]> };

const png = (color: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: color } })
    .png()
    .toBuffer();

const path = (name: string) => `/v2/materials/${encodeURIComponent(name)}`;

describeEachDatabase('material maps: replace, remove, inherit', (kind) => {
  let app: TestApp;
  let token: string;
  let target: TusTarget;

  beforeAll(async () => {
    app = await startTestApp(kind);
    token = await app.login('editor');
    target = { url: app.url, host: app.host('acme'), token };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const upload = async (color: string) => uploadBytes(target, `${color.slice(1)}.png`, await png(color));
  const send = (method: string, url: string, json?: unknown) =>
    app.request<Answer>(url, { method, token, ...(json === undefined ? {} : { json }) });
  const one = async (name: string) => (await app.request<Answer>(path(name), { token })).body.data;
  /** The red channel of a map's first pixel: which of the test colours it is. */
  const red = async (url: string) => {
    const answer = await getBytes(app, token, url);
    expect(answer.status, url).toBe(200);
    const { data } = await sharp(answer.body).raw().toBuffer({ resolveWithObject: true });
    return data[0] as number;
  };
  const storedKeys = async (name: string) => {
    const [row] = await queryRows<{ maps: Record<string, { key: string }> }>(
      app.database.system,
      sql`select m.maps from materials m join companies c on c.id = m.company_id
        where c.sub_domain = 'acme' and m.name = ${name}`,
    );
    return Object.fromEntries(Object.entries(row?.maps ?? {}).map(([k, map]) => [k, map.key]));
  };
  /** How many preview jobs were asked for this material. */
  const previewsAsked = async (name: string) => {
    const [row] = await queryRows<{ n: number }>(
      app.database.system,
      sql`select count(*)::int as n from pgboss.job j
        join materials m on m.id = (j.data ->> 'materialId')::int
        join companies c on c.id = m.company_id and c.sub_domain = 'acme'
        where j.name = ${materialPreviewJob.name} and m.name = ${name}`,
    );
    return row?.n ?? 0;
  };

  it('replaces and removes maps; the old files leave storage and the preview is asked again', async () => {
    const created = await send('POST', '/v2/materials', {
      name: 'Map Base',
      maps: { base_color: await upload('#ff0000'), roughness: await upload('#808080') },
    });
    expect(created.status, created.text).toBe(201);
    const before = await storedKeys('Map Base');
    const asked = await previewsAsked('Map Base');

    const replaced = await send('PATCH', path('Map Base'), { maps: { base_color: await upload('#0000ff') } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data.maps.base_color).not.toBe(created.body.data.maps.base_color);
    expect(await red(replaced.body.data.maps.base_color as string)).toBeLessThan(40);
    expect(await app.services.storage.exists(before.base_color as string)).toBe(false);
    expect(await previewsAsked('Map Base')).toBe(asked + 1);

    const removed = await app.request<Answer>(path('Map Base'), {
      method: 'POST',
      token,
      form: { _method: 'PATCH', 'remove_maps[]': 'roughness' },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(Object.keys(removed.body.data.maps)).toEqual(['base_color']);
    expect((await getBytes(app, token, `${path('Map Base')}/maps/roughness`)).status).toBe(404);
    expect(await app.services.storage.exists(before.roughness as string)).toBe(false);
    expect(await previewsAsked('Map Base')).toBe(asked + 2);
  });

  it('two replacements of one map at once: one of them stays and is served, the original file leaves storage', async () => {
    const created = await send('POST', '/v2/materials', {
      name: 'Map Race',
      maps: { base_color: await upload('#ff0000') },
    });
    expect(created.status, created.text).toBe(201);
    const first = (await storedKeys('Map Race')).base_color as string;
    const [green, blue] = [await upload('#00ff00'), await upload('#0000ff')];
    const answers = await Promise.all([
      send('PATCH', path('Map Race'), { maps: { base_color: green } }),
      send('PATCH', path('Map Race'), { maps: { base_color: blue } }),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const kept = (await storedKeys('Map Race')).base_color as string;
    expect(await app.services.storage.exists(kept)).toBe(true);
    expect(await app.services.storage.exists(first)).toBe(false);
    const shown = (await one('Map Race')).maps.base_color as string;
    expect([0, 255]).toContain(await red(shown));
    const bodies = answers.map((answer) => answer.body.data.maps.base_color as string);
    expect(bodies).toContain(shown);
  });

  it('a variant inherits its base’s maps until replaced, and again once its own is removed', async () => {
    const variant = await send('POST', '/v2/materials', { name: 'Map Variant', parent_name: 'Map Base' });
    expect(variant.status, variant.text).toBe(201);
    expect(Object.keys(variant.body.data.maps)).toEqual(['base_color']);
    expect(variant.body.data.inherited_maps).toEqual(['base_color']);
    expect(await red(variant.body.data.maps.base_color as string)).toBeLessThan(40);
    // Its preview shows the inherited maps.
    expect(await previewsAsked('Map Variant')).toBe(1);

    const own = await send('PATCH', path('Map Variant'), { maps: { base_color: await upload('#ff0000') } });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.inherited_maps).toEqual([]);
    expect(await red(own.body.data.maps.base_color as string)).toBeGreaterThan(200);
    expect(await red((await one('Map Base')).maps.base_color as string)).toBeLessThan(40);

    const ownKey = (await storedKeys('Map Variant')).base_color as string;
    const back = await send('PATCH', path('Map Variant'), { remove_maps: ['base_color'] });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.inherited_maps).toEqual(['base_color']);
    expect(await red(back.body.data.maps.base_color as string)).toBeLessThan(40);
    expect(await storedKeys('Map Variant')).toEqual({});
    expect(await app.services.storage.exists(ownKey)).toBe(false);
    expect(await previewsAsked('Map Variant')).toBe(3);
  });

  it('a change of the base’s maps asks again for the previews of the variants that inherit them', async () => {
    await send('POST', '/v2/materials', {
      name: 'Map Variant Own',
      parent_name: 'Map Base',
      maps: { base_color: await upload('#00ff00') },
    });
    const [inheriting, owning] = [await previewsAsked('Map Variant'), await previewsAsked('Map Variant Own')];
    const changed = await send('PATCH', path('Map Base'), { maps: { base_color: await upload('#ffff00') } });
    expect(changed.status, changed.text).toBe(200);
    expect(await previewsAsked('Map Variant')).toBe(inheriting + 1);
    // Its own base colour hides the base's: nothing to render again.
    expect(await previewsAsked('Map Variant Own')).toBe(owning);
    expect(await red((await one('Map Variant')).maps.base_color as string)).toBeGreaterThan(200);
    // A map the variant lacks, added to the base, shows on the variant too.
    await send('PATCH', path('Map Base'), { maps: { normal: await upload('#8080ff') } });
    expect((await one('Map Variant Own')).inherited_maps).toEqual(['normal']);
    expect(await previewsAsked('Map Variant Own')).toBe(owning + 1);
  });

  it('refuses maps that are not image uploads of this company, on their field, and changes nothing', async () => {
    const globex = app.host('globex');
    const foreign = await uploadBytes(
      { url: app.url, host: globex, token: await app.login('globex-editor', globex) },
      'foreign.png',
      await png('#000000'),
    );
    const obj = await uploadBytes(target, 'mesh.obj', Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
    const keys = await storedKeys('Map Base');
    const answer = await send('PATCH', path('Map Base'), { maps: { base_color: foreign, normal: obj } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors['maps.base_color']).toEqual(['The upload was not found or is not finished']);
    expect(answer.body.errors['maps.normal']).toEqual(['File is of invalid type']);
    const both = await send('PATCH', path('Map Base'), {
      maps: { height: await upload('#202020') },
      remove_maps: ['height'],
    });
    expect(both.body.errors.remove_maps).toEqual(['A map can not be replaced and removed at once.']);
    const unknown = await send('PATCH', path('Map Base'), { remove_maps: ['albedo'] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['remove_maps.0']);
    expect(await storedKeys('Map Base')).toEqual(keys);
  });

  it('a duplicate gets copies of the maps of its own', async () => {
    const copy = await send('POST', `${path('Map Base')}/duplicate`);
    expect(copy.status, copy.text).toBe(201);
    const [source, copied] = [await storedKeys('Map Base'), await storedKeys('Map Base copy')];
    expect(Object.keys(copied).sort()).toEqual(Object.keys(source).sort());
    for (const k of Object.keys(source)) expect(copied[k]).not.toBe(source[k]);
    expect(await red(copy.body.data.maps.base_color as string)).toBeGreaterThan(200);
  });

  it('403 on the customerportal host', async () => {
    const portal = app.host('acme', 'customerportal');
    const answer = await app.request(path('Map Base'), {
      method: 'PATCH',
      token: await app.login('editor', portal),
      host: portal,
      json: { remove_maps: ['base_color'] },
    });
    expect(answer.status).toBe(403);
    expect(Object.keys(await storedKeys('Map Base'))).toContain('base_color');
  });
});
