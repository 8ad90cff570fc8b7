import { globalSearchEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';

const CATEGORY_LABELS: Record<string, string> = {
  projects: 'Projects',
  models: 'Models',
  libraries: 'Libraries',
  library_items: 'Library Items',
  materials: 'Materials',
  material_categories: 'Material Categories',
  users: 'Users',
  roles: 'Roles',
  groups: 'Groups',
  labels: 'Labels',
  downloads: 'Downloads',
  property_maps: 'Property Maps',
};
const HATCH_ONLY = ['Materials', 'Material Categories', 'Property Maps'];
const ALL_DISABLED = 'All search categories have been disabled. Re-enable a search category using the filters menu.';
const EMPTY_TERM = 'The search term cannot be empty. Please enter a valid search term.';

describe('global search (shell.md §2 /global-search)', () => {
  const e2e = useBrowser();

  /** The results page of `term`, and the answer the page itself received (other specs write meanwhile). */
  async function searchWithAnswer(user: DemoUsername, host: Host, term: string) {
    const page = await e2e.openPage(host, '/login');
    await signIn(page, user);
    await expectDashboard(page, DEMO_USERS[user].name);
    const field = page.getByRole('searchbox', { name: 'Search' });
    await field.fill(term);
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/v2${globalSearchEndpoints.search.path}` &&
        response.request().method() === 'GET',
    );
    await field.press('Enter');
    const answer = (await (await answered).json()) as { data: Record<string, { name: string }[]> };
    await waitForPath(page, '/global-search');
    expect(new URL(page.url()).searchParams.get('search')).toBe(term);
    await page.getByRole('heading', { name: `Search results for: "${term}"`, level: 1 }).waitFor();
    return { page, answer };
  }

  async function searchAs(user: DemoUsername, host: Host, term: string): Promise<Page> {
    return (await searchWithAnswer(user, host, term)).page;
  }

  function table(page: Page, label: string) {
    return page.getByRole('main').getByRole('region', { name: label, exact: true });
  }

  for (const [user, host] of [
    ['editor', HOSTS.acmeHatch],
    ['viewer', HOSTS.acmeCustomerportal],
  ] as const) {
    it(`shows ${user} one table per permitted category, as the server answers`, async () => {
      const term = 'a';
      // Compared with the answer the page received: specs running beside this one add and delete records.
      const { page, answer } = await searchWithAnswer(user, host, term);
      const categories = Object.keys(answer.data);
      expect(categories.length).toBeGreaterThan(0);
      for (const category of categories) {
        const label = CATEGORY_LABELS[category] ?? category;
        const rows = answer.data[category] ?? [];
        const section = table(page, label);
        expect(rows.length).toBeLessThanOrEqual(25);
        if (!rows[0]) {
          // Issue 31: a category without matches has no table, only its name on the one "No results in" line.
          const line = page.getByRole('main').getByText(/^No results in: /);
          await line.waitFor();
          expect((await line.textContent())?.split(': ')[1]?.split(', ')).toContain(label);
          expect(await section.count()).toBe(0);
          continue;
        }
        await section.getByRole('table').waitFor();
        await section.getByRole('cell', { name: rows[0].name, exact: true }).waitFor();
        expect(await section.locator('tbody tr').count()).toBe(rows.length);
        await section.locator('tfoot').getByText('View All').waitFor();
      }
      for (const label of HATCH_ONLY) {
        const shown = (await table(page, label).count()) > 0;
        if (host !== HOSTS.acmeHatch) {
          expect(shown, `${label} on ${host}`).toBe(false);
          expect(await page.getByRole('checkbox', { name: label, exact: true }).count()).toBe(0);
        }
      }
      await checkScreen(page, `global-search-${user}`);
    });
  }

  it('filters by category, group and All, keeps the choice for the session, and resets', async () => {
    const page = await searchAs('editor', HOSTS.acmeHatch, 'e');
    await table(page, 'Projects').getByRole('table').waitFor();
    const all = page.getByRole('checkbox', { name: 'All', exact: true });
    const security = page.getByRole('checkbox', { name: 'Security', exact: true });

    await security.uncheck();
    for (const label of ['Users', 'Roles', 'Groups']) {
      await table(page, label).waitFor({ state: 'detached' });
      expect(await page.getByRole('checkbox', { name: label, exact: true }).isChecked()).toBe(false);
    }
    expect(await all.evaluate((input) => (input as HTMLInputElement).indeterminate)).toBe(true);
    await table(page, 'Projects').getByRole('table').waitFor();

    await page.getByRole('checkbox', { name: 'Users', exact: true }).check();
    await table(page, 'Users').waitFor();
    expect(await security.evaluate((input) => (input as HTMLInputElement).indeterminate)).toBe(true);

    // 'All' while partly checked checks everything; a second click clears everything.
    await all.click();
    expect(await all.isChecked()).toBe(true);
    await all.uncheck();
    await page.getByText(ALL_DISABLED).waitFor();
    expect(await page.getByRole('main').getByRole('table').count()).toBe(0);
    await checkScreen(page, 'global-search-all-disabled');

    // Kept in session storage: a reload shows the same choice.
    await page.reload();
    await page.getByText(ALL_DISABLED).waitFor();

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await table(page, 'Projects').getByRole('table').waitFor();
    expect(await all.isChecked()).toBe(true);
    await table(page, 'Users').waitFor();
  });

  async function reloadSearch(page: Page) {
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/v2/global-search');
    await page.reload();
    return answered;
  }

  it('shows a repeated search from the server’s cache, gzipped, exactly as the first time', async () => {
    const page = await searchAs('editor', HOSTS.acmeHatch, 'a');
    await table(page, 'Projects').getByRole('table').waitFor();
    const tables = () => page.getByRole('main').getByRole('table').allInnerTexts();
    // Other specs write to acme at the same time, and a write clears the company's cached answers: reload until an
    // answer comes from the cache, and compare it with the answer just before it (the one that filled the cache).
    let before = await tables();
    let again = await reloadSearch(page);
    for (let attempt = 1; attempt < 8 && again.headers()['x-cache'] !== 'hit'; attempt++) {
      await table(page, 'Projects').getByRole('table').waitFor();
      before = await tables();
      again = await reloadSearch(page);
    }
    expect(again.status()).toBe(200);
    expect(again.headers()['x-cache']).toBe('hit');
    expect(again.headers()['content-encoding']).toBe('gzip');
    await table(page, 'Projects').getByRole('table').waitFor();
    expect(await tables()).toEqual(before);
    await checkScreen(page, 'global-search-cached');
  });

  it('says so when the search term is empty', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await expectDashboard(page, DEMO_USERS.editor.name);
    await page.goto(e2e.url(HOSTS.acmeHatch, '/global-search?search=%20%20'));
    await page.getByRole('main').getByText(EMPTY_TERM).waitFor();
    expect(await page.getByRole('main').getByRole('table').count()).toBe(0);
    await checkScreen(page, 'global-search-empty-term');

    // The top-bar field refuses an empty term with the same message and stays put.
    const field = page.getByRole('searchbox', { name: 'Search' });
    await field.fill('');
    await field.press('Enter');
    await expect.poll(() => page.getByText(EMPTY_TERM).count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('search')).toBe('  ');
  });
});
