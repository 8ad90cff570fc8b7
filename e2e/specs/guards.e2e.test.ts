import { describe, expect, it } from 'vitest';
import { existingRoutes, NOT_FOUND_TITLE } from '../support/app.ts';
import { checkScreen } from '../support/artifacts.ts';
import { pathOf, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';

/** Admin-only paths of shell.md §2, in the order the app is expected to gain them. */
const ADMIN_ONLY_PATHS = [
  '/admin/users',
  '/admin/companies',
  '/admin/maintenance',
  '/admin/changelog_items',
  '/admin/issue_report',
  '/admin/feedback_report',
  '/faq/create',
  '/tools/downloads/create',
];

describe('route guards (shell.md §2, §6)', () => {
  const e2e = useBrowser();

  it('sends a user without any licence to /portal', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'nolicence');
    await waitForPath(page, '/portal');
    await page.getByRole('heading', { name: 'Choose your platform' }).waitFor();
    await page.getByText('Your account has no licence for any platform. Please contact your administrator.').waitFor();
    await checkScreen(page, 'portal-nolicence');
    // The guard holds on every signed-in route, not only after sign-in.
    await page.goto(e2e.url(HOSTS.acmeHatch, '/'));
    await waitForPath(page, '/portal');
  });

  it('sends viewer (design_and_sales only) to /portal on hatch and to the dashboard on customerportal', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'viewer');
    await waitForPath(page, '/portal');
    await page.getByText('Your account has no licence for Preparation & Content.').waitFor();
    const link = page.getByRole('link', { name: 'Designs and Sales' });
    expect(await link.getAttribute('href')).toBe(e2e.url(HOSTS.acmeCustomerportal, '/'));
    await checkScreen(page, 'portal-viewer-on-hatch');

    await link.click();
    await expectDashboard(page, DEMO_USERS.viewer.name);
    expect(new URL(page.url()).hostname).toBe('customerportal-acme.meshport.localhost');
    await checkScreen(page, 'dashboard-viewer-customerportal');
  });

  it('sends editor to /unauthorized on an admin-only route', async (context) => {
    // Probe with admin (passes every guard) which admin-only screens the app has so far.
    const probe = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(probe, 'admin');
    await waitForSignedInFrame(probe, DEMO_USERS.admin.name);
    const existing = await existingRoutes(probe, ADMIN_ONLY_PATHS);
    const adminPath = ADMIN_ONLY_PATHS.find((path) => existing.has(path));
    if (!adminPath) {
      context.skip(`apps/web has none of the admin-only routes yet (${ADMIN_ONLY_PATHS.join(', ')})`);
      return;
    }

    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await page.goto(e2e.url(HOSTS.acmeHatch, adminPath));
    await waitForPath(page, '/unauthorized');
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await checkScreen(page, 'unauthorized-editor');
  });

  it('shows the /unauthorized screen inside the signed-in layout with a way home', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await page.goto(e2e.url(HOSTS.acmeHatch, '/unauthorized'));
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await checkScreen(page, 'unauthorized-screen');
    await page.getByRole('main').getByRole('link', { name: 'Go to the dashboard' }).click();
    await expectDashboard(page, DEMO_USERS.editor.name);
  });

  it('shows "404 | Page Not Found" with the tenant logo for an unknown path, and Back leaves it', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await expectDashboard(page, DEMO_USERS.editor.name);
    await page.goto(e2e.url(HOSTS.acmeHatch, '/no/such/page'));
    await page.getByRole('heading', { name: NOT_FOUND_TITLE }).waitFor();
    expect(await page.getByRole('img', { name: 'Tenant Logo' }).count()).toBe(1);
    expect(pathOf(page)).toBe('/no/such/page');
    await checkScreen(page, 'not-found-signed-in');
    await page.getByRole('button', { name: 'Back' }).click();
    await expectDashboard(page, DEMO_USERS.editor.name);
  });

  it('shows the not-found screen to signed-out visitors too; Back returns to /login', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await page.goto(e2e.url(HOSTS.acmeHatch, '/does-not-exist'));
    await page.getByRole('heading', { name: NOT_FOUND_TITLE }).waitFor();
    expect(await page.getByRole('img', { name: 'Tenant Logo' }).count()).toBe(1);
    await checkScreen(page, 'not-found-signed-out');
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/login');
  });

  it('shows the not-found screen for a host whose company does not exist', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await page.goto(`http://hatch-nosuchcompany.meshport.localhost:${e2e.port}/login`);
    await page.getByRole('heading', { name: NOT_FOUND_TITLE }).waitFor();
    await checkScreen(page, 'not-found-unknown-tenant');
  });
});
