import { type ApiClient, projectEndpoints, roleEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { bannerRegion, coveredControls, isOnTop } from '../support/banners.ts';
import { isFocused, pathOf, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { checkLayout, DEVICE_SIZES, deviceScreenshot, waitForSettled } from '../support/devices.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';

const HOST = HOSTS.acmeHatch;
const NOT_FOUND = 'This project does not exist or you do not have access';
/** Item 7: a date and time as format.ts writes it in English ('Nov 29, 2026, 12:43 AM'); a processing time in units. */
const DATE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;
const ELAPSED = /^\d[\d,]* (h|min|s)( \d[\d,]* (min|s))?$/;

/** Item 7 on the processor and the projects list: every date-time in one format, every elapsed time with its unit. */
async function oneFormatPerKind(page: Page, url: (path: string) => string, prefix: string): Promise<void> {
  await page.goto(url('/processor'));
  await waitForSettled(page);
  await page.getByTestId('elapsed').first().waitFor();
  const texts = (testId: string) =>
    page.getByTestId(testId).evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
  const elapsed = (await texts('elapsed')).filter((text) => text !== 'Not started' && text !== '—');
  expect(elapsed.length, `${prefix}: elapsed times on the processor`).toBeGreaterThan(0);
  expect(
    elapsed.filter((text) => !ELAPSED.test(text)),
    `${prefix}: elapsed times without units`,
  ).toEqual([]);
  const finished = (await texts('finished-at')).filter((text) => text !== 'Not yet');
  expect(finished.length, `${prefix}: finished dates on the processor`).toBeGreaterThan(0);
  expect(
    finished.filter((text) => !DATE_TIME.test(text)),
    `${prefix}: processor dates in another format`,
  ).toEqual([]);
  await page.goto(url('/projects'));
  await waitForSettled(page);
  // Whatever of the list shows at this size (a narrow screen may leave the Modified column out).
  await page.getByRole('table', { name: 'Projects' }).waitFor();
  const dates = await page.getByRole('main').evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (/\d{4}/.test(text) && /\d:\d\d/.test(text)) found.push(text);
    }
    return found;
  });
  expect(
    dates.filter((text) => !DATE_TIME.test(text)),
    `${prefix}: list dates in another format`,
  ).toEqual([]);
}

/**
 * Item 2: the number the dashboard's projects tile gives for the projects list (its total, or the
 * top-level part it names beside the total), and the "of N" the list then shows. Ends on the list.
 */
async function projectCounts(page: Page, url: (path: string) => string): Promise<{ tile: number; list: number }> {
  const number = (text: string) => Number(text.replace(/[^\d]/g, ''));
  if (pathOf(page) !== '/') await page.goto(url('/'));
  await waitForSettled(page);
  const [, total = '', note = ''] = await page
    .getByRole('region', { name: 'Total projects', exact: true })
    .locator('p')
    .allTextContents();
  const parts = /^([\d,]+) top-level and ([\d,]+) sub-projects?$/.exec(note.trim());
  if (parts) expect(number(parts[1] ?? '') + number(parts[2] ?? ''), `the tile's ${note}`).toBe(number(total));
  await page.goto(url('/projects'));
  await waitForSettled(page);
  const showing = page.getByRole('main').getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+$/);
  await showing.waitFor();
  const list = number(/of ([\d,]+)$/.exec((await showing.textContent()) ?? '')?.[1] ?? '');
  return { tile: number(parts?.[1] ?? total), list };
}

/**
 * Issue 31 items 2, 3, 4, 5, 7, 8, 9 and 10 at each size, as the hatch editor: the dashboard's count is
 * the list's, the role editor names abilities in words, a sub-project saved from its project lands
 * there, its banners cover none of the page's actions through a delete and its undo, focus goes back
 * to the row's menu, dates and times in one format, a missing project keeps the frame with a way back, My Company's picker and hex
 * check work. Every screen is measured as the journeys are (sideways scroll, 44 px targets, clipped
 * cells, axe) and pictured in e2e/screenshots/devices-items-<size>-*.png.
 */
describe('issue 31 items on a phone, a tablet and a desktop', () => {
  const e2e = useBrowser();
  const stamp = Date.now().toString(36);
  let api: ApiClient;
  let roleId = 0;

  beforeAll(async () => {
    api = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, 'editor'));
    const roles = (await api.call(roleEndpoints.list, { query: { filter: { search: 'Editor' } } })).data;
    roleId = roles.find((role) => role.title === 'Editor')?.id ?? 0;
  });

  for (const size of DEVICE_SIZES) {
    it(`keeps items 2, 3, 4, 5, 7, 8, 9 and 10 on a ${size.name}`, { timeout: 120_000 }, async () => {
      const prefix = `items-${size.name}`;
      const url = (path: string) => e2e.url(HOST, path);
      const parent = `E2E Size ${size.name} ${stamp}`;
      const child = `${parent} pantry`;
      await api.call(projectEndpoints.create, { body: { name: parent } });
      const page = await e2e.openPage(HOST, '/login', { context: size.context });
      await signIn(page, 'editor');
      await waitForSignedInFrame(page, DEMO_USERS.editor.name);

      // Item 2. Other specs add projects meanwhile: the two are read again until a pair agrees.
      let counts = await projectCounts(page, url);
      for (let tries = 1; tries < 3 && counts.tile !== counts.list; tries += 1) counts = await projectCounts(page, url);
      expect(counts.tile, `${prefix}: the dashboard's projects against the list's "of N"`).toBe(counts.list);

      // Item 9: Escape on the delete dialog opened from a row's menu gives the focus back to that menu.
      await page.getByRole('region', { name: 'Projects' }).getByRole('searchbox', { name: 'Search' }).fill(parent);
      const projects = page.getByRole('table', { name: 'Projects' });
      const menu = projects.getByRole('button', { name: `Actions for ${parent}`, exact: true });
      const dialog = page.getByRole('dialog');
      await menu.click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(menu), { message: `${prefix}: focus after Escape` }).toBe(true);

      // Item 5 through a delete and its undo: the banner with Undo covers nothing of the list.
      await menu.click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await dialog.waitFor({ state: 'detached' });
      const deleted = bannerRegion(page)
        .getByRole('status')
        .filter({ hasText: `${parent} deleted` });
      await deleted.waitFor();
      expect(await coveredControls(page, deleted), `${prefix}: controls under the delete banner`).toEqual([]);
      await deviceScreenshot(page, `devices-${prefix}-banner-deleted`);
      await deleted.getByRole('button', { name: 'Undo', exact: true }).click();
      await bannerRegion(page).getByRole('status').filter({ hasText: 'Restored successfully' }).waitFor();

      // Item 4: a sub-project saved from its project lands on the project.
      await projects.getByRole('link', { name: parent, exact: true }).click();
      await page.getByRole('heading', { name: parent, level: 1 }).waitFor();
      const overview = pathOf(page);
      await page.getByRole('main').getByRole('link', { name: 'New Sub-project' }).click();
      await waitForPath(page, overview.replace('/overview/', '/create/'));
      await page.getByRole('textbox', { name: 'Name' }).fill(child);
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, overview);
      await page.getByRole('table', { name: 'Sub-projects' }).getByRole('link', { name: child }).waitFor();

      // Item 5: its banner in the frame's region, covering neither the page's actions nor anything else.
      const created = bannerRegion(page)
        .getByRole('status')
        .filter({ hasText: `${child} created` });
      await created.waitFor();
      expect(await coveredControls(page, created), `${prefix}: controls under the banner`).toEqual([]);
      for (const name of ['Duplicate', 'Delete']) {
        const control = page.getByRole('main').getByRole(name === 'Delete' ? 'button' : 'link', { name, exact: true });
        expect(await isOnTop(control), `${prefix}: ${name} is what a tap reaches`).toBe(true);
      }
      await checkLayout(page, `${prefix}-banner-created`, size, false);

      // Item 7: one format per kind of value, on the processor's cards and in a list.
      await oneFormatPerKind(page, url, prefix);

      // Item 8: a missing project inside the frame, with its sentence and the way back to the list.
      await page.goto(url('/projects/overview/999999'));
      await page.getByRole('heading', { name: NOT_FOUND, level: 1 }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Toggle navigation' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main', includeHidden: true }).count()).toBe(1);
      await checkLayout(page, `${prefix}-not-found`, size);
      await page.getByRole('main').getByRole('link', { name: 'Back to Projects', exact: true }).click();
      await waitForPath(page, '/projects');

      // Item 3: every ability in words; its key only the muted detail of its description.
      await page.goto(url(`/security/roles/edit/${roleId}`));
      await waitForSettled(page);
      const form = page.getByRole('form', { name: 'Edit Role' });
      await form.getByRole('checkbox').first().waitFor();
      const labels = await form
        .getByRole('checkbox')
        .evaluateAll((boxes) =>
          boxes.map((box) =>
            [...((box as HTMLInputElement).labels ?? [])].map((label) => label.textContent ?? '').join(' '),
          ),
        );
      expect(labels.length, `${prefix}: abilities in the role editor`).toBeGreaterThan(10);
      expect(labels.filter((label) => !/[A-Z]/.test(label) || /^[a-z]+(-[a-z]+)+$/.test(label.trim()))).toEqual([]);
      const described = await form.getByRole('checkbox', { name: 'Delete projects', exact: true }).evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(described).toBe('Remove projects (they go to the recycling bin). delete-projects');
      await checkLayout(page, `${prefix}-role`, size);

      // Item 10: My Company in sentence case; the picker on the screen; a bad hex said beside its field.
      await page.goto(url('/user/company'));
      await waitForSettled(page);
      await page.getByRole('heading', { name: 'Primary colour', exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Postal code', exact: true }).waitFor();
      await page.getByText('Custom', { exact: true }).click();
      await page.getByRole('button', { name: 'Pick the primary colour', exact: true }).click();
      const picker = page.getByRole('dialog');
      await picker.getByRole('slider', { name: 'Hue' }).waitFor();
      const box = await picker.boundingBox();
      const width = size.context.viewport?.width ?? 0;
      expect(box && box.x >= 0 && box.x + box.width <= width, `${prefix}: the picker within the screen`).toBe(true);
      await picker.getByRole('button', { name: '#634196', exact: true }).click();
      const header = page.getByRole('figure', { name: 'Preview' }).locator('[data-preview="header"]');
      await expect
        .poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor))
        .toBe('rgb(99, 65, 150)');
      await checkLayout(page, `${prefix}-company-picker`, size, false);
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      const primary = page.getByRole('textbox', { name: 'Primary colour (hex)' });
      await primary.fill('not-a-colour');
      await page.getByRole('textbox', { name: 'Primary accent (hex)' }).focus();
      const error = page.getByText(/^Not a hex colour/);
      await error.waitFor();
      const [field, message] = [await primary.boundingBox(), await error.boundingBox()];
      expect(
        message && field && message.y - (field.y + field.height),
        `${prefix}: the message under its field`,
      ).toBeLessThan(40);
      await checkLayout(page, `${prefix}-company-hex-error`, size);
    });
  }
});
