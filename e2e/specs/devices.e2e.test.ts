import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteId } from '../../apps/web/src/lib/paths/paths.ts';
import { apiClient, apiLogin } from '../support/api.ts';
import { isFocused, pathOf, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { openTimed, visitProblem } from '../support/content-ready.ts';
import { checkLayout, DEVICE_SIZES, type DeviceSize, waitForSettled } from '../support/devices.ts';
import { DEMO_USERS, HOSTS, type Host } from '../support/hosts.ts';
import { DemoRecords, ROUTE_CASES, routeUrl } from '../support/route-cases.ts';

/**
 * Issue 31, item 1: the main journeys of both platforms on a phone (390 × 844, touch), a portrait
 * tablet (820 × 1180, touch) and a desktop (1440 × 900). On every screen: no sideways scroll of
 * the page, no tap target under 44 × 44 px on touch, no clipped table cell, no table scrolling
 * columns out of sight, axe at 0 serious; a screenshot of each in e2e/screenshots/devices-*.png.
 * Besides: the menu button tells the truth about the navigation, and search is reachable on
 * every width. Measurements are soft, so one run lists every screen that falls short.
 */

const PLATFORMS = [
  { platform: 'hatch', host: HOSTS.acmeHatch },
  { platform: 'customerportal', host: HOSTS.acmeCustomerportal },
] as const;

/** The journeys, in the order a salesperson walks them (global search is reached through the top bar). */
const SCREENS: readonly RouteId[] = [
  'projects',
  'project-overview',
  'model-overview',
  'libraries',
  'library',
  'item-overview',
  'materials',
  'processor',
];

const TERM = 'kitchen';
const COMPANY = 'Acme Kitchens';
/** The pinned navigation's width (app-layout.component.tsx). */
const NAV_WIDTH = 272;

function navbarBox(page: Page) {
  return page.locator('#app-navbar').evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: Math.round(rect.left), right: Math.round(rect.right) };
  });
}

function mainInset(page: Page) {
  return page.locator('#main-content').evaluate((element) => Number.parseFloat(getComputedStyle(element).paddingLeft));
}

/**
 * Below the tablet-landscape width the navigation is an overlay: closed, it takes no width; the
 * menu button's aria-expanded follows it; Escape and a navigation close it (focus back on the button).
 * On the desktop it is pinned beside the page and the button folds it away.
 */
async function checkNavigation(page: Page, name: string, size: DeviceSize): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  expect(await toggle.getAttribute('aria-controls')).toBe('app-navbar');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Issue 31, item 11: every entry and group of the navigation with its icon.
  const withoutIcon = () =>
    nav
      .locator('a[href], button')
      .evaluateAll((entries) =>
        entries.filter((entry) => !entry.querySelector('svg')).map((entry) => entry.textContent?.trim() ?? ''),
      );
  if (!size.touch) {
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Projects' }).waitFor();
    expect(await withoutIcon(), `${name}: navigation entries without an icon`).toEqual([]);
    expect((await navbarBox(page)).right).toBeGreaterThanOrEqual(NAV_WIDTH - 1);
    expect(await mainInset(page)).toBeGreaterThanOrEqual(NAV_WIDTH);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(async () => (await navbarBox(page)).right).toBeLessThanOrEqual(0);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    return;
  }
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  expect((await navbarBox(page)).right, 'the closed navigation is out of sight').toBeLessThanOrEqual(0);
  expect(await mainInset(page), 'the closed navigation takes no width').toBeLessThan(40);

  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(async () => (await navbarBox(page)).left).toBe(0);
  await nav.getByRole('link', { name: 'Projects' }).waitFor();
  expect(await withoutIcon(), `${name}: navigation entries without an icon`).toEqual([]);
  await checkLayout(page, `${name}-navigation-open`, size);

  await page.keyboard.press('Escape');
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => isFocused(toggle), { message: 'Escape gives the focus back to the menu button' }).toBe(true);

  await toggle.click();
  await nav.getByRole('link', { name: 'Projects' }).click();
  await waitForPath(page, '/projects');
  await expect.poll(() => toggle.getAttribute('aria-expanded'), { message: 'a navigation closes it' }).toBe('false');
}

/** Search from the top bar: the box on the desktop, an icon opening a full-width field on touch sizes. */
async function searchFromTopBar(page: Page, size: DeviceSize): Promise<void> {
  const topBar = page.getByRole('banner');
  const field = topBar.getByRole('searchbox', { name: 'Search' });
  const opener = topBar.getByRole('button', { name: 'Open search' });
  if (size.touch) {
    expect(await field.count(), 'no search box in the top bar before the icon is used').toBe(0);
    await opener.click();
    await field.waitFor();
    await expect.poll(() => isFocused(field), { message: 'the opened field has the focus' }).toBe(true);
    const width = await field.evaluate((element) => element.getBoundingClientRect().width);
    expect(width, 'the field spans the top bar').toBeGreaterThan((size.context.viewport?.width ?? 0) - 120);
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener), { message: 'Escape gives the focus back to the icon' }).toBe(true);
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await opener.click();
  } else {
    expect(await opener.isVisible()).toBe(false);
  }
  await field.fill(TERM);
  await field.press('Enter');
  await waitForPath(page, '/global-search');
  expect(new URL(page.url()).searchParams.get('search')).toBe(TERM);
  await page.getByRole('heading', { name: `Search results for: "${TERM}"`, level: 1 }).waitFor();
}

describe('phone, tablet and desktop (issue 31)', () => {
  const e2e = useBrowser();
  const demos = new Map<Host, DemoRecords>();

  beforeAll(async () => {
    for (const { host } of PLATFORMS) {
      const [editor, admin] = await Promise.all([
        apiLogin(e2e.port, host, 'editor'),
        apiLogin(e2e.port, host, 'admin'),
      ]);
      demos.set(host, new DemoRecords(apiClient(e2e.port, host, editor), apiClient(e2e.port, host, admin)));
    }
  });

  for (const size of DEVICE_SIZES) {
    for (const { platform, host } of PLATFORMS) {
      it(`walks the main journeys of ${platform} on a ${size.name}`, { timeout: 120_000 }, async () => {
        const demo = demos.get(host);
        if (!demo) throw new Error(`no demo records of ${host}`);
        const screens = SCREENS.filter((id) => platform === 'hatch' || !ROUTE_CASES[id].hatchOnly);
        const urls = await Promise.all(screens.map((id) => routeUrl(id, demo)));

        const page = await e2e.openPage(host, '/login', { context: size.context });
        expect(await page.evaluate(() => window.matchMedia('(pointer: coarse)').matches)).toBe(size.touch);
        await signIn(page, 'editor');
        await waitForSignedInFrame(page, DEMO_USERS.editor.name);
        await waitForSettled(page);
        const prefix = `${platform}-${size.name}`;
        // Issue 31, item 11: the header names the company once (text, hidden text and image alternatives).
        const named = await page.getByRole('banner').evaluate((header, company) => {
          const alts = [...header.querySelectorAll('img[alt], [role="img"][aria-label]')].map(
            (image) => image.getAttribute('alt') ?? image.getAttribute('aria-label') ?? '',
          );
          return [header.textContent ?? '', ...alts].join(' ').split(company).length - 1;
        }, COMPANY);
        expect(named, `${prefix}: times the header names ${COMPANY}`).toBe(1);
        await checkLayout(page, `${prefix}-dashboard`, size);
        await checkNavigation(page, prefix, size);

        for (const [index, id] of screens.entries()) {
          const url = urls[index] ?? '';
          const visit = await openTimed(page, e2e.url(host, url));
          expect.soft(visitProblem(visit, url.split('?')[0] ?? url), `${prefix} ${url}`).toBeUndefined();
          await waitForSettled(page);
          await checkLayout(page, `${prefix}-${id}`, size);
        }

        await searchFromTopBar(page, size);
        expect(pathOf(page)).toBe('/global-search');
        await waitForSettled(page);
        await checkLayout(page, `${prefix}-global-search`, size);
      });
    }
  }
});
