import {
  type ApiClient,
  changelogEndpoints,
  companyEndpoints,
  libraryEndpoints,
  projectEndpoints,
  projectModelEndpoints,
  TOP_LEVEL_FILTER_VALUE,
  userEndpoints,
} from '@meshport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { validatedUser } from '../support/app.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';

/**
 * shell.md §2/§7: the three tiles, their permission and the count call behind each; `listed` counts
 * what the list the tile leads to shows, which the tile names when its total takes in more.
 */
const TILES: {
  label: string;
  ability: string;
  count: (api: ApiClient) => Promise<number>;
  listed?: (api: ApiClient) => Promise<number>;
  below?: [string, string];
}[] = [
  {
    label: 'Total projects',
    ability: 'view-projects',
    count: (api) => api.count(projectEndpoints.list, { query: { include_sub_projects: true } }),
    listed: (api) => api.count(projectEndpoints.list),
    below: ['sub-project', 'sub-projects'],
  },
  {
    label: 'Total libraries',
    ability: 'list-libraries',
    count: (api) => api.count(libraryEndpoints.list),
    listed: (api) => api.count(libraryEndpoints.list, { query: { filter: { parent_id: TOP_LEVEL_FILTER_VALUE } } }),
    below: ['sub-library', 'sub-libraries'],
  },
  {
    label: 'Total models',
    ability: 'list-project-models',
    count: (api) => api.count(projectModelEndpoints.list),
  },
];

describe('dashboard (shell.md §2, administration.md Updates panel)', () => {
  const e2e = useBrowser();

  async function dashboardOf(user: DemoUsername, host: Host): Promise<Page> {
    const page = await e2e.openPage(host, '/login');
    await signIn(page, user);
    await expectDashboard(page, DEMO_USERS[user].name);
    return page;
  }

  for (const [user, host] of [
    ['editor', HOSTS.acmeHatch],
    ['viewer', HOSTS.acmeCustomerportal],
    ['admin', HOSTS.acmeHatch],
  ] as const) {
    it(`shows ${user} the tiles their permissions allow, with the server's counts`, async () => {
      const page = await dashboardOf(user, host);
      const me = await validatedUser(page);
      const api = apiClient(e2e.port, host, await apiLogin(e2e.port, host, user));
      for (const tile of TILES) {
        const region = page.getByRole('region', { name: tile.label, exact: true });
        if (!me.admin && !me.abilities.includes(tile.ability)) {
          expect(await region.count(), `${tile.label} for ${user}`).toBe(0);
          continue;
        }
        const count = await tile.count(api);
        await region.getByText(count.toLocaleString('en-US'), { exact: true }).waitFor();
        // Issue 31 item 2: the number the list shows is on the tile too, with what the total adds.
        const listed = tile.listed ? await tile.listed(api) : count;
        if (tile.below && listed < count) {
          const rest = count - listed;
          const note = `${listed.toLocaleString('en-US')} top-level and ${rest.toLocaleString('en-US')} ${tile.below[rest === 1 ? 0 : 1]}`;
          await region.getByText(note, { exact: true }).waitFor();
        }
      }
      const projects = me.admin || me.abilities.includes('view-projects');
      expect(await page.getByRole('heading', { name: 'Recent projects', exact: true }).count()).toBe(projects ? 1 : 0);
      await page.getByRole('heading', { name: 'Updates', exact: true }).waitFor();
      await page.getByRole('table', { name: 'Recently updated projects' }).waitFor();
      await checkScreen(page, `dashboard-tiles-${user}`);
    });
  }

  it('moves the recent-projects slider with the keyboard and lists 25 recent projects at most', async () => {
    const page = await dashboardOf('editor', HOSTS.acmeHatch);
    const api = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'editor'));
    const recent = await api.call(projectEndpoints.list, {
      query: { per_page: 5, page: 1, sort: '-updated_at', included_fields: ['id', 'name'] },
    });
    const names = recent.data.map((project) => project.name);
    expect(names.length).toBeGreaterThan(1);
    const slider = page.getByRole('region', { name: 'Recent projects', exact: true });
    await slider
      .getByRole('group', { name: `1 of ${names.length}` })
      .getByText(names[0] ?? '')
      .waitFor();
    await slider.getByRole('button', { name: 'Next project' }).focus();
    await page.keyboard.press('ArrowRight');
    await slider
      .getByRole('group', { name: `2 of ${names.length}` })
      .getByText(names[1] ?? '')
      .waitFor();
    await page.keyboard.press('End');
    await slider.getByRole('group', { name: `${names.length} of ${names.length}` }).waitFor();
    await page.keyboard.press('Enter');
    await slider.getByRole('group', { name: `1 of ${names.length}` }).waitFor();
    // No project overview screen yet: the slide has no 'View Project' link to a missing route.
    const view = slider.getByRole('link', { name: 'View Project' });
    if ((await view.count()) > 0) expect(await view.getAttribute('href')).toMatch(/^\/projects\/overview\/\d+$/);

    const table = page.getByRole('table', { name: 'Recently updated projects' });
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(25);
    await checkScreen(page, 'dashboard-slider-second-pass');
  });

  it('lists released changelog entries by date and opens one in a modal', async () => {
    const page = await dashboardOf('editor', HOSTS.acmeHatch);
    const api = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'editor'));
    const released = (
      await api.call(changelogEndpoints.list, { query: { per_page: 100, filter: { environment: 'acceptance' } } })
    ).data;
    const all = (await api.call(changelogEndpoints.list, { query: { per_page: 100 } })).data;
    const panel = page.getByRole('region', { name: 'Updates', exact: true });
    const entry = released[0];
    if (!entry) throw new Error('the demo data has no changelog entry released on acceptance');
    await panel.getByRole('button', { name: entry.description }).waitFor();
    expect(await panel.getByRole('listitem').count()).toBe(released.length);
    const unreleased = all.filter((item) => !released.some((shown) => shown.description === item.description));
    for (const item of unreleased) {
      expect(await panel.getByRole('button', { name: item.description }).count()).toBe(0);
    }
    const scroll = await panel.locator('.mantine-ScrollArea-root').evaluate((element) => element.clientHeight);
    expect(scroll).toBeLessThanOrEqual(320);

    await panel.getByRole('button', { name: entry.description }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(entry.description, { exact: true }).waitFor();
    const type = { added: 'Added', fixed: 'Fixed', updated: 'Updated' }[entry.type] ?? entry.type;
    await dialog.getByText(type, { exact: true }).waitFor();
    await checkScreen(page, 'dashboard-update-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the Autodesk warning until dismissed for the session', async () => {
    const page = await dashboardOf('editor', HOSTS.acmeHatch);
    const api = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'editor'));
    const company = await api.call(companyEndpoints.myCompany);
    const account = await api.call(userEndpoints.myAccount);
    const title = !account.data.autodesk_connected
      ? 'Autodesk account not connected'
      : account.data.autodesk_scope_outdated
        ? 'Reconnect your Autodesk account'
        : null;
    const warning = page.getByRole('alert').filter({ hasText: title ?? 'Autodesk' });
    if (company.data.autodesk_integration === 'no' || title === null) {
      await page.getByRole('heading', { name: 'Updates' }).waitFor();
      expect(await page.getByText(/Autodesk/).count()).toBe(0);
      return;
    }
    await warning.getByText(title).waitFor();
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await warning.waitFor({ state: 'detached' });
    await page.reload();
    await expectDashboard(page, DEMO_USERS.editor.name);
    await page.getByRole('region', { name: 'Updates', exact: true }).getByRole('listitem').first().waitFor();
    expect(await page.getByText(title).count()).toBe(0);
  });
});
