import { type ApiClient, libraryItemEndpoints, projectEndpoints, projectModelEndpoints } from '@meshport/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { seeBanner } from '../support/list-actions.ts';
import { HAVE_SAMPLES, sample } from '../support/uploads.ts';
import { type CreatedMember, createMember } from '../support/users.ts';

/**
 * Units and up axis of files that state neither (issue 26 item 4, decision 0037): chosen on the
 * model and item forms and in the Reprocess dialog (overview and processor), and the real size
 * (W × D × H) that follows. The browser is en-US, so sizes show in inches (feet from 3 ft).
 */
const HOST = HOSTS.acmeHatch;
const stamp = Date.now().toString(36);
const SIZE = 'Size (W × D × H)';
const fileInput = (page: Page) => page.locator('input[type="file"][data-upload-purpose="model"]');

/** "6.23 × 8 × 3.3 in" → { sizes: [6.23, 8, 3.3], unit: 'in' }. */
function parseSize(text: string): { sizes: number[]; unit: string } {
  const match = /^([\d.,]+) × ([\d.,]+) × ([\d.,]+)\s*(\S+)$/.exec(text.trim());
  if (!match) return { sizes: [], unit: text };
  return { sizes: match.slice(1, 4).map((value) => Number(value.replaceAll(',', ''))), unit: match[4] ?? '' };
}

/** Whether a shown size is W × D × H within 3 % (the output's bounds, after simplification). */
function sizeIs(text: string | null, expected: number[], unit: string): boolean {
  const shown = parseSize(text ?? '');
  return (
    shown.unit === unit &&
    shown.sizes.length === 3 &&
    shown.sizes.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 0.03 * (expected[index] ?? 0))
  );
}

/** Waits until `size` shows W × D × H of `expected` in `unit` (processing, and a live update, come first). */
async function expectSize(size: Locator, expected: number[], unit: string, timeout = 90_000): Promise<void> {
  await expect
    .poll(() => size.textContent().catch(() => null), { timeout })
    .toSatisfy((text: string | null) => sizeIs(text, expected, unit));
}

/** Picks an option of a Mantine Select by its label. */
async function choose(scope: Locator | Page, page: Page, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const selected = (scope: Locator | Page, label: string) =>
  scope.getByRole('combobox', { name: label, exact: true }).inputValue();

describe('units and up axis (issue 26 item 4)', () => {
  const e2e = useBrowser();
  let api: ApiClient;
  let projectId = 0;
  const projectName = `E2E Placement ${stamp}`;

  beforeAll(async () => {
    api = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, 'editor'));
    projectId = (await api.call(projectEndpoints.create, { body: { name: projectName } })).data.id;
  });

  /** Signed in as `editor`, or as `member` (a test that switches the language keeps it on its own account). */
  async function signedIn(pathname: string, member?: CreatedMember): Promise<Page> {
    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, member ?? 'editor');
    const name = member ? `E2E ${member.username}` : DEMO_USERS.editor.name;
    await page.getByRole('button', { name: `Account menu of ${name}` }).waitFor();
    await page.goto(e2e.url(HOST, pathname));
    return page;
  }

  const figureSize = (page: Page) =>
    page.locator(`xpath=//dt[normalize-space()="${SIZE}"]/following-sibling::dd[1]/p[1]`);

  it.skipIf(!HAVE_SAMPLES)(
    'a model from an STL in inches, Z up, shows its real size; reprocessed in cm, Y up, the size changes live',
    async () => {
      const name = `E2E Spider ${stamp}`;
      const page = await signedIn(`/projects/models/create/${projectId}`);
      await page.getByRole('heading', { name: 'New Model', level: 1 }).waitFor();
      await fileInput(page).setInputFiles(sample('STL/Spider_binary.stl'));
      await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole('textbox', { name: /^Name/ }).fill(name);
      // The format's default until chosen.
      expect(await selected(page, 'Units in the file')).toBe("The format's default");
      await choose(page, page, 'Units in the file', 'Inches (in)');
      await choose(page, page, 'Up axis', 'Z up');
      await checkScreen(page, 'placement-model-create');
      await page.getByRole('button', { name: 'Save' }).click();
      // Opened from the project: back to it (issue 31).
      await waitForPath(page, `/projects/overview/${projectId}`);

      const found = await api.call(projectModelEndpoints.list, { query: { filter: { search: name } } });
      const model = found.data[0];
      if (!model) throw new Error(`${name} was not made`);
      const made = await api.call(projectModelEndpoints.get, { params: { id: model.id } });
      expect(made.data).toMatchObject({ name, units: 'in', up_axis: 'z' });
      await page.goto(e2e.url(HOST, `/projects/models/overview/${model.id}`));
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      // STL file X 6.23, Y 8, Z 3.3 in inches; Z up: the file's Y is the depth, its Z the height.
      await expectSize(figureSize(page), [6.23, 8, 3.3], 'in');
      await page.getByText('Units and axis as set').waitFor();
      await checkScreen(page, 'placement-model-overview-inches');

      // The dialog starts from the record's choice, and is used by keyboard.
      await page.getByRole('button', { name: 'Reprocess', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Reprocess ${name}` });
      await dialog.getByText(`Reprocessing ${name} overwrites its existing geometry.`, { exact: false }).waitFor();
      expect(await selected(dialog, 'Units in the file')).toBe('Inches (in)');
      expect(await selected(dialog, 'Up axis')).toBe('Z up');
      expect(
        await dialog
          .getByRole('button', { name: 'Cancel', exact: true })
          .filter({ hasText: 'Cancel' })
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await checkScreen(page, 'placement-reprocess-dialog');

      // A 422 of the server shows beside its field (the answer stands in for the server here: the
      // dialog offers valid values only); nothing else changes.
      await page.route('**/projects/models/*/reprocess', (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'The given data was invalid.',
            errors: { up_axis: ["Must be one of y, z (or null: the format's default)."] },
          }),
        }),
      );
      await dialog.getByRole('button', { name: 'Reprocess', exact: true }).click();
      await dialog.getByText("Must be one of y, z (or null: the format's default).").waitFor();
      expect(await dialog.getByRole('combobox', { name: 'Up axis', exact: true }).getAttribute('aria-invalid')).toBe(
        'true',
      );
      await checkScreen(page, 'placement-reprocess-dialog-422');
      await page.unroute('**/projects/models/*/reprocess');

      // Keyboard: open the units list, move to Centimetres, choose it.
      const units = dialog.getByRole('combobox', { name: 'Units in the file', exact: true });
      await units.focus();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('option', { name: 'Centimetres (cm)', exact: true }).waitFor();
      for (let step = 0; step < 6 && (await selected(dialog, 'Units in the file')) !== 'Centimetres (cm)'; step++) {
        const active = page.locator('[role="option"][data-combobox-selected]');
        if ((await active.textContent().catch(() => '')) === 'Centimetres (cm)') await page.keyboard.press('Enter');
        else await page.keyboard.press('ArrowUp');
      }
      expect(await selected(dialog, 'Units in the file')).toBe('Centimetres (cm)');
      await choose(dialog, page, 'Up axis', 'Y up');
      await dialog.getByRole('button', { name: 'Reprocess', exact: true }).click();
      await seeBanner(page, 'Reprocessing started...');
      await dialog.waitFor({ state: 'detached' });
      // cm, Y up: 6.23 × 3.3 × 8 cm = 2.45 × 1.3 × 3.15 in, on the same page without a reload.
      await expectSize(figureSize(page), [2.45, 1.3, 3.15], 'in');
      await checkScreen(page, 'placement-model-overview-reprocessed');
      const saved = await api.call(projectModelEndpoints.get, { params: { id: model.id } });
      expect(saved.data).toMatchObject({ units: 'cm', up_axis: 'y' });
    },
    240_000,
  );

  it.skipIf(!HAVE_SAMPLES)(
    'an item from an OBJ in cm shows its size; reprocessed from the processor card in inches, the card and the overview follow',
    async () => {
      const name = `E2E Placement Box ${stamp}`;
      const member = await createMember(e2e.port, HOST, {
        username: `placement-${stamp}`,
        roleTitle: 'Editor',
        licences: ['hatch', 'design_and_sales'],
      });
      const page = await signedIn('/libraries/items/create', member);
      await page.getByRole('heading', { name: 'New Items', level: 1 }).waitFor();
      await fileInput(page).setInputFiles(sample('OBJ/box.obj'));
      // The upload names the item after its file once it is done; typing before that would race the name it sets.
      const nameBox = page.getByRole('textbox', { name: /^Name/ });
      await expect.poll(() => nameBox.inputValue(), { timeout: 30_000 }).toBe('box');
      await nameBox.fill(name);
      await choose(page, page, 'Units in the file', 'Centimetres (cm)');
      await checkScreen(page, 'placement-item-create');
      await page.getByRole('button', { name: 'Save' }).click();
      // One new item from no library: it opens (issue 31).
      await page.waitForURL((url) => url.pathname.startsWith('/libraries/items/overview/'), { waitUntil: 'commit' });

      const found = await api.call(libraryItemEndpoints.list, { query: { filter: { search: name } } });
      const item = found.data[0];
      if (!item) throw new Error(`${name} was not made`);
      const made = await api.call(libraryItemEndpoints.get, { params: { id: item.id } });
      expect(made.data).toMatchObject({ name, units: 'cm', up_axis: null });

      // The processor's Items tab: the card shows the size (a 1-unit cube in cm: 0.39 in).
      await page.goto(e2e.url(HOST, '/processor'));
      await page.getByRole('tab', { name: 'Items' }).click();
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('searchbox', { name: 'Search' }).fill(name);
      const card = panel
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Actions for ${name}`, exact: true }) });
      await expectSize(card.getByTestId('card-dimensions'), [0.39, 0.39, 0.39], 'in');

      await card.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Reprocess', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Reprocess ${name}` });
      expect(await selected(dialog, 'Units in the file')).toBe('Centimetres (cm)');
      expect(await selected(dialog, 'Up axis')).toBe("The format's default");
      await choose(dialog, page, 'Units in the file', 'Inches (in)');
      await checkScreen(page, 'placement-processor-reprocess-dialog');
      await dialog.getByRole('button', { name: 'Reprocess', exact: true }).click();
      await seeBanner(page, 'Reprocessing started...');
      await expectSize(card.getByTestId('card-dimensions'), [1, 1, 1], 'in');
      await checkScreen(page, 'placement-processor-card');

      await page.goto(e2e.url(HOST, `/libraries/items/overview/${item.id}`));
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await expectSize(figureSize(page), [1, 1, 1], 'in', 30_000);
      await checkScreen(page, 'placement-item-overview');

      // In Dutch; Escape closes the dialog without reprocessing.
      await page.getByRole('group', { name: 'Language' }).getByText('Nederlands').click();
      await page.getByRole('group', { name: 'Taal' }).waitFor();
      await page.getByRole('button', { name: 'Opnieuw verwerken', exact: true }).click();
      const dutch = page.getByRole('dialog', { name: `${name} opnieuw verwerken` });
      await dutch
        .getByText(`Opnieuw verwerken van ${name} overschrijft de bestaande geometrie.`, { exact: false })
        .waitFor();
      expect(await selected(dutch, 'Eenheden in het bestand')).toBe('Inch (in)');
      expect(await selected(dutch, 'As omhoog')).toBe('Standaard van het formaat');
      await checkScreen(page, 'placement-reprocess-dialog-nl');
      await page.keyboard.press('Escape');
      await dutch.waitFor({ state: 'detached' });
      await page.getByRole('group', { name: 'Taal' }).getByText('English').click();
      await page.getByRole('group', { name: 'Language' }).waitFor();

      // The item form starts from the record's choice too.
      await page.goto(e2e.url(HOST, `/libraries/items/edit/${item.id}`));
      await page.getByRole('heading', { name: 'Edit Item', level: 1 }).waitFor();
      expect(await selected(page, 'Units in the file')).toBe('Inches (in)');
    },
    240_000,
  );
});
