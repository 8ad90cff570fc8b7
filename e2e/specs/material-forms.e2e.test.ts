import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { type ApiClient, materialEndpoints } from '@meshport/contract';
import { strToU8, zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';

const HOST = HOSTS.acmeHatch;
const suffix = Date.now().toString(36);
const BASE = `E2E Painted ${suffix}`;
const VARIANT = `E2E Painted blue ${suffix}`;
const IMPORTED = `E2E Imported ${suffix}`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG of one colour (no image library in the e2e workspace). */
function solidPng([r, g, b]: [number, number, number], size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('material forms with PBR maps (issue 12)', () => {
  const e2e = useBrowser();
  let folder: string;
  let api: ApiClient;
  const files: Record<'red' | 'blue' | 'goodMatz' | 'badMatz', string> = {
    red: '',
    blue: '',
    goodMatz: '',
    badMatz: '',
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'meshport-e2e-materials-'));
    files.red = path.join(folder, 'painted-albedo.png');
    files.blue = path.join(folder, 'painted-blue.png');
    await writeFile(files.red, solidPng([200, 40, 30]));
    await writeFile(files.blue, solidPng([30, 60, 210]));
    // docs/material-package.md: material.json naming the maps, and the images.
    const description = {
      format: 'meshport-material',
      version: 1,
      name: `Package ${suffix}`,
      maps: { base_color: 'textures/albedo.png', normal: 'normal.png' },
    };
    files.goodMatz = path.join(folder, 'brick.matz');
    await writeFile(
      files.goodMatz,
      zipSync({
        'material.json': strToU8(JSON.stringify(description)),
        'textures/albedo.png': solidPng([160, 80, 50]),
        'normal.png': solidPng([128, 128, 255]),
      }),
    );
    files.badMatz = path.join(folder, 'empty.matz');
    await writeFile(files.badMatz, zipSync({ 'readme.txt': strToU8('no maps in here') }));
  });

  async function open(pathname: string): Promise<Page> {
    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, 'editor');
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    api = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, 'editor'));
    await page.goto(e2e.url(HOST, pathname));
    return page;
  }

  /** An upload field by its label: its wrapper, holding the drop zone, the file input and its messages. */
  const field = (page: Page, label: string): Locator =>
    page.locator('.mantine-InputWrapper-root').filter({
      has: page.locator('.mantine-InputWrapper-label', {
        hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`),
      }),
    });

  async function upload(page: Page, label: string, file: string): Promise<void> {
    const wrapper = field(page, label);
    await wrapper.locator('input[type="file"]').setInputFiles(file);
    await wrapper.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
  }

  const nameInput = (page: Page) => page.getByRole('textbox', { name: /^Name/ });
  const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
  const material = async (name: string) => (await api.call(materialEndpoints.get, { params: { name } })).data;

  it('creates a material with a base colour map, then a variant that inherits it', async () => {
    const page = await open('/materials');
    await page.getByRole('link', { name: 'New Material' }).click();
    await waitForPath(page, '/materials/create');
    await page.getByRole('heading', { name: 'New material' }).waitFor();
    await checkScreen(page, 'material-create');

    // A taken name is answered beside the field; the uploaded map stays.
    await nameInput(page).fill('Oak Natural');
    await upload(page, 'Base colour', files.red);
    await save(page).click();
    await page.getByText('A material with this name already exists.').waitFor();
    await checkScreen(page, 'material-create-error');
    await nameInput(page).fill(BASE);
    await save(page).click();
    await waitForPath(page, `/materials/overview/${encodeURIComponent(BASE)}`);
    await page.getByText(`Material ${BASE} created`, { exact: true }).waitFor();
    await page.locator('a[href*="/maps/base_color"]').first().waitFor();
    expect(Object.keys((await material(BASE)).maps)).toEqual(['base_color']);
    await checkScreen(page, 'material-created-overview');

    await page.getByRole('link', { name: 'New variant' }).click();
    await waitForPath(page, `/materials/create/variant/${encodeURIComponent(BASE)}`);
    await field(page, 'Base colour').getByText(`Inherited from ${BASE}`).waitFor();
    await checkScreen(page, 'material-variant-create');
    await nameInput(page).fill(VARIANT);
    await save(page).click();
    // Opened from its base material's page: the save goes back there (issue 31 item 4).
    await waitForPath(page, `/materials/overview/${encodeURIComponent(BASE)}`);
    const variant = await material(VARIANT);
    expect(variant.parent_name).toBe(BASE);
    expect(variant.inherited_maps).toEqual(['base_color']);
  });

  it('replaces the variant’s map, then removes it so that it inherits again', async () => {
    const page = await open(`/materials/edit/${encodeURIComponent(VARIANT)}`);
    await field(page, 'Base colour').getByText(`Inherited from ${BASE}`).waitFor();
    await upload(page, 'Base colour', files.blue);
    await save(page).click();
    await waitForPath(page, `/materials/overview/${encodeURIComponent(VARIANT)}`);
    expect((await material(VARIANT)).inherited_maps).toEqual([]);

    await page.goto(e2e.url(HOST, `/materials/edit/${encodeURIComponent(VARIANT)}`));
    await field(page, 'Base colour').getByText('Current map').waitFor();
    await page.getByRole('button', { name: `Remove (inherit from ${BASE}): Base colour` }).click();
    await field(page, 'Base colour').getByText(`Removed when you save: then inherited from ${BASE} again`).waitFor();
    await checkScreen(page, 'material-edit-maps');
    await save(page).click();
    await waitForPath(page, `/materials/overview/${encodeURIComponent(VARIANT)}`);
    expect((await material(VARIANT)).inherited_maps).toEqual(['base_color']);
  });

  it('imports a .matz package; a bad package is answered under the file field', async () => {
    const page = await open('/materials');
    await page.getByRole('link', { name: 'Import', exact: true }).waitFor();
    await checkScreen(page, 'materials-list-actions');
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await waitForPath(page, '/materials/import');
    await page.getByRole('heading', { name: 'Import material' }).waitFor();
    await checkScreen(page, 'material-import');

    const packageField = 'Material package (.matz)';
    await nameInput(page).fill(IMPORTED);
    await upload(page, packageField, files.badMatz);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await field(page, packageField)
      .getByRole('alert')
      .filter({ hasText: /map|material/i })
      .waitFor();
    await checkScreen(page, 'material-import-error');

    await upload(page, packageField, files.goodMatz);
    // What was typed is still there.
    expect(await nameInput(page).inputValue()).toBe(IMPORTED);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await waitForPath(page, `/materials/overview/${encodeURIComponent(IMPORTED)}`);
    await page.getByText(`Material ${IMPORTED} imported`, { exact: true }).waitFor();
    expect(Object.keys((await material(IMPORTED)).maps).sort()).toEqual(['base_color', 'normal']);
  });

  it('says a missing material or category inside the frame on every form, with a way back (issue 31)', async () => {
    const missingMaterial = encodeURIComponent(`No such material ${suffix}`);
    const cases = [
      [`/materials/edit/${missingMaterial}`, 'material'],
      [`/materials/create/variant/${missingMaterial}`, 'material'],
      ['/materials/create/999999', 'category'],
      ['/materials/categories/999999', 'category'],
      ['/materials/categories/create/999999', 'category'],
      ['/materials/categories/edit/999999', 'category'],
      ['/materials/categories/edit/not-a-number', 'category'],
    ] as const;
    const page = await open('/materials');
    for (const [pathname, kind] of cases) {
      await page.goto(e2e.url(HOST, pathname));
      await page
        .getByRole('heading', { name: `This ${kind} does not exist or you do not have access`, level: 1 })
        .waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Back to Materials', exact: true }).waitFor();
      // No form and no second message of the page's own.
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count(), pathname).toBe(0);
      expect(await page.getByText(/does not exist \(any more\)/).count(), pathname).toBe(0);
    }
    await checkScreen(page, 'material-form-not-found');
    await page.getByRole('main').getByRole('link', { name: 'Back to Materials', exact: true }).click();
    await waitForPath(page, '/materials');
  });
});
