import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { existingRoutes, validatedUser } from '../support/app.ts';
import { checkScreen } from '../support/artifacts.ts';
import { focusedMenu, isFocused, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';

/** shell.md §6 navigation rules: a group shows when the user may see one of its entries. */
const GROUPS = [
  {
    label: 'Security',
    entries: [
      { path: '/security/users', ability: 'view-system-users' },
      { path: '/security/roles', ability: 'view-roles' },
      { path: '/security/groups', ability: 'view-groups' },
    ],
  },
  {
    label: 'Tools',
    entries: [
      { path: '/tools/downloads', ability: 'list-downloads' },
      { path: '/tools/labels', ability: 'list-labels' },
      { path: '/tools/trash', ability: 'access-recycling-bin' },
    ],
  },
  {
    label: 'Admin',
    adminOnly: true,
    entries: [
      { path: '/admin/users' },
      { path: '/admin/companies' },
      { path: '/admin/maintenance' },
      { path: '/admin/changelog_items' },
      { path: '/admin/issue_report' },
      { path: '/admin/feedback_report' },
    ],
  },
] as const;

const PROCESSOR_ABILITIES = ['update-project-models', 'create-project-models', 'update-libraries', 'update-options'];

async function signedInPage(
  e2e: ReturnType<typeof useBrowser>,
  user: DemoUsername,
  host: Host = HOSTS.acmeHatch,
): Promise<Page> {
  const page = await e2e.openPage(host, '/login');
  await signIn(page, user);
  await expectDashboard(page, DEMO_USERS[user].name);
  return page;
}

function sideNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

async function navGroupLabels(page: Page): Promise<string[]> {
  const nav = sideNav(page);
  await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
  const labels: string[] = [];
  for (const group of GROUPS) {
    if ((await nav.getByRole('button', { name: group.label, exact: true }).count()) > 0) labels.push(group.label);
  }
  return labels;
}

describe('layout and navigation (shell.md §2 Layout, §6)', () => {
  const e2e = useBrowser();

  /** Which guarded screens the app has: admin passes every guard, so a 404 means "no route". */
  let paths = new Set<string>();
  beforeAll(async () => {
    const probe = await signedInPage(e2e, 'admin');
    const candidates = [...GROUPS.flatMap((group) => group.entries.map((entry) => entry.path)), '/processor'];
    paths = await existingRoutes(probe, candidates);
    await probe.context().close();
  });

  for (const [user, host] of [
    ['editor', HOSTS.acmeHatch],
    ['viewer', HOSTS.acmeCustomerportal],
    ['admin', HOSTS.acmeHatch],
  ] as const) {
    it(`shows ${user} the navigation groups their permissions allow`, async () => {
      const page = await signedInPage(e2e, user, host);
      const me = await validatedUser(page);
      const allowed = (ability?: string) => me.admin || ability === undefined || me.abilities.includes(ability);
      const expected = GROUPS.filter(
        (group) =>
          (!('adminOnly' in group) || me.admin) &&
          group.entries.some(
            (entry) => paths.has(entry.path) && allowed('ability' in entry ? entry.ability : undefined),
          ),
      ).map((group) => group.label);

      expect(await navGroupLabels(page)).toEqual(expected);
      if (!me.admin) expect(expected).not.toContain('Admin');
      const processor = sideNav(page).getByRole('link', { name: 'Processor' });
      const mayProcess = me.admin || PROCESSOR_ABILITIES.some((ability) => me.abilities.includes(ability));
      expect(await processor.count()).toBe(paths.has('/processor') && mayProcess && host === HOSTS.acmeHatch ? 1 : 0);
      // The viewer holds no update ability: nothing of theirs needs one.
      if (user === 'viewer') expect(me.abilities.filter((ability) => ability.startsWith('update-'))).toEqual([]);

      for (const label of expected) {
        await sideNav(page).getByRole('button', { name: label, exact: true }).click();
      }
      await page.getByRole('navigation', { name: 'Side navigation' }).getByText('Language').waitFor();
      await checkScreen(page, `layout-${user}`);
    });
  }

  it('closes the avatar and platform menus on an outside click', async () => {
    const page = await signedInPage(e2e, 'editor');
    await page.getByRole('button', { name: 'Account menu of Eddie Editor' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByText(DEMO_USERS.editor.email).waitFor();
    await checkScreen(page, 'avatar-menu-open');
    await page.getByRole('heading', { name: DEMO_USERS.editor.name, level: 1 }).click();
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /Switch platform/ }).click();
    await menu.getByRole('menuitem', { name: 'Designs and Sales' }).waitFor();
    await checkScreen(page, 'platform-menu-open');
    await page.mouse.click(900, 600);
    await menu.waitFor({ state: 'hidden' });
  });

  it('closes an open menu when the route changes', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await page.goto(e2e.url(HOSTS.acmeHatch, '/unauthorized'));
    await page.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }).click();
    await expectDashboard(page, DEMO_USERS.editor.name);

    await page.getByRole('button', { name: 'Account menu of Eddie Editor' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.goBack(); // a route change without any click outside the menu
    await waitForPath(page, '/unauthorized');
    await menu.waitFor({ state: 'hidden' });
  });

  it('reaches the menu toggle with Tab and works the avatar menu with Enter, Space and Escape', async () => {
    const page = await signedInPage(e2e, 'editor');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const avatar = page.getByRole('button', { name: 'Account menu of Eddie Editor' });
    const tabUntil = async (target: Locator, maxPresses: number) => {
      for (let presses = 0; presses < maxPresses && !(await isFocused(target)); presses++) {
        await page.keyboard.press('Tab');
      }
      return isFocused(target);
    };

    expect(await tabUntil(toggle, 4), 'Tab reaches the menu toggle within 4 presses').toBe(true);
    const navbar = page.locator('#app-navbar');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => navbar.evaluate((element) => element.getBoundingClientRect().right <= 0)).toBe(true);
    await checkScreen(page, 'layout-navigation-collapsed');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');

    expect(await tabUntil(avatar, 12), 'Tab reaches the avatar menu button').toBe(true);
    await page.keyboard.press('Enter');
    const menu = await focusedMenu(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(avatar), { message: 'focus returns to the avatar button' }).toBe(true);
    await page.keyboard.press('Space');
    await focusedMenu(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await avatar.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows "..." while logging out, then returns to /login signed out', async () => {
    const page = await signedInPage(e2e, 'editor');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v2/logout', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Account menu of Eddie Editor' }).click();
    await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    await page.getByRole('menuitem', { name: '...', exact: true }).waitFor();
    await checkScreen(page, 'logout-running');
    release();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.unroute('**/v2/logout');
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('remember_session');
    await page.goto(e2e.url(HOSTS.acmeHatch, '/'));
    await waitForPath(page, '/login');
    await waitForSignedInFrame(page, DEMO_USERS.editor.name).then(
      () => expect.fail('still signed in after logout'),
      () => undefined,
    );
  });
});
