import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeTestZip } from '#modules/processing/conversion/zip-writer.test-support.ts';
import { getBytes, uploadBytes } from '#modules/processing/pipeline/pipeline.test-helpers.ts';
import type { TusTarget } from '#modules/processing/uploads/upload.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

interface MaterialRow {
  name: string;
  maps: Record<string, string>;
  preview_image_url: string | null;
}

const png = (color: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();

function matz(entries: { name: string; data: Buffer }[]): Buffer {
  const file = path.join(os.tmpdir(), `meshport-test-${process.pid}-${Date.now()}.matz`);
  writeTestZip(file, entries);
  return readFileSync(file);
}

describeEachDatabase('materials with PBR maps: from uploads and from .matz packages', (kind) => {
  let app: TestApp;
  let token: string;
  let target: TusTarget;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { JOB_POLLING_SECONDS: '0.5' } });
    token = await app.login('editor');
    target = { url: app.url, host: app.host('acme'), token };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const untilPreview = async (name: string) => {
    for (let i = 0; i < 300; i++) {
      const answer = await app.request<{ data: MaterialRow }>(`/v2/materials/${encodeURIComponent(name)}`, {
        token,
        headers: { 'cache-control': 'no-cache' },
      });
      if (answer.body.data.preview_image_url) return answer.body.data;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no preview for ${name}`);
  };

  it('takes map uploads as WebP maps, serves them, and renders a sphere preview', async () => {
    const base = await uploadBytes(target, 'albedo.png', await png('#c04020', 300));
    const rough = await uploadBytes(target, 'rough.png', await png('#808080'));
    const created = await app.request<{ data: MaterialRow }>('/v2/materials', {
      token,
      json: { name: 'Painted steel', maps: { base_color: base, roughness: rough } },
    });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.body.data.maps).sort()).toEqual(['base_color', 'roughness']);
    const map = await getBytes(app, token, created.body.data.maps.base_color as string);
    expect(map.status).toBe(200);
    expect((await sharp(map.body).metadata()).format).toBe('webp');
    const done = await untilPreview('Painted steel');
    const preview = await getBytes(app, token, (done.preview_image_url as string).split('?')[0] as string);
    expect((await sharp(preview.body).metadata()).width).toBe(512);
  });

  it('refuses a map that is no image upload of this company, on its field, and saves nothing', async () => {
    const obj = await uploadBytes(target, 'mesh.obj', Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
    const answer = await app.request<{ errors: Record<string, string[]> }>('/v2/materials', {
      token,
      json: { name: 'Not a map', maps: { normal: obj, base_color: 'f'.repeat(32) } },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors['maps.normal']).toEqual(['File is of invalid type']);
    expect(answer.body.errors['maps.base_color']).toEqual(['The upload was not found or is not finished']);
    expect((await app.request('/v2/materials/Not%20a%20map', { token })).status).toBe(404);
  });

  it('imports a .matz package under its own name, or the name given', async () => {
    const description = {
      format: 'meshport-material',
      version: 1,
      name: 'Brick wall',
      maps: { base_color: '.\\Textures\\ALBEDO.png', normal: 'normal.png' },
    };
    const data = matz([
      { name: 'material.json', data: Buffer.from(JSON.stringify(description)) },
      { name: 'textures/albedo.png', data: await png('#a05030') },
      { name: 'normal.png', data: await png('#8080ff') },
    ]);
    const first = await app.request<{ data: MaterialRow }>('/v2/materials/import', {
      token,
      json: { upload_id: await uploadBytes(target, 'brick.matz', data) },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.name).toBe('Brick wall');
    expect(Object.keys(first.body.data.maps).sort()).toEqual(['base_color', 'normal']);
    const again = await app.request('/v2/materials/import', {
      token,
      json: { upload_id: await uploadBytes(target, 'brick.matz', data) },
    });
    expect(again.status).toBe(422);
    const renamed = await app.request<{ data: MaterialRow }>('/v2/materials/import', {
      token,
      json: { upload_id: await uploadBytes(target, 'brick.matz', data), name: 'Brick wall, dark' },
    });
    expect(renamed.status, renamed.text).toBe(201);
    await untilPreview('Brick wall, dark');
  });

  it('answers a package that holds no usable map on upload_id', async () => {
    const data = matz([{ name: 'readme.txt', data: Buffer.from('nothing here') }]);
    const answer = await app.request<{ errors: Record<string, string[]> }>('/v2/materials/import', {
      token,
      json: { upload_id: await uploadBytes(target, 'empty.matz', data) },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.upload_id?.[0]).toMatch(/map|material/i);
  });
});
