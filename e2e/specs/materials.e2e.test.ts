import { type ApiClient, materialCategoryEndpoints, materialEndpoints } from '@meshport/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { NOT_FOUND_TITLE } from '../support/app.ts';
import { checkScreen } from '../support/artifacts.ts';
import { pathOf, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { DEMO_USERS, type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';
import { bulk, confirm, rowAction } from '../support/list-actions.ts';

/** content.md §4, §8: the exact texts of the materials screens. */
const MATERIAL_NOT_DELETABLE = 'You can not delete this material as it is still connected to a model.';
const CATEGORY_NOT_DELETABLE = 'You can not delete this category as it or its children is connected to a model.';

/** The demo data (apps/server/src/dev/seed/demo-content.data.ts): used by a model, in category Oak. */
const CONNECTED_MATERIAL = 'Oak Natural';
const CONNECTED_CATEGORY = 'Oak';

/** Names no other spec (or earlier run on the same server) uses; '&' and spaces travel URL-encoded. */
const suffix = Date.now().toString(36);

describe('materials and categories (content.md §2 Materials, §4, §8)', () => {
  const e2e = useBrowser();

  async function openAs(user: DemoUsername, host: Host, path: string): Promise<{ page: Page; api: ApiClient }> {
    const page = await e2e.openPage(host, '/login');
    await signIn(page, user);
    await waitForSignedInFrame(page, DEMO_USERS[user].name);
    await page.goto(e2e.url(host, path));
    const api = apiClient(e2e.port, host, await apiLogin(e2e.port, host, user));
    return { page, api };
  }

  async function categoryId(api: ApiClient, name: string): Promise<number> {
    const page = await api.call(materialCategoryEndpoints.list, { query: { per_page: 100, filter: { search: name } } });
    const found = page.data.find((category) => category.name === name);
    if (!found) throw new Error(`no category named ${name}`);
    return found.id;
  }

  const region = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name, exact: true });
  const categories = (page: Page) => region(page, 'Categories of this level');
  const card = (list: Locator, name: string) => list.getByRole('link', { name, exact: true });
  const banner = (page: Page, text: string) => page.getByText(text, { exact: true });

  /**
   * Searches, and waits until the list shows only what matches: the redraw when the search
   * applies would otherwise clear a selection or close a menu made before it.
   */
  async function search(list: Locator, term: string): Promise<void> {
    await list.getByRole('searchbox', { name: 'Search' }).fill(term);
    await expect
      .poll(async () => {
        const labels = await list
          .getByRole('checkbox')
          .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
        const rows = labels.filter((label) => label.startsWith('Select ') && label !== 'Select all');
        return rows.length > 0 && rows.every((label) => label.toLowerCase().includes(term.toLowerCase()));
      })
      .toBe(true);
  }

  it('lets editor make a category and a sub-category, walk them by breadcrumbs, edit and delete', async () => {
    const { page, api } = await openAs('editor', HOSTS.acmeHatch, '/materials');
    await page.getByRole('heading', { name: 'Materials', level: 1 }).waitFor();
    await card(categories(page), 'Wood').waitFor();
    await card(region(page, 'All materials'), CONNECTED_MATERIAL).waitFor();
    await checkScreen(page, 'materials-root');

    const parent = `E2E Finishes ${suffix}`;
    const sub = `E2E Satin ${suffix}`;
    await categories(page).getByRole('link', { name: 'New Category' }).click();
    await waitForPath(page, '/materials/categories/create');
    await page.getByRole('heading', { name: 'New Category', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(parent);
    await checkScreen(page, 'materials-category-create');
    await page.getByRole('button', { name: 'Save' }).click();
    // A new category opens itself (issue 31).
    await page.waitForURL((url) => /^\/materials\/categories\/\d+$/.test(url.pathname), { waitUntil: 'commit' });
    await banner(page, 'Category created successfully').waitFor();

    const parentId = await categoryId(api, parent);
    await waitForPath(page, `/materials/categories/${parentId}`);
    await page.getByRole('heading', { name: parent, level: 1 }).waitFor();
    await categories(page).getByText('No Categories Found', { exact: true }).waitFor();
    await region(page, 'Materials of this category').getByText('No Materials Found', { exact: true }).waitFor();
    await categories(page).getByRole('link', { name: 'New Category' }).click();
    await waitForPath(page, `/materials/categories/create/${parentId}`);
    await page.getByRole('heading', { name: `New sub-category of ${parent}`, level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Parent category' }).inputValue()).toBe(parent);
    await page.getByRole('textbox', { name: /^Name/ }).fill(sub);
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/materials/categories/${parentId}`);
    await card(categories(page), sub).click();

    const subId = await categoryId(api, sub);
    await waitForPath(page, `/materials/categories/${subId}`);
    const crumbs = page.getByRole('navigation', { name: 'Category path' });
    await crumbs.getByText(sub, { exact: true }).waitFor();
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Materials', parent]);
    await checkScreen(page, 'materials-category');
    await crumbs.getByRole('link', { name: parent }).click();
    await waitForPath(page, `/materials/categories/${parentId}`);

    const renamed = `${sub} renamed`;
    await rowAction(page, categories(page), sub, 'Edit');
    await waitForPath(page, `/materials/categories/edit/${subId}`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe(sub);
    await name.fill(renamed);
    await checkScreen(page, 'materials-category-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/materials/categories/${parentId}`);
    await banner(page, 'Category updated successfully').waitFor();

    await rowAction(page, categories(page), renamed, 'Archive');
    await banner(page, `${renamed} Archived...`).waitFor();
    await rowAction(page, categories(page), renamed, 'Activate');
    await banner(page, `${renamed} Unarchived`).waitFor();

    await bulk(page, categories(page), [renamed], 'Delete');
    await confirm(
      page,
      'Delete 1 categories and their sub-categories? They go to the recycling bin for 30 days.',
      'Delete',
    );
    await banner(page, '1 Categories successfully deleted').waitFor();
    await categories(page).getByText('No Categories Found', { exact: true }).waitFor();
    await page.goto(e2e.url(HOSTS.acmeHatch, '/materials'));
    await rowAction(page, categories(page), parent, 'Delete');
    await confirm(
      page,
      `Delete the category ${parent} and its sub-categories? They go to the recycling bin for 30 days.`,
      'Delete',
    );
    await banner(page, `${parent} deleted`).waitFor();
  });

  it('lets editor edit, rename, duplicate, archive, move and delete materials', async () => {
    const { page, api } = await openAs('editor', HOSTS.acmeHatch, '/materials');
    const first = `E2E Oak & Ash ${suffix}`;
    const second = `E2E Slate ${suffix}`;
    const target = `E2E Target ${suffix}`;
    await api.call(materialEndpoints.create, { body: { name: first, description: 'Made by the e2e suite' } });
    await api.call(materialEndpoints.create, { body: { name: second } });
    const targetId = (await api.call(materialCategoryEndpoints.create, { body: { name: target } })).data.id;

    const all = region(page, 'All materials');
    await search(all, first);
    await rowAction(page, all, first, 'Edit');
    await waitForPath(page, `/materials/edit/${encodeURIComponent(first)}`);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await expect.poll(() => name.inputValue()).toBe(first);
    await checkScreen(page, 'material-edit');
    const renamed = `${first} renamed`;
    await name.fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/materials/overview/${encodeURIComponent(renamed)}`);
    await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
    await banner(page, 'Material updated successfully').waitFor();
    await page.getByText('Made by the e2e suite', { exact: true }).waitFor();
    await checkScreen(page, 'material-overview');

    // And back: the overview's Edit, the old name again.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await waitForPath(page, `/materials/edit/${encodeURIComponent(renamed)}`);
    await expect.poll(() => name.inputValue()).toBe(renamed);
    await name.fill(first);
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, `/materials/overview/${encodeURIComponent(first)}`);

    // Duplicate, then delete the copy after its confirmation.
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await banner(page, 'Material successfully duplicated').waitFor();
    await page.waitForURL((url) => url.pathname !== `/materials/overview/${encodeURIComponent(first)}`);
    const copy = decodeURIComponent(pathOf(page).replace('/materials/overview/', ''));
    expect(copy).toContain(first);
    await page.getByRole('heading', { name: copy, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm(page, `Delete the material ${copy}? It goes to the recycling bin for 30 days.`, 'Delete');
    await waitForPath(page, '/materials');
    await banner(page, `${copy} deleted`).waitFor();

    // Archive and activate one material from its card.
    await search(all, first);
    await rowAction(page, all, first, 'Archive');
    await banner(page, `${first} Archived...`).waitFor();
    await all.getByText('Archived', { exact: true }).waitFor();
    await rowAction(page, all, first, 'Activate');
    await banner(page, `${first} Unarchived`).waitFor();

    // Move both to the new category in bulk: a target is required.
    await search(all, `E2E`);
    await card(all, second).waitFor();
    await bulk(page, all, [first, second], 'Move');
    const dialog = page.getByRole('dialog', { name: 'Move materials' });
    await dialog.getByText('Move 2 materials to these categories:', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.getByText('Choose at least one category to move to.', { exact: true }).waitFor();
    await dialog.getByRole('combobox', { name: /^Target categories/ }).fill(target);
    await page.getByRole('option', { name: target, exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('checkbox', { name: 'Remove from current categories' }).check();
    await checkScreen(page, 'materials-move-dialog');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await banner(page, '2 Materials successfully moved').waitFor();
    const moved = await api.call(materialEndpoints.list, { query: { filter: { category: String(targetId) } } });
    expect(moved.data.map((material) => material.name).sort()).toEqual([first, second].sort());

    // The category shows them; delete both there, in bulk.
    await page.goto(e2e.url(HOSTS.acmeHatch, `/materials/categories/${targetId}`));
    const inCategory = region(page, 'Materials of this category');
    await card(inCategory, first).waitFor();
    await card(inCategory, second).waitFor();
    await bulk(page, inCategory, [first, second], 'Delete');
    await confirm(page, 'Delete 2 materials? They go to the recycling bin for 30 days.', 'Delete');
    await banner(page, '2 Materials successfully deleted').waitFor();
    await inCategory.getByText('No Materials Found', { exact: true }).waitFor();
  });

  it('disables delete of a material and a category connected to a model, with the reason', async () => {
    const { page } = await openAs('editor', HOSTS.acmeHatch, '/materials');
    const all = region(page, 'All materials');
    await search(all, CONNECTED_MATERIAL);
    await all.getByRole('button', { name: `Actions for ${CONNECTED_MATERIAL}` }).click();
    const item = page.getByRole('menuitem', { name: 'Delete', exact: true });
    expect(await item.isDisabled()).toBe(true);
    await item.hover({ force: true });
    await page.getByRole('tooltip').getByText(MATERIAL_NOT_DELETABLE, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    // Closed before the Actions menu opens (its own Delete entry would otherwise be a second one).
    await item.waitFor({ state: 'detached' });

    // Refused in bulk too, naming it.
    await bulk(page, all, [CONNECTED_MATERIAL], 'Delete');
    await confirm(page, 'Delete 1 materials? They go to the recycling bin for 30 days.', 'Delete');
    await banner(
      page,
      `The following materials have not been deleted because they are still connected to a model; ${CONNECTED_MATERIAL}`,
    ).waitFor();

    const wood = categories(page);
    await card(wood, 'Wood').click();
    await page.getByRole('heading', { name: 'Wood', level: 1 }).waitFor();
    await categories(page)
      .getByRole('button', { name: `Actions for ${CONNECTED_CATEGORY}` })
      .click();
    const categoryDelete = page.getByRole('menuitem', { name: 'Delete', exact: true });
    expect(await categoryDelete.isDisabled()).toBe(true);
    await categoryDelete.hover({ force: true });
    await page.getByRole('tooltip').getByText(CATEGORY_NOT_DELETABLE, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(e2e.url(HOSTS.acmeHatch, `/materials/overview/${encodeURIComponent(CONNECTED_MATERIAL)}`));
    await page.getByRole('heading', { name: CONNECTED_MATERIAL, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Oak Smoked' }).waitFor(); // its variant
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    await remove.hover();
    await page.getByRole('tooltip').getByText(MATERIAL_NOT_DELETABLE, { exact: true }).waitFor();
    await checkScreen(page, 'material-overview-connected');
  });

  it('has no materials on customerportal: no navigation entry, the routes are not found', async () => {
    const { page } = await openAs('editor', HOSTS.acmeCustomerportal, '/');
    await page.getByRole('navigation').first().waitFor();
    expect(await page.getByRole('link', { name: 'Materials', exact: true }).count()).toBe(0);
    for (const path of ['/materials', `/materials/overview/${encodeURIComponent(CONNECTED_MATERIAL)}`]) {
      await page.goto(e2e.url(HOSTS.acmeCustomerportal, path));
      await page.getByRole('heading', { name: NOT_FOUND_TITLE }).waitFor();
    }
    await checkScreen(page, 'materials-customerportal-not-found');
  });
});
