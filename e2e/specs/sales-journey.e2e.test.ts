import { readFileSync } from 'node:fs';
import type { SharedView } from '@meshport/contract';
import { unzipSync } from 'fflate';
import { devices, type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, screenshot } from '../support/artifacts.ts';
import { clickLiveLink, signIn, useBrowser, waitForSignedInFrame } from '../support/browser.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { rowAction } from '../support/list-actions.ts';

/**
 * Issue 30, "Done when": the salesperson on customerportal configures the demo kitchen, saves it as a design and
 * shares it; the editor on hatch sees its slots and the design; an anonymous phone opens the link, switches a
 * finish, and an iPhone's AR entry hands Quick Look a USDZ with the chosen finishes; a revoked link is the 404 page.
 * Everything through the UI; the API is not called (designs.e2e and share-links.e2e test the parts one by one).
 */

const PROJECT = 'Van Dijk Family Kitchen';
const ISLAND = 'Island with Breakfast Bar';
const WORKTOP = 'Worktop';
const FRONTS = 'Fronts and stool seats';
const READY_TIMEOUT_MS = 120_000;
/** Clearly another picture (the share of pixels that differ), as viewer.e2e has it. */
const DIFFERENT = 0.005;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A full-page shot is taken at the scroll position: from the top, fixed header and dialog stand where they belong. */
async function fromTop(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

const readyViewer = (page: Page) => page.locator('[data-viewer][data-state="ready"]');

/** Chooses a swatch and waits until the viewer drew it whole; answers the viewer's `data-finish-ms`. */
async function choose(page: Page, swatch: Locator): Promise<number> {
  const viewer = page.locator('[data-viewer]');
  const before = await viewer.getAttribute('data-finish-drawn-at');
  await swatch.click();
  await expect.poll(() => swatch.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => viewer.getAttribute('data-finish-drawn-at'), { timeout: READY_TIMEOUT_MS }).not.toBe(before);
  await page.locator('[data-viewer][data-finish-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });
  return Number(await viewer.getAttribute('data-finish-ms'));
}

/** The canvas alone, two frames after what was asked to be drawn. */
async function canvasShot(page: Page): Promise<string> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return (await page.locator('[data-viewer] canvas').screenshot({ animations: 'disabled' })).toString('base64');
}

/** The share of pixels (0–1) that differ clearly between two PNG shots (measured in the page, as viewer.e2e does). */
function differingShare(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels = await Promise.all(
        [first, second].map(async (base64) => {
          const bitmap = new Image();
          bitmap.src = `data:image/png;base64,${base64}`;
          await bitmap.decode();
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
        }),
      );
      const [x, y] = pixels as [Uint8ClampedArray, Uint8ClampedArray];
      let differing = 0;
      for (let i = 0; i < x.length; i += 4) {
        const delta = Math.max(...[0, 1, 2].map((c) => Math.abs((x[i + c] ?? 0) - (y[i + c] ?? 0))));
        if (delta > 24) differing += 1;
      }
      return differing / (x.length / 4);
    },
    [a, b] as const,
  );
}

/** The mean colour (RGB, 0–255) of each image address, decoded by the page. */
function meanColours(page: Page, urls: string[]): Promise<number[][]> {
  return page.evaluate(async (addresses) => {
    const means: number[][] = [];
    for (const address of addresses) {
      // An image element, as the page's CSP allows data: images but no fetch of them.
      const bitmap = new Image();
      bitmap.src = address;
      await bitmap.decode();
      const canvas = new OffscreenCanvas(64, 64);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      context.drawImage(bitmap, 0, 0, 64, 64);
      const data = context.getImageData(0, 0, 64, 64).data;
      const sum = [0, 1, 2].map((c) => data.filter((_value, i) => i % 4 === c).reduce((a, b) => a + b, 0));
      means.push(sum.map((value) => value / (data.length / 4)));
    }
    return means;
  }, urls);
}

/** The finish pressed in each slot of the share page, by slot heading. */
function pressedOnSharePage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('.share-slot')].map((slot) => [
        slot.querySelector('.share-slot-name')?.textContent ?? '',
        slot.querySelector('.share-swatch[aria-pressed="true"]')?.getAttribute('data-material') ?? '',
      ]),
    ),
  );
}

describe('sales journey (issue 30)', () => {
  const e2e = useBrowser();
  const PORTAL = HOSTS.acmeCustomerportal;

  it('configures, saves, shares on customerportal; hatch sees it; an anonymous phone switches a finish; AR carries it', {
    timeout: 420_000,
  }, async () => {
    const design = `Van Dijk island ${Date.now().toString(36)}`;

    // 1. The salesperson: the project, its model, the finishes.
    const sales = await e2e.openPage(PORTAL, '/login', { webgl: true });
    await signIn(sales, 'sales');
    await waitForSignedInFrame(sales, DEMO_USERS.sales.name);
    await sales.getByRole('navigation').getByRole('link', { name: 'Projects', exact: true }).first().click();
    // Other specs add projects meanwhile: the demo project may have left the first page, so it is searched for.
    await sales.getByRole('region', { name: 'Projects' }).getByRole('searchbox').fill(PROJECT);
    await clickLiveLink(sales.getByRole('link', { name: PROJECT, exact: true }).first());
    await sales.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
    const projectUrl = sales.url();
    await clickLiveLink(sales.getByRole('link', { name: ISLAND, exact: true }).first());
    await sales.getByRole('heading', { name: ISLAND, level: 1 }).waitFor();
    await readyViewer(sales).waitFor({ timeout: READY_TIMEOUT_MS });
    const swatch = (slot: string, finish: string) =>
      sales.getByRole('group', { name: slot, exact: true }).locator(`button[data-finish="${finish}"]`);
    const defaultWorktop = await sales
      .getByRole('group', { name: WORKTOP, exact: true })
      .locator('button[aria-pressed="true"]')
      .getAttribute('data-finish');
    await choose(sales, swatch(WORKTOP, 'Nero Marquina'));
    await choose(sales, swatch(FRONTS, 'Walnut Oiled'));
    // Back and forth between finishes whose maps are decoded: one frame each.
    const back = await choose(sales, swatch(WORKTOP, defaultWorktop ?? 'Carrara Marble'));
    const again = await choose(sales, swatch(WORKTOP, 'Nero Marquina'));
    console.log(`sales journey: switch to a loaded finish ${back.toFixed(1)} ms, and back ${again.toFixed(1)} ms`);
    expect(back).toBeLessThanOrEqual(100);
    expect(again).toBeLessThanOrEqual(100);
    await fromTop(sales);
    await checkScreen(sales, 'sales-journey-portal-configured');

    // Saved as a design, listed on the project with the server's preview.
    await sales.getByRole('button', { name: 'Save as design' }).click();
    const save = sales.getByRole('dialog', { name: 'Save as design' });
    await save.getByRole('textbox', { name: 'Name' }).fill(design);
    await save.getByRole('button', { name: 'Save design' }).click();
    await sales.getByRole('heading', { name: design, level: 1 }).waitFor();
    await clickLiveLink(sales.getByRole('link', { name: PROJECT }).first());
    await sales.waitForURL(projectUrl);
    const designs = sales.getByRole('region', { name: 'Designs' });
    const card = designs.locator('li[data-row]', { hasText: design }).first();
    await card.waitFor();
    // The preview is rendered after the save: the card shows it once ready (reload until then).
    await expect
      .poll(
        async () => {
          const loaded = await card
            .locator('img[src*="/preview-image"]')
            .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)
            .catch(() => false);
          if (!loaded) await sales.reload();
          return loaded;
        },
        { timeout: READY_TIMEOUT_MS, interval: 3_000 },
      )
      .toBe(true);
    await checkScreen(sales, 'sales-journey-portal-project-designs');

    // Shared from the design's menu: 30 days, no password, switching allowed (the defaults).
    await rowAction(sales, designs, design, 'Share');
    const share = sales.getByRole('dialog', { name: 'Share by link' });
    expect(await share.getByLabel('Valid for (days)').inputValue()).toBe('30');
    expect(await share.getByRole('checkbox', { name: 'The visitor may switch finishes' }).isChecked()).toBe(true);
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = await share.locator('[data-share-url]').inputValue();
    expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    await share.getByRole('button', { name: 'Copy' }).waitFor();
    await fromTop(sales);
    await checkScreen(sales, 'sales-journey-portal-share-dialog');
    await share.getByRole('button', { name: 'Close' }).click();
    const path = new URL(link).pathname;
    const token = path.split('/')[2] as string;

    // 2. The editor on hatch: the model's material slots, and the design on the project.
    const hatch = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(hatch, 'editor');
    await waitForSignedInFrame(hatch, DEMO_USERS.editor.name);
    await hatch.goto(e2e.url(HOSTS.acmeHatch, new URL(projectUrl).pathname));
    await hatch.getByRole('heading', { name: PROJECT, level: 1 }).waitFor();
    const hatchDesigns = hatch.getByRole('region', { name: 'Designs' });
    await hatchDesigns.locator('li[data-row]', { hasText: design }).first().waitFor();
    await checkScreen(hatch, 'sales-journey-hatch-project-designs');
    await clickLiveLink(hatch.getByRole('link', { name: ISLAND, exact: true }).first());
    await hatch.getByRole('heading', { name: ISLAND, level: 1 }).waitFor();
    await hatch.getByRole('button', { name: 'Material slots' }).click();
    const slots = hatch.getByRole('dialog', { name: 'Material slots' });
    await slots.getByText('Slot: Carrara Marble').waitFor();
    const names = slots.getByRole('textbox', { name: 'Name' });
    await expect.poll(async () => Promise.all((await names.all()).map((name) => name.inputValue()))).toContain(WORKTOP);
    await fromTop(hatch);
    await checkScreen(hatch, 'sales-journey-hatch-material-slots');

    // 3. Anonymous, on a phone: the design's choices, noindex, a switch that changes the view.
    const phone = await e2e.openPage(PORTAL, path, { webgl: true, context: PHONE });
    expect(await phone.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await phone.getByRole('heading', { name: design, level: 1 }).waitFor();
    await readyViewer(phone).waitFor({ timeout: READY_TIMEOUT_MS });
    await phone.locator('[data-viewer][data-finish-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });
    expect(await pressedOnSharePage(phone)).toMatchObject({ [WORKTOP]: 'Nero Marquina', [FRONTS]: 'Walnut Oiled' });
    const before = await canvasShot(phone);
    const worktop = phone.getByRole('group', { name: `Finishes for ${WORKTOP}` });
    await choose(phone, worktop.locator('.share-swatch[data-material="Carrara Marble"]'));
    const changed = await differingShare(phone, before, await canvasShot(phone));
    console.log(
      `sales journey: the phone's view after Worktop → Carrara Marble differs in ${(changed * 100).toFixed(1)} % of pixels`,
    );
    expect(changed).toBeGreaterThan(DIFFERENT);
    await checkScreen(phone, 'sales-journey-share-phone');

    // An iPhone: Quick Look is offered (Safari's `relList.supports('ar')`, which Chromium lacks, is emulated); the
    // USDZ it is handed holds the design's finishes: among its textures, the very pixels of their base colour maps
    // (the same mean colour to half a level; the exporter redraws each map to PNG unchanged), not the slot's default.
    const { defaultBrowserType: _webkit, ...iphone } = devices['iPhone 13'];
    const ios = await e2e.openPage(PORTAL, '/favicon.svg', { webgl: true, context: iphone });
    await ios.addInitScript(() => {
      const supports = DOMTokenList.prototype.supports;
      DOMTokenList.prototype.supports = function arToo(this: DOMTokenList, token: string) {
        return token === 'ar' || supports.call(this, token);
      };
    });
    await ios.goto(e2e.url(PORTAL, path));
    await readyViewer(ios).waitFor({ timeout: READY_TIMEOUT_MS });
    const ar = ios.getByRole('button', { name: 'View in your space' });
    expect(await ar.getAttribute('data-ar-mode')).toBe('quick-look');
    await checkScreen(ios, 'sales-journey-share-iphone');
    const [download] = await Promise.all([ios.waitForEvent('download', { timeout: READY_TIMEOUT_MS }), ar.click()]);
    expect(download.suggestedFilename()).toMatch(/\.usdz$/);
    const usdz = unzipSync(readFileSync(await download.path()));
    const files = Object.keys(usdz);
    const pngs = files.filter((file) => file.endsWith('.png'));
    expect(
      files.some((file) => file.endsWith('.usda')),
      files.join(', '),
    ).toBe(true);
    const view = (await ios.evaluate(async (api) => (await fetch(api)).json(), `/v2/shared/${token}`)) as {
      data: Extract<SharedView, { locked: false }>;
    };
    const baseColour = (name: string) =>
      view.data.slots.flatMap((slot) => slot.materials).find((material) => material.name === name)?.maps.base_color;
    const finishes = ['Nero Marquina', 'Walnut Oiled', defaultWorktop ?? 'Carrara Marble'];
    const wanted = await meanColours(
      ios,
      finishes.map((name) => baseColour(name) ?? ''),
    );
    const shipped = await meanColours(
      ios,
      pngs.map((file) => `data:image/png;base64,${Buffer.from(usdz[file] as Uint8Array).toString('base64')}`),
    );
    const carries = wanted.map((colour) =>
      shipped.some((mean) => mean.every((value, c) => Math.abs(value - (colour[c] ?? 0)) < 0.5)),
    );
    console.log(
      `sales journey: Quick Look USDZ of ${files.length} files, ${pngs.length} textures; carries ${finishes.map((name, i) => `${name}: ${carries[i]}`).join(', ')}`,
    );
    expect(carries).toEqual([true, true, false]);

    // Revoked in the Share dialog by the salesperson: the same address is the not-found page.
    await rowAction(sales, designs, design, 'Share');
    await share
      .getByRole('button', { name: /^Revoke the link created/ })
      .first()
      .click();
    await share.getByText('Revoked').first().waitFor();
    const gone = await e2e.openPage(PORTAL, path);
    await gone.getByRole('heading', { name: 'This link does not exist or has expired.' }).waitFor();
    await screenshot(gone, 'sales-journey-share-revoked');
  });
});
