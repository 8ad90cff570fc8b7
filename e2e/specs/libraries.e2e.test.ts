import { type ApiClient, libraryEndpoints, libraryItemEndpoints } from '@meshport/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { pathOf, signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';
import { bulk, confirm, rowAction, seeBanner } from '../support/list-actions.ts';

/** content.md §2, §4, §8: the exact texts of the library screens. */
const INTRO = 'Items for 3D rendering. Compatible with all major software and texture renderers.';
const LIBRARY_NOT_DELETABLE = 'You can not delete this library as it or its children is connected to a model.';
const ITEM_NOT_DELETABLE = 'You can not delete this item as it is still connected to a model.';

/** A name no other spec (or earlier run on the same server) uses. */
const suffix = `${Date.now().toString(36)}`;

describe('libraries and library items (content.md §2 Libraries, §4, §8)', () => {
  const e2e = useBrowser();

  async function openAs(user: DemoUsername, host: Host, path: string): Promise<{ page: Page; api: ApiClient }> {
    const page = await e2e.openPage(host, '/login');
    await signIn(page, user);
    await page.goto(e2e.url(host, path));
    const api = apiClient(e2e.port, host, await apiLogin(e2e.port, host, user));
    return { page, api };
  }

  async function libraryId(api: ApiClient, name: string): Promise<number> {
    const page = await api.call(libraryEndpoints.list, { query: { per_page: 100, filter: { search: name } } });
    const found = page.data.find((library) => library.name === name);
    if (!found) throw new Error(`no library named ${name}`);
    return found.id;
  }

  async function itemId(api: ApiClient, name: string): Promise<number> {
    const page = await api.call(libraryItemEndpoints.list, { query: { per_page: 100, filter: { search: name } } });
    const found = page.data.find((item) => item.name === name);
    if (!found) throw new Error(`no item named ${name}`);
    return found.id;
  }

  const list = (page: Page, name: 'Libraries' | 'Items') =>
    page.getByRole('main').getByRole('region', { name, exact: true });
  const card = (region: Locator, name: string) => region.getByRole('link', { name, exact: true });

  it('lets editor build a library tree on hatch, walk it by breadcrumbs, edit, archive and activate', async () => {
    const { page, api } = await openAs('editor', HOSTS.acmeHatch, '/libraries');
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
    await page.getByText(INTRO, { exact: true }).waitFor();
    await card(list(page, 'Libraries'), 'Cabinets').waitFor();
    await checkScreen(page, 'libraries-root-editor');

    const tree = `E2E Tree ${suffix}`;
    const sub = `E2E Sub ${suffix}`;
    await page.getByRole('link', { name: 'New Library' }).click();
    await waitForPath(page, '/libraries/create');
    await page.getByRole('heading', { name: 'New Library', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(tree);
    await checkScreen(page, 'library-create-form');
    await page.getByRole('button', { name: 'Save' }).click();
    // A new library opens itself (issue 31), offering its first item.
    await page.waitForURL((url) => /^\/libraries\/\d+$/.test(url.pathname), { waitUntil: 'commit' });
    const treeId = await libraryId(api, tree);
    await waitForPath(page, `/libraries/${treeId}`);
    await seeBanner(page, `${tree} saved`);
    await page.getByRole('heading', { name: tree, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add the first item', exact: true }).waitFor();
    await list(page, 'Libraries').getByText('No Libraries Found').waitFor();
    await list(page, 'Items').getByText('No Items Found').waitFor();

    await page.getByRole('link', { name: 'New Library' }).click();
    await waitForPath(page, `/libraries/create/${treeId}`);
    expect(await page.getByRole('combobox', { name: 'Parent library' }).inputValue()).toBe(tree);
    await page.getByRole('textbox', { name: /^Name/ }).fill(sub);
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/libraries/${treeId}`);
    const subId = await libraryId(api, sub);
    expect((await api.call(libraryEndpoints.get, { params: { id: subId } })).data.parent_id).toBe(treeId);

    await card(list(page, 'Libraries'), sub).click();
    await waitForPath(page, `/libraries/${subId}`);
    await page.getByRole('heading', { name: sub, level: 1 }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await crumbs.getByText(sub, { exact: true }).waitFor();
    await crumbs.getByRole('link', { name: tree }).click();
    await waitForPath(page, `/libraries/${treeId}`);
    await page.getByRole('heading', { name: tree, level: 1 }).waitFor();
    await checkScreen(page, 'library-detail');

    const libraries = list(page, 'Libraries');
    await rowAction(page, libraries, sub, 'Edit');
    await waitForPath(page, `/libraries/edit/${subId}`);
    await page.getByRole('heading', { name: 'Edit Library', level: 1 }).waitFor();
    const name = page.getByRole('textbox', { name: /^Name/ });
    expect(await name.inputValue()).toBe(sub);
    await page.getByRole('textbox', { name: 'Description' }).fill('Made by the end-to-end test.');
    await checkScreen(page, 'library-edit-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/libraries/${treeId}`);
    expect((await api.call(libraryEndpoints.get, { params: { id: subId } })).data.description).toBe(
      'Made by the end-to-end test.',
    );

    // One card through its menu, then the selection through the Actions menu (content.md §4).
    await rowAction(page, libraries, sub, 'Archive');
    await seeBanner(page, '1 Libraries successfully archived');
    await libraries.getByText('Archived', { exact: true }).waitFor();
    await rowAction(page, libraries, sub, 'Activate');
    await seeBanner(page, '1 Libraries successfully activated');
    await bulk(page, libraries, [sub], 'Archive');
    await confirm(page, 'Archive 1 library?', 'Archive');
    await seeBanner(page, '1 Libraries successfully archived');
    await bulk(page, libraries, [sub], 'Activate');
    await confirm(page, 'Activate 1 library?', 'Activate');
    await seeBanner(page, '1 Libraries successfully activated');
    expect((await api.call(libraryEndpoints.get, { params: { id: subId } })).data.status).toBe('active');
  });

  it('moves items between libraries with the bulk Move, which needs a target', async () => {
    const host = HOSTS.acmeHatch;
    const editor = apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'editor'));
    const cooktops = await libraryId(editor, 'Cooktops');
    const target = (await editor.call(libraryEndpoints.create, { body: { name: `E2E Move Target ${suffix}` } })).data;
    const items = ['Induction Hob 4-Zone', 'Gas Hob 5-Burner'];
    const ids = await Promise.all(items.map((item) => itemId(editor, item)));
    const { page } = await openAs('editor', host, `/libraries/${cooktops}`);
    try {
      await page.getByRole('heading', { name: 'Cooktops', level: 1 }).waitFor();
      const region = list(page, 'Items');
      for (const item of items) await card(region, item).waitFor();
      await bulk(page, region, items, 'Move');
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Move 2 items?', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await dialog.getByText('Choose at least one library to move to.').waitFor();
      await dialog.getByLabel(/^Target libraries/).fill(target.name);
      await page.getByRole('option', { name: target.name }).click();
      await dialog.getByText('Move 2 items?', { exact: true }).click();
      await dialog.getByRole('checkbox', { name: 'Remove from current libraries' }).check();
      await checkScreen(page, 'items-move-dialog');
      await dialog.getByRole('button', { name: 'Move', exact: true }).click();
      await seeBanner(page, '2 Items successfully moved');
      await region.getByText('No Items Found').waitFor();

      await page.goto(e2e.url(host, `/libraries/${target.id}`));
      for (const item of items) await card(list(page, 'Items'), item).waitFor();
      const moved = await editor.call(libraryItemEndpoints.get, { params: { id: ids[0] ?? 0 } });
      expect(moved.data.libraries.map((library) => library.id)).toEqual([target.id]);
    } finally {
      await editor.call(libraryItemEndpoints.bulk, {
        body: {
          action: 'move',
          items: ids.map((id) => ({ id })),
          libraries: [{ id: cooktops }],
          remove_from_current_libraries: true,
        },
      });
    }
  });

  it('refuses to delete what is connected to a model and deletes the rest, in bulk too', async () => {
    const host = HOSTS.acmeHatch;
    const editor = apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'editor'));
    const doomed = (await editor.call(libraryEndpoints.create, { body: { name: `E2E Delete ${suffix}` } })).data;
    const { page } = await openAs('editor', host, '/libraries');
    const libraries = list(page, 'Libraries');
    await card(libraries, doomed.name).waitFor();

    await libraries.getByRole('button', { name: 'Actions for Cabinets' }).click();
    const remove = page.getByRole('menuitem', { name: 'Delete', exact: true });
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    await remove.hover();
    await page.getByRole('tooltip').getByText(LIBRARY_NOT_DELETABLE).waitFor();
    await checkScreen(page, 'libraries-delete-disabled');
    await page.keyboard.press('Escape');

    await bulk(page, libraries, [doomed.name, 'Worktops'], 'Delete');
    await confirm(page, 'Delete 2 libraries? Their sub-libraries go along to the recycling bin.', 'Delete');
    await page.getByRole('status').getByText('1 Libraries successfully deleted', { exact: true }).waitFor();
    const failure =
      'The following libraries have not been deleted because they are still connected to a model; Worktops';
    await page.getByRole('alert').getByText(failure, { exact: true }).waitFor();
    await checkScreen(page, 'libraries-bulk-delete-banners');
    await seeBanner(page, failure, 'alert');
    await card(libraries, 'Worktops').waitFor();
    expect(await card(libraries, doomed.name).count()).toBe(0);
  });

  it('brings a deleted library back with Undo in the delete banner', async () => {
    const host = HOSTS.acmeHatch;
    const editor = apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'editor'));
    const doomed = (await editor.call(libraryEndpoints.create, { body: { name: `E2E Undo ${suffix}` } })).data;
    const { page } = await openAs('editor', host, '/libraries');
    const libraries = list(page, 'Libraries');
    await card(libraries, doomed.name).waitFor();
    await rowAction(page, libraries, doomed.name, 'Delete');
    await confirm(page, 'Delete 1 library? Its sub-libraries go along to the recycling bin.', 'Delete');
    const banner = page.getByRole('status').filter({ hasText: '1 Libraries successfully deleted' });
    await card(libraries, doomed.name).waitFor({ state: 'detached' });
    await expect(editor.call(libraryEndpoints.get, { params: { id: doomed.id } })).rejects.toMatchObject({
      status: 404,
    });
    await checkScreen(page, 'libraries-delete-undo-banner');
    await banner.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('status').getByText('Restored successfully', { exact: true }).waitFor();
    await card(libraries, doomed.name).waitFor();
    expect((await editor.call(libraryEndpoints.get, { params: { id: doomed.id } })).data.name).toBe(doomed.name);
    await editor.call(libraryEndpoints.bulk, { body: { action: 'delete', libraries: [{ id: doomed.id }] } });
  });

  it('shows an item overview with its libraries; archives, unarchives, edits and deletes on hatch', async () => {
    const host = HOSTS.acmeHatch;
    const editor = apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'editor'));
    const connected = await itemId(editor, 'Base Cabinet 60cm');
    const { page } = await openAs('editor', host, `/libraries/items/overview/${connected}`);
    await page.getByRole('heading', { name: 'Base Cabinet 60cm', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Base Cabinets' }).waitFor();
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    await remove.hover();
    await page.getByRole('tooltip').getByText(ITEM_NOT_DELETABLE).waitFor();
    await checkScreen(page, 'item-overview');

    const wallCabinet = await itemId(editor, 'Wall Cabinet 40cm');
    await page.goto(e2e.url(host, `/libraries/items/overview/${wallCabinet}`));
    await page.getByRole('heading', { name: 'Wall Cabinet 40cm', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await seeBanner(page, 'Wall Cabinet 40cm Archived...');
    await page.getByRole('button', { name: 'Unarchive', exact: true }).click();
    await seeBanner(page, 'Wall Cabinet 40cm Unarchived');
    expect((await editor.call(libraryItemEndpoints.get, { params: { id: wallCabinet } })).data.status).toBe('FINISHED');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await waitForPath(page, `/libraries/items/edit/${wallCabinet}`);
    await page.getByRole('heading', { name: 'Edit Item', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Wall Cabinet 40cm');
    await page.getByRole('textbox', { name: 'Description' }).fill('A 40 cm wall cabinet.');
    await checkScreen(page, 'item-edit-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/libraries/items/overview/${wallCabinet}`);
    await page.getByText('A 40 cm wall cabinet.', { exact: true }).waitFor();

    // A single delete from the card menu shows the returned name and status; restored afterwards.
    const wallCabinets = await libraryId(editor, 'Wall Cabinets');
    await page.goto(e2e.url(host, `/libraries/${wallCabinets}`));
    const items = list(page, 'Items');
    await card(items, 'Wall Cabinet 40cm').waitFor();
    try {
      await rowAction(page, items, 'Wall Cabinet 40cm', 'Delete');
      await confirm(page, 'Delete 1 item?', 'Delete');
      await seeBanner(page, 'Wall Cabinet 40cm deleted');
      await items.getByText('No Items Found').waitFor();
    } finally {
      await editor.call(libraryItemEndpoints.restore, { params: { id: wallCabinet } }).catch(() => undefined);
    }
  });

  it('shows viewer on customerportal read-only cards, items filtered to FINISHED by default', async () => {
    const host = HOSTS.acmeCustomerportal;
    const { page, api } = await openAs('viewer', host, '/libraries');
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
    const libraries = list(page, 'Libraries');
    await card(libraries, 'Cabinets').waitFor();
    expect(await page.getByRole('link', { name: 'New Library' }).count()).toBe(0);
    expect(await libraries.getByRole('checkbox').count()).toBe(0);
    expect(await libraries.getByRole('button', { name: /^Actions/ }).count()).toBe(0);
    // Items in no library (the demo's extractor hood, and what other specs add to the same server).
    const rootItems = list(page, 'Items');
    await rootItems.getByRole('listitem').first().waitFor();
    await checkScreen(page, 'libraries-root-viewer');

    const worktops = await libraryId(api, 'Worktops');
    await card(libraries, 'Worktops').click();
    await waitForPath(page, `/libraries/${worktops}`);
    const items = list(page, 'Items');
    await card(items, 'Oak Worktop 3m').waitFor();
    // The demo's sink unit failed (its bundle lacks the model): hidden by the FINISHED default.
    expect(await card(items, 'Sink Unit 80cm').count()).toBe(0);
    expect(await items.getByRole('checkbox').count()).toBe(0);
    await items.getByRole('button', { name: 'Filter' }).click();
    await items.getByText('Finished', { exact: true }).first().waitFor();
    await checkScreen(page, 'library-detail-viewer');

    await card(items, 'Oak Worktop 3m').click();
    await page.getByRole('heading', { name: 'Oak Worktop 3m', level: 1 }).waitFor();
    expect(pathOf(page)).toMatch(/^\/libraries\/items\/overview\/\d+$/);
    for (const action of ['Edit', 'Archive', 'Delete']) {
      expect(await page.getByRole('main').getByRole('button', { name: action, exact: true }).count()).toBe(0);
    }
    await checkScreen(page, 'item-overview-viewer');
  });

  it('takes the heading of a library opened from search from its navigation state', async () => {
    const { page } = await openAs('editor', HOSTS.acmeHatch, '/');
    const field = page.getByRole('searchbox', { name: 'Search' });
    await field.fill('Drawer Units');
    await field.press('Enter');
    await waitForPath(page, '/global-search');
    await page
      .getByRole('main')
      .getByRole('region', { name: 'Libraries', exact: true })
      .getByRole('link', { name: 'Drawer Units' })
      .click();
    await page.getByRole('heading', { name: 'Drawer Units', level: 1 }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await crumbs.getByRole('link', { name: 'Base Cabinets' }).waitFor();
    await crumbs.getByRole('link', { name: 'Cabinets', exact: true }).waitFor();
  });
});
