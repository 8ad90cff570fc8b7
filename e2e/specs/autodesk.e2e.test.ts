import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForSignedInFrame } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { type RunningServer, startServer } from '../support/e2e-server.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { type RunningOAuthServer, startOAuthServer } from '../support/oauth-server.ts';

const SETTINGS = '/user/profile?tab=settings';

/** Clicks Connect and follows the round trip through the provider back to My Account's Settings tab. */
async function connectThroughProvider(page: Page, connect: Locator): Promise<URL> {
  const callback = page.waitForResponse((response) => response.url().includes('/v2/autodesk/oauth/callback'));
  await connect.click();
  await callback;
  await page.waitForURL((url) => url.pathname === '/user/profile' && url.searchParams.get('tab') === 'settings');
  await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();
  return new URL(page.url());
}

/*
 * The Autodesk integration (issue 13 item 2) against a real OAuth 2 server standing in for
 * Autodesk: a server of its own, configured with that provider (the shared server has no client).
 */
describe('Autodesk integration through an OAuth 2 provider', () => {
  const e2e = useBrowser();
  let provider: RunningOAuthServer | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    provider = await startOAuthServer();
    server = await startServer({ label: 'autodesk', webDist: inject('e2eServer').webDist, env: provider.env });
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.stop();
  });

  const port = () => {
    if (!server) throw new Error('the Autodesk server did not start');
    return server.port;
  };

  it('editor connects through the provider, returns to the Settings tab connected, and disconnects', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login', { port: port() });
    await signIn(page, 'editor');
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await page.getByText('Autodesk account not connected').waitFor();
    await checkScreen(page, 'autodesk-dashboard-warning');

    await page.goto(e2e.url(HOSTS.acmeHatch, SETTINGS, port()));
    const card = page.getByRole('region', { name: 'Autodesk integration' });
    await card.getByText('Not connected', { exact: true }).waitFor();
    await checkScreen(page, 'autodesk-card-disconnected');

    const back = await connectThroughProvider(page, card.getByRole('button', { name: 'Connect to Autodesk' }));
    expect(back.hostname).toBe(`${HOSTS.acmeHatch}.meshport.localhost`);
    expect(back.searchParams.has('autodesk_error')).toBe(false);
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText('Your Autodesk account is connected.').waitFor();
    await checkScreen(page, 'autodesk-card-connected');

    // the dashboard's warning is gone now that the grant is stored
    await page.goto(e2e.url(HOSTS.acmeHatch, '/', port()));
    await expectDashboard(page, DEMO_USERS.editor.name);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Autodesk account not connected').count()).toBe(0);

    await page.goto(e2e.url(HOSTS.acmeHatch, SETTINGS, port()));
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await card.getByText('Not connected', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Connect to Autodesk' }).waitFor();
  });

  it('says why when the person refuses at the provider, and the message can be dismissed', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login', { port: port() });
    await signIn(page, 'admin');
    await page.goto(e2e.url(HOSTS.acmeHatch, SETTINGS, port()));
    const card = page.getByRole('region', { name: 'Autodesk integration' });
    provider?.denyNext();
    const back = await connectThroughProvider(page, card.getByRole('button', { name: 'Connect to Autodesk' }));
    expect(back.searchParams.get('autodesk_error')).toBe('denied');
    const notice = card.getByRole('alert').filter({ hasText: 'Your Autodesk account was not connected' });
    await notice.getByText('You did not allow Meshport to use your Autodesk account.').waitFor();
    await card.getByText('Not connected', { exact: true }).waitFor();
    await checkScreen(page, 'autodesk-card-denied');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('tab')).toBe('settings');
  });
});
