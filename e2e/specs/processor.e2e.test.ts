import { type ApiClient, libraryItemEndpoints, projectEndpoints } from '@meshport/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { seeBanner } from '../support/list-actions.ts';
import { seenFor, statusSequence, TEXTS, type Texts, watchCards } from '../support/processor.ts';
import { apiCreateItem, apiCreateModel, HAVE_SAMPLES, heavyGridObj, sample } from '../support/uploads.ts';
import { type CreatedMember, createMember } from '../support/users.ts';

/** A name no other spec (or earlier run on the same server) uses. */
const suffix = Date.now().toString(36);
const HOST = HOSTS.acmeHatch;

describe('processor (content.md §2 Processor, §4 live updates)', () => {
  const e2e = useBrowser();

  /** The processor as `editor`, or as `member` (a spec that switches the language keeps it on its own account). */
  async function openProcessor(member?: CreatedMember): Promise<{ page: Page; api: ApiClient; token: string }> {
    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, member ?? 'editor');
    await page.goto(e2e.url(HOST, '/processor'));
    await page.getByRole('heading', { name: 'Processor', level: 1 }).waitFor();
    const token = await apiLogin(e2e.port, HOST, 'editor');
    return { page, api: apiClient(e2e.port, HOST, token), token };
  }

  async function acmeProjectId(api: ApiClient): Promise<number> {
    const projects = await api.call(projectEndpoints.list, { query: { per_page: 5 } });
    const first = projects.data[0];
    if (!first) throw new Error('acme has no project');
    return first.id;
  }

  const upload = (token: string) => ({ port: e2e.port, host: HOST, token });
  const panel = (page: Page) => page.getByRole('tabpanel');
  const cardOf = (page: Page, name: string, texts: Texts = TEXTS.en) =>
    panel(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: texts.actionsFor(name), exact: true }) });
  const badgeOf = (card: Locator) => card.locator('.mantine-Badge-label');

  async function search(page: Page, term: string, texts: Texts = TEXTS.en): Promise<void> {
    await panel(page).getByRole('searchbox', { name: texts.search }).fill(term);
  }

  /** Right-clicks the middle of the card's image; answers where. */
  async function rightClick(page: Page, card: Locator): Promise<{ x: number; y: number }> {
    const box = await card.locator('img, [class*="cardImage"]').first().boundingBox();
    if (!box) throw new Error('card without a box');
    const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    await page.mouse.click(point.x, point.y, { button: 'right' });
    return point;
  }

  it.skipIf(!HAVE_SAMPLES)(
    'shows new models arrive and process live, reprocesses one, and opens the context menu at the pointer',
    async () => {
      const { page, api, token } = await openProcessor();
      await panel(page).getByRole('list').first().waitFor();
      await watchCards(page);
      const projectId = await acmeProjectId(api);

      // Created after the page opened: three at once, so that some wait in the queue.
      const names = ['A', 'B', 'C'].map((letter) => `E2E Live ${suffix} ${letter}`);
      const files = ['OBJ/WusonOBJ.obj', 'PLY/Wuson.ply', 'Collada/duck.dae'];
      await Promise.all(
        names.map((name, index) =>
          apiCreateModel(api, upload(token), { projectId, name, file: sample(files[index] as string) }),
        ),
      );
      for (const name of names) {
        await expect.poll(() => badgeOf(cardOf(page, name)).textContent(), { timeout: 60_000 }).toBe('Finished');
      }
      expect(await page.evaluate(() => window.__notReloaded)).toBe(true);
      const sequences = await Promise.all(names.map(async (name) => statusSequence(await seenFor(page, name))));
      console.info(
        'status sequences seen:',
        JSON.stringify(Object.fromEntries(names.map((n, i) => [n, sequences[i]]))),
      );
      for (const sequence of sequences) {
        expect(sequence.at(-1)).toBe('Finished');
        expect(sequence.every((status) => ['Uploading', 'Queued', 'Processing', 'Finished'].includes(status))).toBe(
          true,
        );
      }
      // At least one of them was seen on its way before it finished.
      expect(sequences.some((sequence) => sequence.length > 1)).toBe(true);
      const finishedCard = cardOf(page, names[0] as string);
      await expect
        .poll(() => finishedCard.getByTestId('elapsed').textContent())
        .toMatch(/^(\d+ h( \d+ min)?|\d+ min( \d+ s)?|\d+ s)$/);
      await finishedCard.getByText(DEMO_USERS.editor.name).waitFor();
      await checkScreen(page, 'processor-models');

      // Reprocess from the three-dot menu: the warning first, then the banner and a new run.
      const target = names[1] as string;
      await watchCards(page);
      await cardOf(page, target)
        .getByRole('button', { name: `Actions for ${target}` })
        .click();
      await page.getByRole('menuitem', { name: 'Reprocess', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Reprocessing ${target} overwrites its existing geometry.`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Reprocess', exact: true }).click();
      await seeBanner(page, 'Reprocessing started...');
      await expect
        .poll(async () => statusSequence(await seenFor(page, target)).at(-1), { timeout: 60_000 })
        .toBe('Finished');
      const rerun = statusSequence(await seenFor(page, target));
      console.info('reprocess sequence seen:', JSON.stringify(rerun));
      expect(rerun.some((status) => status === 'Queued' || status === 'Processing')).toBe(true);

      // A running clock: an item whose processing takes seconds (a dense grid); while it is at work the seconds tick.
      const heavyName = `E2E Dense Grid ${suffix}`;
      await apiCreateItem(api, upload(token), { name: heavyName, file: heavyGridObj(600) });
      await page.getByRole('tab', { name: 'Items' }).click();
      await search(page, heavyName);
      const running = cardOf(page, heavyName).getByTestId('elapsed');
      await expect.poll(() => running.textContent(), { timeout: 60_000 }).toMatch(/\d/);
      const before = await running.textContent();
      await expect.poll(() => running.textContent(), { timeout: 5000 }).not.toBe(before);

      // Right-click: the same entries, at the pointer.
      await page.getByRole('tab', { name: 'Models' }).click();
      await search(page, `E2E Live ${suffix}`);
      await cardOf(page, target).waitFor();
      const point = await rightClick(page, cardOf(page, target));
      const menu = page.getByRole('menu', { name: `Actions for ${target}` });
      await menu.waitFor();
      const box = await menu.boundingBox();
      expect(Math.abs((box?.x ?? -100) - point.x)).toBeLessThan(12);
      expect(Math.abs((box?.y ?? -100) - point.y)).toBeLessThan(12);
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Reprocess', 'Edit', 'Delete']);
      await checkScreen(page, 'processor-context-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      // The keyboard: Shift+F10 on the focused card opens it below the card's link.
      await cardOf(page, target).getByRole('link').focus();
      await page.keyboard.press('Shift+F10');
      await menu.waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      // Edit from the context menu leads to the model's form with state 'processor'.
      await rightClick(page, cardOf(page, target));
      await menu.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/projects/models/edit/'), { waitUntil: 'commit' });
      expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toBe('processor');
    },
  );

  it.skipIf(!HAVE_SAMPLES)('cancels a queued item, archives and unarchives one, and shows a failed file', async () => {
    const { page, api, token } = await openProcessor();
    await page.getByRole('tab', { name: 'Items' }).click();
    await panel(page).getByRole('list').first().waitFor();
    await watchCards(page);

    // A hostile file ends FAILED with its message on the card.
    const hostile = `E2E Hostile ${suffix}`;
    await apiCreateItem(api, upload(token), { name: hostile, file: sample('invalid/malformed.obj') });
    await expect.poll(() => badgeOf(cardOf(page, hostile)).textContent(), { timeout: 60_000 }).toBe('Failed');
    const failure = await cardOf(page, hostile).getByTestId('latest-event').textContent();
    console.info('failure message on the card:', failure);
    expect(failure?.length ?? 0).toBeGreaterThan(5);

    // Cancel one while it waits: several at once keep the queue busy; retried with bigger files.
    let cancelled: string | null = null;
    const batches = [
      ['PLY/pond.0.ply', 'PLY/pond.0.ply', 'PLY/pond.0.ply', 'PLY/pond.0.ply'],
      ['Collada/COLLADA.dae', 'Collada/COLLADA.dae', 'PLY/pond.0.ply', 'PLY/pond.0.ply', 'Collada/COLLADA.dae'],
    ];
    for (const [round, files] of batches.entries()) {
      const names = files.map((_, index) => `E2E Queue ${suffix} ${round}-${index}`);
      await Promise.all(
        names.map((name, index) => apiCreateItem(api, upload(token), { name, file: sample(files[index] as string) })),
      );
      // The last one created waits longest.
      const name = names.at(-1) as string;
      const card = cardOf(page, name);
      await card.waitFor();
      const status = await badgeOf(card).textContent();
      if (status !== 'Queued' && status !== 'Processing') continue;
      await rightClick(page, card);
      const entry = page.getByRole('menu').getByRole('menuitem', { name: 'Cancel processing', exact: true });
      if (!(await entry.isVisible())) {
        await page.keyboard.press('Escape');
        continue;
      }
      await entry.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel processing', exact: true }).click();
      // Cancelled, or refused because it finished meanwhile (409: that banner names no record).
      const done = page.getByRole('status').filter({ hasText: `Processing of ${name} cancelled` });
      const refused = page.getByRole('alert').filter({ hasText: /cancel/i });
      await done.or(refused).first().waitFor();
      if ((await done.count()) === 0) {
        await refused.first().waitFor({ state: 'detached' });
        continue;
      }
      cancelled = name;
      break;
    }
    expect(cancelled, 'no item stayed in the queue long enough to cancel').not.toBeNull();
    await expect
      .poll(() => badgeOf(cardOf(page, cancelled as string)).textContent(), { timeout: 30_000 })
      .toBe('Cancelled');
    console.info('cancelled sequence:', JSON.stringify(statusSequence(await seenFor(page, cancelled as string))));
    await checkScreen(page, 'processor-items');

    // Archive and unarchive from the context menu.
    const keep = `E2E Keep ${suffix}`;
    await apiCreateItem(api, upload(token), { name: keep, file: sample('OBJ/box.obj') });
    await search(page, keep);
    await expect.poll(() => badgeOf(cardOf(page, keep)).textContent(), { timeout: 60_000 }).toBe('Finished');
    await rightClick(page, cardOf(page, keep));
    await page.getByRole('menu').getByRole('menuitem', { name: 'Archive', exact: true }).click();
    await seeBanner(page, `${keep} Archived...`);
    await expect.poll(() => badgeOf(cardOf(page, keep)).textContent()).toBe('Archived');
    await rightClick(page, cardOf(page, keep));
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Reprocess', 'Edit', 'Delete', 'Unarchive']);
    await menu.getByRole('menuitem', { name: 'Unarchive', exact: true }).click();
    await seeBanner(page, `${keep} Unarchived`);
    await expect.poll(() => badgeOf(cardOf(page, keep)).textContent()).toBe('Finished');
    const item = (
      await api.call(libraryItemEndpoints.list, { query: { filter: { search: keep }, per_page: 5 } })
    ).data.find((row) => row.name === keep);
    expect(item?.status).toBe('FINISHED');
  });

  it('opens the tab of the navigation state, keeps a chosen tab on reload, and links its buttons', async () => {
    const { page } = await openProcessor();
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await expect.poll(() => tab('Models').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('link', { name: 'New Model' }).getAttribute('href')).toBe('/projects/models/create');

    // Navigation state { tab: 2 } (as React Router stores it in the history entry).
    await page.evaluate(() => window.history.replaceState({ usr: { tab: 2 }, key: 'e2e', idx: 0 }, ''));
    await page.reload();
    await expect.poll(() => tab('Materials').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('link', { name: 'New Material' }).getAttribute('href')).toBe('/materials/create');
    expect(await page.getByRole('link', { name: 'Import', exact: true }).getAttribute('href')).toBe(
      '/materials/import',
    );
    await panel(page).getByRole('list').first().waitFor();
    await checkScreen(page, 'processor-materials');

    await tab('Items').click();
    await expect
      .poll(() => page.getByRole('link', { name: 'Import', exact: true }).getAttribute('href'))
      .toBe('/libraries/items/create');
    await page.reload();
    await expect.poll(() => tab('Items').getAttribute('aria-selected')).toBe('true');

    // Item card click opens its overview with state 'processor'.
    await search(page, 'Oak Worktop 3m');
    await cardOf(page, 'Oak Worktop 3m').getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/libraries/items/overview/'), { waitUntil: 'commit' });
    expect(await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr)).toBe('processor');
    await page.goBack();
    await waitForPath(page, '/processor');
  });

  it('says when live updates are paused and retries on request', async () => {
    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, 'editor');
    // No realtime connection: the socket and its polling fallback are refused.
    let refused = true;
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      if (refused) socket.close();
      else socket.connectToServer();
    });
    await page.route(/\/socket\.io\//, (route) => (refused ? route.abort() : route.continue()));
    await page.goto(e2e.url(HOST, '/processor'));
    const notice = page.getByRole('status').filter({ hasText: 'Live updates paused — reconnecting…' });
    await notice.waitFor();
    await checkScreen(page, 'processor-live-paused');
    refused = false;
    await notice.getByRole('button', { name: 'Retry', exact: true }).click();
    await notice.waitFor({ state: 'detached' });
  });

  for (const language of ['en', 'nl'] as const) {
    it(`shows the processor's texts in ${language === 'en' ? 'English' : 'Dutch'}`, async () => {
      const texts: Texts = TEXTS[language];
      const member =
        language === 'nl'
          ? await createMember(e2e.port, HOST, {
              username: `processor-nl-${suffix}`,
              roleTitle: 'Editor',
              licences: ['hatch', 'design_and_sales'],
            })
          : undefined;
      const { page, api, token } = await openProcessor(member);
      if (language === 'nl') {
        await page.getByRole('group', { name: 'Language' }).getByText('Nederlands').click();
        await page.getByRole('group', { name: 'Taal' }).waitFor();
      }
      await page.getByRole('heading', { name: texts.heading, level: 1 }).waitFor();
      const tab = (index: number) => page.getByRole('tab', { name: texts.tabs[index], exact: true });
      for (const index of [0, 1, 2]) await tab(index).waitFor();

      // Loading texts: the list call held back for a moment.
      for (const index of [0, 1, 2]) {
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route(/\/v2\/(projects\/models|libraries\/items|materials)\?/, async (route) => {
          await held;
          await route.continue();
        });
        await page.evaluate(
          (tabIndex) => window.history.replaceState({ usr: { tab: tabIndex }, key: 'l', idx: 0 }, ''),
          index,
        );
        await page.reload();
        await page.getByText(texts.loading[index] as string, { exact: true }).waitFor();
        release();
        await page.unrouteAll({ behavior: 'wait' });
        await panel(page).getByRole('list').first().waitFor();

        // Empty texts: a search that finds nothing.
        await search(page, `nothing-${suffix}`, texts);
        await page.getByText(texts.empty[index] as string, { exact: true }).waitFor();
        await search(page, '', texts);
      }

      // The buttons of each tab.
      await tab(0).click();
      await page.getByRole('link', { name: texts.newModel, exact: true }).waitFor();
      await tab(1).click();
      await page.getByRole('link', { name: texts.import, exact: true }).waitFor();
      await tab(2).click();
      await page.getByRole('link', { name: texts.newMaterial, exact: true }).waitFor();
      await page.getByRole('link', { name: texts.import, exact: true }).waitFor();

      // Items: the disabled Delete says why; Reprocess is offered on a finished item.
      await tab(1).click();
      // The search box is the Items tab's once the tab is selected (the Materials one is swapped out).
      await page.getByRole('tab', { name: texts.tabs[1], exact: true, selected: true }).waitFor();
      await search(page, 'Oak Worktop 3m', texts);
      await cardOf(page, 'Oak Worktop 3m', texts)
        .getByRole('button', { name: texts.actionsFor('Oak Worktop 3m') })
        .click();
      await page.getByRole('menuitem', { name: texts.reprocess, exact: true }).waitFor();
      await page.getByRole('menuitem', { name: texts.delete, exact: true }).hover();
      await page.getByRole('tooltip').getByText(texts.notDeletable, { exact: true }).waitFor();
      await checkScreen(page, `processor-items-menu-${language}`);
      await page.keyboard.press('Escape');

      if (HAVE_SAMPLES) {
        // Reprocess, Archive and Unarchive banners in this language.
        const name = `E2E ${language} ${suffix}`;
        await apiCreateItem(api, upload(token), { name, file: sample('OBJ/box.obj') });
        await search(page, name, texts);
        await expect
          .poll(() => badgeOf(cardOf(page, name, texts)).textContent(), { timeout: 60_000 })
          .toBe(texts.finished);
        await cardOf(page, name, texts)
          .getByRole('button', { name: texts.actionsFor(name) })
          .click();
        await page.getByRole('menuitem', { name: texts.archive, exact: true }).click();
        await seeBanner(page, texts.archived(name));
        await cardOf(page, name, texts)
          .getByRole('button', { name: texts.actionsFor(name) })
          .click();
        await page.getByRole('menuitem', { name: texts.unarchive, exact: true }).click();
        await seeBanner(page, texts.unarchived(name));
        await expect
          .poll(() => badgeOf(cardOf(page, name, texts)).textContent(), { timeout: 60_000 })
          .toBe(texts.finished);
        await cardOf(page, name, texts)
          .getByRole('button', { name: texts.actionsFor(name) })
          .click();
        await page.getByRole('menuitem', { name: texts.reprocess, exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: texts.reprocess, exact: true }).click();
        await seeBanner(page, texts.reprocessing);
      }
      if (language === 'nl') {
        await page.getByRole('group', { name: 'Taal' }).getByText('English').click();
        await page.getByRole('group', { name: 'Language' }).waitFor();
      }
    });
  }
});
