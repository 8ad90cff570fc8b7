import { type ApiClient, designEndpoints, projectModelEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser } from '../support/browser.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { confirm, rowAction, seeBanner } from '../support/list-actions.ts';

/**
 * Issue 30, item 3: the salesperson on customerportal configures a demo kitchen, saves it as a
 * design, finds it on the project overview with the server's preview, opens it again exactly and
 * stars it.
 */

const ISLAND = 'Island with Breakfast Bar';
const PORTAL = HOSTS.acmeCustomerportal;
const READY_TIMEOUT_MS = 120_000;

/** The demo kitchen once processed with its slots (the demo loader processes it at start). */
async function islandModel(api: ApiClient): Promise<{ id: number; project_id: number }> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const models = (await api.call(projectModelEndpoints.list, { query: { per_page: 100 } })).data;
    const island = models.find((row) => row.name === ISLAND && row.status === 'FINISHED');
    if (island) {
      const slots = (await api.call(projectModelEndpoints.materialSlots, { params: { id: island.id } })).data;
      if (slots.some((slot) => slot.materials.length > 1)) return island;
    }
    if (Date.now() > deadline) throw new Error(`${ISLAND} is not FINISHED with its slots`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** The material names chosen in the configurator, per slot name. */
async function shownChoice(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const group of document.querySelectorAll('[role="group"][aria-label]')) {
      const pressed = group.querySelector('button[aria-pressed="true"]');
      if (pressed) out[group.getAttribute('aria-label') ?? ''] = pressed.getAttribute('data-finish') ?? '';
    }
    return out;
  });
}

describe('designs', () => {
  const e2e = useBrowser();

  it('saves a configured kitchen as a design on customerportal, lists it with a preview, reopens it exactly, stars it', async () => {
    const api = apiClient(e2e.port, PORTAL, await apiLogin(e2e.port, PORTAL, 'sales'));
    const island = await islandModel(api);
    const name = `Island design ${Date.now().toString(36)}`;

    const page = await e2e.openPage(PORTAL, '/login', { webgl: true });
    await signIn(page, 'sales');
    await page.getByRole('button', { name: `Account menu of ${DEMO_USERS.sales.name}` }).waitFor();
    await page.goto(e2e.url(PORTAL, `/projects/models/overview/${island.id}`));
    await page.getByRole('heading', { name: ISLAND, level: 1 }).waitFor();
    await page.locator('[data-viewer][data-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });

    // Choose another finish in the first slot that offers one.
    const group = page.locator('[role="group"][aria-label]').first();
    const finish = await group
      .locator('button[aria-pressed="false"][data-finish]:not([data-finish=""])')
      .first()
      .getAttribute('data-finish');
    const other = group.locator(`button[data-finish="${finish}"]`);
    await other.click();
    await expect.poll(() => other.getAttribute('aria-pressed')).toBe('true');
    const chosen = await shownChoice(page);

    // Save as design: a name is asked for, beside its field.
    await page.getByRole('button', { name: 'Save as design' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as design' });
    await dialog.getByRole('button', { name: 'Save design' }).click();
    await dialog.getByText('Give the design a name.').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await checkScreen(page, 'designs-save-dialog');
    await dialog.getByRole('button', { name: 'Save design' }).click();
    await page.waitForURL((url) => url.searchParams.has('design'));
    const designId = Number(new URL(page.url()).searchParams.get('design'));
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await shownChoice(page)).toEqual(chosen);

    // The server renders its preview.
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      const design = (await api.call(designEndpoints.get, { params: { id: designId } })).data;
      if (design.preview_status === 'ready') break;
      expect(design.preview_status).not.toBe('failed');
      if (Date.now() > deadline) throw new Error('the design preview was not rendered');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    // Listed on the project overview with that preview, the model, who and when.
    await page.goto(e2e.url(PORTAL, `/projects/overview/${island.project_id}`));
    const section = page.getByRole('region', { name: 'Designs' });
    const card = section.locator('li[data-row]', { hasText: name }).first();
    await card.waitFor();
    await card.getByText(`Model: ${ISLAND}`).waitFor();
    await card.getByText(DEMO_USERS.sales.name, { exact: false }).waitFor();
    await card.locator(`img[src*="/v2/projects/designs/${designId}/preview-image"]`).waitFor();
    await expect
      .poll(() =>
        card
          .locator('img[src*="/preview-image"]')
          .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      )
      .toBe(true);

    // The star, as projects have it on customerportal.
    const star = card.getByRole('button', { name: `Favourite ${name}` });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await api.call(designEndpoints.get, { params: { id: designId } })).data.is_favorited)
      .toBe(true);
    await checkScreen(page, 'designs-project-overview');

    // Opened again: exactly its choices.
    await card.getByRole('link').first().click();
    await page.waitForURL((url) => url.searchParams.get('design') === String(designId));
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.locator('[data-viewer][data-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });
    expect(await shownChoice(page)).toEqual(chosen);
    await checkScreen(page, 'designs-reopened');

    // Save changes (update-designs): another finish in the same slot, saved on the design.
    const saveChanges = page.getByRole('button', { name: 'Save changes' });
    expect(await saveChanges.isDisabled()).toBe(true);
    const next = await group
      .locator('button[aria-pressed="false"][data-finish]:not([data-finish=""])')
      .first()
      .getAttribute('data-finish');
    await group.locator(`button[data-finish="${next}"]`).click();
    await saveChanges.click();
    await expect
      .poll(async () => {
        const design = (await api.call(designEndpoints.get, { params: { id: designId } })).data;
        return design.choices.map((choice) => choice.material);
      })
      .toContain(next);
  });

  it('lets the editor on hatch delete a design, after a confirmation', async () => {
    const hatch = HOSTS.acmeHatch;
    const api = apiClient(e2e.port, hatch, await apiLogin(e2e.port, hatch, 'editor'));
    const island = await islandModel(api);
    const name = `Design to delete ${Date.now().toString(36)}`;
    await api.call(designEndpoints.create, { body: { name, project_model_id: island.id, choices: [] } });

    const page = await e2e.openPage(hatch, '/login');
    await signIn(page, 'editor');
    await page.getByRole('button', { name: `Account menu of ${DEMO_USERS.editor.name}` }).waitFor();
    await page.goto(e2e.url(hatch, `/projects/overview/${island.project_id}`));
    const section = page.getByRole('region', { name: 'Designs' });
    await section.locator('li[data-row]', { hasText: name }).waitFor();
    await rowAction(page, section, name, 'Delete');
    await confirm(page, `Delete the design ${name}? This cannot be undone.`, 'Delete');
    await seeBanner(page, `Design ${name} deleted`);
    await section.locator('li[data-row]', { hasText: name }).waitFor({ state: 'detached' });
  });
});
