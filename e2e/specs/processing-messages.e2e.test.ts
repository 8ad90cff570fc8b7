import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser } from '../support/browser.ts';
import { HOSTS } from '../support/hosts.ts';
import { TEXTS } from '../support/processor.ts';
import { apiCreateItem } from '../support/uploads.ts';

const HOST = HOSTS.acmeHatch;
const texts = TEXTS.nl;

/** An FBX 6.1 (2009) file: refused at inspect with a coded message (decision 0038). */
function oldFbx(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'meshport-e2e-fbx-')), 'old.fbx');
  writeFileSync(file, ['; FBX 6.1.0 project file', 'FBXHeaderExtension:  {', '\tFBXVersion: 6100', '}', ''].join('\n'));
  return file;
}

const DUTCH =
  'Het bestand is FBX 6.1, van vóór 2011, en kan niet worden gelezen: exporteer het opnieuw als FBX 2013 of nieuwer';

describe('processing messages in the reader language (decision 0038)', () => {
  const e2e = useBrowser();

  it('shows why an FBX 6.1 file failed in Dutch on its card, live and after a reload, and in its events', async () => {
    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, 'editor');
    await page.goto(e2e.url(HOST, '/processor?lng=nl'));
    await page.getByRole('heading', { name: texts.heading, level: 1 }).waitFor();
    await page.getByRole('tab', { name: texts.tabs[1], exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('list').first().waitFor();

    const name = `E2E FBX 6.1 ${Date.now().toString(36)}`;
    const token = await apiLogin(e2e.port, HOST, 'editor');
    const item = await apiCreateItem(
      apiClient(e2e.port, HOST, token),
      { port: e2e.port, host: HOST, token },
      { name, file: oldFbx() },
    );
    await panel.getByRole('searchbox', { name: texts.search }).fill(name);
    const card = (at: Page): Locator =>
      at
        .getByRole('tabpanel')
        .getByRole('listitem')
        .filter({ has: at.getByRole('button', { name: texts.actionsFor(name), exact: true }) });
    await expect
      .poll(() => card(page).locator('.mantine-Badge-label').textContent(), { timeout: 60_000 })
      .toBe('Mislukt');
    await expect.poll(() => card(page).getByTestId('latest-event').textContent()).toBe(DUTCH);

    await page.reload();
    await panel.getByRole('searchbox', { name: texts.search }).fill(name);
    await expect.poll(() => card(page).getByTestId('latest-event').textContent(), { timeout: 20_000 }).toBe(DUTCH);
    await checkScreen(page, 'processing-message-card-nl');

    // The item's page: its latest event and the events table.
    await page.goto(e2e.url(HOST, `/libraries/items/overview/${item.id}?lng=nl`));
    await page.getByRole('cell', { name: DUTCH, exact: true }).waitFor();
    await checkScreen(page, 'processing-message-events-nl');
  });
});
