import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForSignedInFrame } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';

/** A page on another site (127.0.0.1 is not meshport.localhost) that links to the sign-out call. */
function otherSite(target: string): http.Server {
  return http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><title>Another site</title><main><h1>Another site</h1>` +
        `<a id="trap" href="${target}">Win a kitchen</a></main></html>`,
    );
  });
}

describe('a page on another site cannot act with the session (decision 0014)', () => {
  const e2e = useBrowser();
  let site: http.Server;
  let siteUrl: string;

  beforeAll(async () => {
    site = otherSite(e2e.url(HOSTS.acmeHatch, '/v2/logout'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('a sign-out link there is refused, and the user stays signed in', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await expectDashboard(page, DEMO_USERS.editor.name);

    await page.goto(siteUrl);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/v2/logout');
    await page.locator('#trap').click();
    const refused = await answer;
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Cross-site request refused.' });
    await screenshot(page, 'cross-site-logout-refused');

    await page.goto(e2e.url(HOSTS.acmeHatch, '/'));
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await expectDashboard(page, DEMO_USERS.editor.name);
  });
});
