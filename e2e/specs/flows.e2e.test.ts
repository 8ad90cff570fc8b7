import { type ApiClient, libraryEndpoints, projectEndpoints } from '@meshport/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { bannerRegion, coveredControls, isOnTop } from '../support/banners.ts';
import { focusedMenu, isFocused, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { DEMO_USERS, type DemoUsername, HOSTS } from '../support/hosts.ts';
import { HAVE_SAMPLES, sample } from '../support/uploads.ts';
import { type CreatedMember, createMember } from '../support/users.ts';

/**
 * Issue 31, items 4, 5, 8 and 9: a create form lands where the user came from, every outcome is
 * told in one place that covers nothing, a missing record keeps the frame, and focus goes back to
 * what opened a dialog. Every record here is the spec's own, so parallel specs do not interfere.
 */

const HOST = HOSTS.acmeHatch;
const stamp = Date.now().toString(36);
const fileInput = (page: Page) => page.locator('input[type="file"][data-upload-purpose="model"]');
const region = bannerRegion;

describe('flows, notifications, not found and focus (issue 31)', () => {
  const e2e = useBrowser();
  let api: ApiClient;

  beforeAll(async () => {
    api = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, 'editor'));
  });

  async function signedIn(pathname: string, who: DemoUsername | CreatedMember = 'editor'): Promise<Page> {
    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, who);
    await waitForSignedInFrame(page, typeof who === 'string' ? DEMO_USERS[who].name : `E2E ${who.username}`);
    await page.goto(e2e.url(HOST, pathname));
    return page;
  }

  async function newProject(name: string): Promise<number> {
    return (await api.call(projectEndpoints.create, { body: { name } })).data.id;
  }

  /** The projects list searched down to the rows whose names contain `term`. */
  async function projectsFor(page: Page, term: string, rows: number): Promise<Locator> {
    const table = page.getByRole('table', { name: 'Projects' });
    await table.locator('tbody tr').first().waitFor();
    await page.getByRole('region', { name: 'Projects' }).getByRole('searchbox').fill(term);
    await expect
      .poll(async () => (await table.locator('tbody tr').allInnerTexts()).filter((row) => row.includes(term)).length)
      .toBe(rows);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(rows);
    return table;
  }

  describe('flows land where the user came from', () => {
    it('returns a sub-project to its project; a new library opens itself and offers its first item', async () => {
      const parentName = `E2E Flow Parent ${stamp}`;
      const parentId = await newProject(parentName);
      const page = await signedIn(`/projects/overview/${parentId}`);
      await page.getByRole('link', { name: 'New Sub-project' }).click();
      await waitForPath(page, `/projects/create/${parentId}`);
      await page.getByRole('textbox', { name: 'Name' }).fill(`${parentName} pantry`);
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, `/projects/overview/${parentId}`);
      await page
        .getByRole('table', { name: 'Sub-projects' })
        .getByRole('link', { name: `${parentName} pantry` })
        .waitFor();

      // A library made from the list opens, with the way on to its first item.
      const library = `E2E Flow Library ${stamp}`;
      await page.goto(e2e.url(HOST, '/libraries/create'));
      await page.getByRole('heading', { name: 'New Library', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: /^Name/ }).fill(library);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: library, level: 1 }).waitFor();
      const found = await api.call(libraryEndpoints.list, { query: { filter: { search: library } } });
      const libraryId = found.data.find((row) => row.name === library)?.id ?? 0;
      await waitForPath(page, `/libraries/${libraryId}`);
      const first = page.getByRole('link', { name: 'Add the first item', exact: true });
      await first.waitFor();
      await checkScreen(page, 'flows-new-library-first-item');
      await first.click();
      await waitForPath(page, `/libraries/items/create/${libraryId}`);
      await page.getByRole('heading', { name: 'New Items', level: 1 }).waitFor();
      // The library of the page is chosen already.
      await page.getByRole('main').locator('.mantine-Pill-label').filter({ hasText: library }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await waitForPath(page, `/libraries/${libraryId}`);
    });

    it.skipIf(!HAVE_SAMPLES)('returns a new model to its project and a new item to its library', async () => {
      const projectName = `E2E Flow Models ${stamp}`;
      const projectId = await newProject(projectName);
      const page = await signedIn(`/projects/overview/${projectId}`);
      await page.getByRole('link', { name: 'New Model' }).click();
      await waitForPath(page, `/projects/models/create/${projectId}`);
      await page.getByRole('link', { name: 'Back to the project' }).waitFor();
      await fileInput(page).setInputFiles(sample('OBJ/box.obj'));
      await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('textbox', { name: /^Name/ }).fill(`E2E Flow Box ${stamp}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, `/projects/overview/${projectId}`);
      await page
        .getByRole('table', { name: 'Models' })
        .getByRole('link', { name: `E2E Flow Box ${stamp}` })
        .waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: `E2E Flow Box ${stamp} saved: processing starts` })
        .waitFor();

      const library = (await api.call(libraryEndpoints.create, { body: { name: `E2E Flow Shelf ${stamp}` } })).data;
      await page.goto(e2e.url(HOST, `/libraries/${library.id}`));
      await page.getByRole('link', { name: 'Add the first item', exact: true }).click();
      await waitForPath(page, `/libraries/items/create/${library.id}`);
      await fileInput(page).setInputFiles(sample('OBJ/box.obj'));
      await page.getByRole('textbox', { name: /^Name/ }).waitFor({ timeout: 30_000 });
      await page.getByRole('textbox', { name: /^Name/ }).fill(`E2E Flow Crate ${stamp}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, `/libraries/${library.id}`);
      await page
        .getByRole('main')
        .getByRole('region', { name: 'Items', exact: true })
        .getByRole('link', { name: `E2E Flow Crate ${stamp}`, exact: true })
        .waitFor();
    });
  });

  describe('one way to tell the user', () => {
    it('shows every outcome under the header, stacked, covering none of the page', async () => {
      const prefix = `E2E Notice ${stamp}`;
      const [first, second, third] = [`${prefix} A`, `${prefix} B`, `${prefix} C`];
      const firstId = await newProject(first);
      await newProject(second);
      const thirdId = await newProject(third);

      // A save lands on the overview with its banner: Duplicate and Delete stay free.
      const page = await signedIn(`/projects/edit/${thirdId}`);
      await page.getByRole('textbox', { name: 'Name' }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, `/projects/overview/${thirdId}`);
      const saved = region(page)
        .getByRole('status')
        .filter({ hasText: `${third} saved` });
      await saved.waitFor();
      expect(await coveredControls(page, saved)).toEqual([]);
      // The issue's case: the page's Duplicate and Delete are on top where they are drawn.
      for (const control of [
        page.getByRole('main').getByRole('link', { name: 'Duplicate', exact: true }),
        page.getByRole('main').getByRole('button', { name: 'Delete', exact: true }),
      ]) {
        expect(await isOnTop(control)).toBe(true);
      }
      await checkScreen(page, 'flows-banner-after-save');

      // Two deletes with Undo stack in the same place; Undo answers there too.
      await page.goto(e2e.url(HOST, '/projects'));
      const table = await projectsFor(page, prefix, 3);
      for (const name of [first, second]) {
        await table.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Delete' }).click();
        await dialog.waitFor({ state: 'detached' });
        await region(page)
          .getByRole('status')
          .filter({ hasText: `${name} deleted` })
          .waitFor();
      }
      const stacked = region(page)
        .getByRole('status')
        .filter({ hasText: /deleted/ });
      await expect.poll(() => stacked.count()).toBe(2);
      for (const banner of await stacked.all()) expect(await coveredControls(page, banner)).toEqual([]);
      await checkScreen(page, 'flows-banners-stacked');
      const firstBanner = stacked.filter({ hasText: `${first} deleted` });
      await firstBanner.getByRole('button', { name: 'Undo', exact: true }).click();
      await region(page).getByRole('status').filter({ hasText: 'Restored successfully' }).waitFor();
      expect((await api.call(projectEndpoints.get, { params: { id: firstId } })).data.name).toBe(first);

      // A failure stays until it is closed: it outlives the success banners around it.
      await page.route('**/v2/projects/*', (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 500, json: { message: 'The project could not be deleted.' } })
          : route.fallback(),
      );
      await table.getByRole('button', { name: `Actions for ${third}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      const failure = region(page).getByRole('alert');
      await failure.waitFor();
      await page.mouse.move(0, 0);
      // The successes go in their time (5 s, an Undo 10 s); the failure is still there after them.
      await expect.poll(() => region(page).getByRole('status').count(), { timeout: 20_000 }).toBe(0);
      expect(await failure.isVisible()).toBe(true);
      await checkScreen(page, 'flows-banner-failure');
      await failure.getByRole('button', { name: 'Close' }).click();
      await failure.waitFor({ state: 'detached' });
    });

    it('gives the dismiss button a 44 px target on a touch screen', async () => {
      const projectId = await newProject(`E2E Notice Touch ${stamp}`);
      const page = await e2e.openPage(HOST, '/login', {
        context: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
      });
      await signIn(page, 'editor');
      await page.goto(e2e.url(HOST, `/projects/edit/${projectId}`));
      await page.getByRole('textbox', { name: 'Name' }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, `/projects/overview/${projectId}`);
      const banner = region(page).getByRole('status').filter({ hasText: 'saved' });
      await banner.waitFor();
      const close = await banner.getByRole('button', { name: 'Close' }).boundingBox();
      expect(close?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(close?.height ?? 0).toBeGreaterThanOrEqual(44);
      await checkScreen(page, 'flows-banner-phone');
    });
  });

  describe('not found keeps the frame', () => {
    const cases = [
      {
        path: '/projects/overview/999999',
        text: 'This project does not exist or you do not have access',
        list: 'Projects',
      },
      {
        path: '/projects/edit/999999',
        text: 'This project does not exist or you do not have access',
        list: 'Projects',
      },
      {
        path: '/projects/models/overview/999999',
        text: 'This model does not exist or you do not have access',
        list: 'Projects',
      },
      { path: '/libraries/999999', text: 'This library does not exist or you do not have access', list: 'Libraries' },
      {
        path: '/libraries/items/overview/999999',
        text: 'This item does not exist or you do not have access',
        list: 'Libraries',
      },
      {
        path: `/materials/overview/${encodeURIComponent(`No such material ${stamp}`)}`,
        text: 'This material does not exist or you do not have access',
        list: 'Materials',
      },
    ] as const;

    it('says which record is missing inside the navigation and header, with a way back to its list', async () => {
      const page = await signedIn('/');
      for (const { path, text, list } of cases) {
        await page.goto(e2e.url(HOST, path));
        await page.getByRole('heading', { name: text, level: 1 }).waitFor();
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        await waitForSignedInFrame(page, DEMO_USERS.editor.name);
        await page
          .getByRole('main')
          .getByRole('link', { name: `Back to ${list}`, exact: true })
          .waitFor();
      }
      await page.goto(e2e.url(HOST, '/projects/overview/999999'));
      await page.getByRole('heading', { name: cases[0].text, level: 1 }).waitFor();
      await checkScreen(page, 'flows-not-found-project');
      await page.getByRole('main').getByRole('link', { name: 'Back to Projects', exact: true }).click();
      await waitForPath(page, '/projects');
    });

    it("treats another company's record the same way, and the admin's security records too", async () => {
      const globex = apiClient(
        e2e.port,
        HOSTS.globexHatch,
        await apiLogin(e2e.port, HOSTS.globexHatch, 'globex-editor'),
      );
      const theirs = (await globex.call(projectEndpoints.create, { body: { name: `E2E Not Yours ${stamp}` } })).data;
      const page = await signedIn(`/projects/overview/${theirs.id}`);
      await page.getByRole('heading', { name: 'This project does not exist or you do not have access' }).waitFor();
      expect(await page.getByText(`E2E Not Yours ${stamp}`).count()).toBe(0);

      const admin = await signedIn('/security/users/edit/999999', 'admin');
      await admin.getByRole('heading', { name: 'This user does not exist or you do not have access' }).waitFor();
      await admin.getByRole('navigation', { name: 'Main' }).waitFor();
      await admin.goto(e2e.url(HOST, '/security/roles/edit/999999'));
      await admin.getByRole('heading', { name: 'This role does not exist or you do not have access' }).waitFor();
      await admin.getByRole('main').getByRole('link', { name: 'Back to Roles', exact: true }).waitFor();
    });

    it('says it in Dutch for a Dutch reader', async () => {
      const member = await createMember(e2e.port, HOST, {
        username: `flows-nl-${stamp}`,
        roleTitle: 'Editor',
        licences: ['hatch', 'design_and_sales'],
      });
      const page = await signedIn('/', member);
      await page.getByRole('group', { name: 'Language' }).getByText('Nederlands').click();
      await page.getByRole('group', { name: 'Taal' }).waitFor();
      await page.goto(e2e.url(HOST, '/libraries/999999'));
      await page
        .getByRole('heading', { name: 'Deze bibliotheek bestaat niet of je hebt er geen toegang toe' })
        .waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Terug naar Bibliotheken', exact: true }).waitFor();
      await checkScreen(page, 'flows-not-found-library-nl');
    });
  });

  describe('focus returns to what opened a dialog', () => {
    it("goes back to the row's menu button after Escape or Cancel, and to the page's button", async () => {
      const name = `E2E Focus ${stamp} ${Math.random().toString(36).slice(2, 6)}`;
      const id = await newProject(name);
      const page = await signedIn('/projects');
      const table = await projectsFor(page, name, 1);
      const menuButton = table.getByRole('button', { name: `Actions for ${name}`, exact: true });
      const dialog = page.getByRole('dialog');
      // The dialog's Cancel button (its × is labelled Cancel too).
      const cancel = dialog.getByRole('button', { name: 'Cancel' }).filter({ hasText: 'Cancel' });

      for (const close of ['Escape', 'Cancel'] as const) {
        await menuButton.click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        await cancel.waitFor();
        await expect.poll(() => isFocused(cancel)).toBe(true);
        if (close === 'Escape') await page.keyboard.press('Escape');
        else await cancel.click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => isFocused(menuButton), { message: `focus after ${close}` }).toBe(true);
      }

      // By keyboard only: Enter on the menu button, the entry by arrows, Escape on the dialog.
      await menuButton.focus();
      await page.keyboard.press('Enter');
      // Mantine focuses the opened menu on a timer: an entry focused before that loses it again.
      const menu = await focusedMenu(page);
      const entry = menu.getByRole('menuitem', { name: 'Delete' });
      const entries = await menu.getByRole('menuitem').count();
      for (let step = 0; step < entries && !(await isFocused(entry)); step++) await page.keyboard.press('ArrowDown');
      await expect.poll(() => isFocused(entry), { message: 'Delete reached by arrows' }).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(menuButton)).toBe(true);

      // A dialog opened by a page's button gives the focus back to it.
      await page.goto(e2e.url(HOST, `/projects/overview/${id}`));
      const remove = page.getByRole('main').getByRole('button', { name: 'Delete', exact: true });
      await remove.click();
      await cancel.click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(remove)).toBe(true);
      await checkScreen(page, 'flows-focus-returned');
    });
  });
});
