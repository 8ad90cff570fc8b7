import type { Locator, Page } from 'playwright-core';

/** Waits for a banner (success: status, failure: alert) and closes it, so that the next one is new. */
export async function seeBanner(page: Page, text: string, role: 'status' | 'alert' = 'status'): Promise<void> {
  const banner = page.getByRole(role).filter({ has: page.getByText(text, { exact: true }) });
  await banner.waitFor();
  await banner.getByRole('button', { name: /^(Close|Sluiten)$/ }).click();
  await banner.waitFor({ state: 'detached' });
}

/** Opens a row's three-dot menu and picks an action. A list refetched while the menu is open redraws the row and
 * closes the menu; it is opened again then. */
export async function rowAction(page: Page, list: Locator, name: string, action: string): Promise<void> {
  const item = page.getByRole('menuitem', { name: action, exact: true });
  for (let attempt = 1; ; attempt += 1) {
    await list.getByRole('button', { name: `Actions for ${name}` }).click();
    try {
      await item.click({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** Answers a confirmation dialog that shows `text` with the button `button`. */
export async function confirm(page: Page, text: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Selects rows by name and runs an action of the list's Actions menu on them. */
export async function bulk(page: Page, list: Locator, names: string[], action: string): Promise<void> {
  for (const name of names) await list.getByRole('checkbox', { name: `Select ${name}` }).check();
  await list.getByRole('button', { name: 'Actions', exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
