import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rootCssVariable } from '../support/app.ts';
import { checkScreen } from '../support/artifacts.ts';
import { pathOf, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { DEMO_USERS, HOSTS, type Host } from '../support/hosts.ts';

/** shell.md §1 platform colours; acme has its own brand colour (demo data), globex uses 'default'. */
const PRIMARY: Record<Host, string> = {
  [HOSTS.acmeHatch]: '#B4441C',
  [HOSTS.acmeCustomerportal]: '#B4441C',
  [HOSTS.globexHatch]: '#275953',
  [HOSTS.globexCustomerportal]: '#634196',
};

function rgbOf(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

async function expectPrimaryColour(page: Page, host: Host): Promise<void> {
  await expect.poll(async () => (await rootCssVariable(page, '--primary-color')).toUpperCase()).toBe(PRIMARY[host]);
  const [r, g, b] = rgbOf(PRIMARY[host]).match(/\d+/g) ?? [];
  expect(await rootCssVariable(page, '--primary-rgb')).toMatch(new RegExp(`^${r},\\s*${g},\\s*${b}$`));
}

/** The platform switcher showing the current platform `label`. */
function platformButton(page: Page, label: string) {
  return page.getByRole('button', { name: /Switch platform/ }).filter({ hasText: label });
}

/** The tenant switcher showing the current company `name`. */
function companyButton(page: Page, name: string) {
  return page.getByRole('button', { name: /Switch company/ }).filter({ hasText: name });
}

describe('tenants and platforms (shell.md §1, §2 Layout, §4 Tenant)', () => {
  const e2e = useBrowser();

  for (const host of Object.values(HOSTS)) {
    it(`applies the primary colour ${PRIMARY[host]} on ${host}`, async () => {
      const page = await e2e.openPage(host, '/login');
      const login = page.getByRole('button', { name: 'Login', exact: true });
      await login.waitFor();
      await expectPrimaryColour(page, host);
      // The theme really paints with it: the primary button's background.
      expect(await login.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgbOf(PRIMARY[host]));
      await checkScreen(page, `colours-login-${host}`);
    });
  }

  it('keeps editor signed in on the same path when switching from hatch to customerportal', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await page.goto(e2e.url(HOSTS.acmeHatch, '/unauthorized'));
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    await platformButton(page, 'Preparation & Content').click();
    const target = page.getByRole('menuitem', { name: 'Designs and Sales' });
    expect(await target.getAttribute('href')).toBe(e2e.url(HOSTS.acmeCustomerportal, '/unauthorized'));
    await target.click();
    await page.waitForURL((url) => url.hostname.startsWith('customerportal-acme.'));
    await waitForSignedInFrame(page, DEMO_USERS.editor.name);
    expect(pathOf(page)).toBe('/unauthorized');
    await platformButton(page, 'Designs and Sales').waitFor();
    await expectPrimaryColour(page, HOSTS.acmeCustomerportal);
    await checkScreen(page, 'platform-switched-customerportal');
  });

  it('lists only licensed platforms: viewer sees Designs and Sales alone', async () => {
    const page = await e2e.openPage(HOSTS.acmeCustomerportal, '/login');
    await signIn(page, 'viewer');
    await waitForSignedInFrame(page, DEMO_USERS.viewer.name);
    await platformButton(page, 'Designs and Sales').click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(['Designs and Sales']);
  });

  it('keeps admin signed in when switching tenant from acme to globex', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'admin');
    await waitForSignedInFrame(page, DEMO_USERS.admin.name);
    await companyButton(page, 'Acme Kitchens').click();
    const globex = page.getByRole('menuitem', { name: 'Globex Interiors' });
    expect(await globex.getAttribute('href')).toBe(e2e.url(HOSTS.globexHatch, '/'));
    await checkScreen(page, 'tenant-menu-open');
    await globex.click();
    await page.waitForURL((url) => url.hostname.startsWith('hatch-globex.'));
    await waitForSignedInFrame(page, DEMO_USERS.admin.name);
    await waitForPath(page, '/');
    await companyButton(page, 'Globex Interiors').waitFor();
    await expectPrimaryColour(page, HOSTS.globexHatch);
    await checkScreen(page, 'tenant-switched-globex');
  });
});
