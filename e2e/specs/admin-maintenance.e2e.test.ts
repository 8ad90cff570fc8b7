import { crc32, deflateSync } from 'node:zlib';
import { CURRENT_ENVIRONMENT, changelogEndpoints, plannedMaintenanceEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { type RunningServer, runMeshportCommand, startServer } from '../support/e2e-server.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { confirm, rowAction, seeBanner } from '../support/list-actions.ts';
import { createDatabase, postgresAdminUrl, type ThrowAwayDatabase } from '../support/postgres.ts';

const postgres = await postgresAdminUrl();

/** A real PNG (a 320×180 gradient), built here so the screenshot upload needs no fixture file. */
function gradientPng(width = 320, height = 180): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) rows.push(Math.round((x / width) * 255), 96, Math.round((y / height) * 255));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * administration.md §2 planned maintenance and changelog items, on a server of this spec's own:
 * a planned window stops every tenant of its server, and Sync dates items everyone's Updates
 * panel reads, so neither may touch the server the other specs share.
 */
describe.skipIf(postgres.url === null)(`admin maintenance and changelog (${postgres.reason})`, () => {
  const e2e = useBrowser();
  let database: ThrowAwayDatabase | undefined;
  let server: RunningServer | undefined;
  /** Unique per attempt: a retried test must not meet the record of its first try. */
  const unique = () => Date.now().toString(36);

  beforeAll(async () => {
    database = await createDatabase(postgres.url ?? '');
    await runMeshportCommand('seed', { DATABASE_URL: database.url });
    server = await startServer({
      label: 'admin-maintenance',
      webDist: inject('e2eServer').webDist,
      env: { DATABASE_URL: database.url },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const port = () => {
    if (!server) throw new Error('the spec server did not start');
    return server.port;
  };
  const adminPage = async (path: string): Promise<Page> => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login', { port: port() });
    await signIn(page, 'admin');
    await waitForSignedInFrame(page, DEMO_USERS.admin.name);
    await page.goto(e2e.url(HOSTS.acmeHatch, path, port()));
    return page;
  };

  it('plans a window that stops non-admins with the maintenance page and back_on, and deletes it', async () => {
    const name = `E2E window ${unique()}`;
    const api = apiClient(port(), HOSTS.acmeHatch, await apiLogin(port(), HOSTS.acmeHatch, 'admin'));
    try {
      const page = await adminPage('/admin/maintenance');
      const list = page.getByRole('table', { name: 'Planned maintenance windows' });
      await list.getByRole('cell', { name: 'Quarterly maintenance', exact: true }).waitFor();
      await checkScreen(page, 'admin-maintenance-list');

      await page.getByRole('link', { name: 'New Maintenance' }).click();
      await waitForPath(page, '/admin/maintenance/create');
      const form = page.getByRole('form', { name: 'New Maintenance' });
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Required.').waitFor();
      // A window from the current minute to two minutes on: active at once, over soon.
      const [start, end] = await page.evaluate(() => {
        const local = (date: Date) =>
          new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
        const now = new Date();
        now.setSeconds(0, 0);
        return [local(now), local(new Date(now.getTime() + 2 * 60_000))];
      });
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('textbox', { name: 'Description' }).fill('Swapping disks');
      await form.getByLabel('End').fill(start);
      await form.getByLabel('Start').fill(end);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText('Must be after the start.').waitFor();
      await form.getByLabel('Start').fill(start);
      await form.getByLabel('End').fill(end);
      await checkScreen(page, 'admin-maintenance-form');
      await form.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, '/admin/maintenance');
      await list.getByRole('cell', { name, exact: true }).waitFor();

      const viewer = await e2e.openPage(HOSTS.acmeCustomerportal, '/login', { port: port() });
      await viewer.getByRole('heading', { name: `${name}: Swapping disks` }).waitFor();
      await viewer.getByText(/^We expect to be back at .+\.$/).waitFor();
      await checkScreen(viewer, 'admin-maintenance-active');

      // Admins pass the gate: the list still answers, and Delete ends the window.
      await rowAction(page, list, name, 'Delete');
      await confirm(page, 'Are you sure you want to delete this planned maintenance?', 'Delete');
      await seeBanner(page, `Planned maintenance ${name}: deleted`);
      expect(await list.getByRole('cell', { name, exact: true }).count()).toBe(0);

      // The other worker process follows within the gate's cache time (2 s): reload until then.
      let stillShown = '';
      for (const started = Date.now(); Date.now() - started < 20_000; ) {
        await viewer.reload();
        const login = viewer.getByRole('form', { name: 'Login' });
        if (
          await login.waitFor({ timeout: 4_000 }).then(
            () => true,
            () => false,
          )
        ) {
          stillShown = '';
          break;
        }
        const gate = await viewer.evaluate(async () => {
          const answer = await fetch('/v2/auth/validate');
          return `${answer.status} ${await answer.text()}`;
        });
        stillShown = `page: ${((await viewer.locator('body').textContent()) ?? '').slice(0, 200)} | /v2/auth/validate: ${gate}`;
      }
      expect(stillShown, 'after the window was deleted, the viewer still saw').toBe('');
    } finally {
      const left = await api.call(plannedMaintenanceEndpoints.list, { query: { filter: { search: name } } });
      for (const row of left.data) await api.call(plannedMaintenanceEndpoints.delete, { params: { id: row.id } });
    }
  });

  it('creates a changelog item with a screenshot, syncs it to acceptance and shows it in the Updates panel', async () => {
    const description = `E2E change ${unique()}`;
    const api = apiClient(port(), HOSTS.acmeHatch, await apiLogin(port(), HOSTS.acmeHatch, 'admin'));
    const page = await adminPage('/admin/changelog_items');
    const list = page.getByRole('table', { name: 'Changelog items' });
    await list.getByRole('button', { name: 'Dutch translations', exact: true }).waitFor();
    await checkScreen(page, 'admin-changelog-list');

    await page.getByRole('link', { name: 'New changelog' }).click();
    await waitForPath(page, '/admin/changelog_items/create');
    const form = page.getByRole('form', { name: 'New changelog' });
    expect(await form.getByRole('checkbox', { name: 'Development' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Acceptance' }).isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Required.').first().waitFor();
    await form.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Added' }).click();
    await form.getByRole('textbox', { name: 'Description' }).fill(description);
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: gradientPng() });
    await form.getByRole('img', { name: /Screenshot/ }).waitFor();
    await checkScreen(page, 'admin-changelog-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/admin/changelog_items');

    await list.getByRole('button', { name: description, exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Changelog item' });
    await detail.getByRole('img', { name: `Screenshot: ${description}` }).waitFor();
    await checkScreen(page, 'admin-changelog-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    const missing = await api.count(changelogEndpoints.list, {
      query: { filter: { missing_environment: CURRENT_ENVIRONMENT } },
    });
    expect(missing).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await confirm(
      page,
      `${missing} changelog item${missing === 1 ? ' has' : 's have'} no date on Acceptance yet. Set today's date on Acceptance for ${missing === 1 ? 'it' : 'them'}?`,
      'Sync',
    );
    await seeBanner(page, `${missing} changelog item${missing === 1 ? '' : 's'} synced to Acceptance`);
    expect(await api.count(changelogEndpoints.list, { query: { filter: { missing_environment: 'acceptance' } } })).toBe(
      0,
    );

    // Edit: the ticks come from the dates set (Sync dated Acceptance); Save returns to the list.
    await rowAction(page, list, description, 'Edit');
    const edit = page.getByRole('form', { name: 'Edit changelog' });
    expect(await edit.getByRole('checkbox', { name: 'Acceptance' }).isChecked()).toBe(true);
    expect(await edit.getByRole('checkbox', { name: 'Production' }).isChecked()).toBe(false);
    await edit.getByRole('checkbox', { name: 'Test' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/admin/changelog_items');
    const saved = await api.call(changelogEndpoints.list, { query: { filter: { search: description } } });
    expect(saved.data[0]?.date_on_test).not.toBeNull();

    await page.goto(e2e.url(HOSTS.acmeHatch, '/', port()));
    const panel = page.getByRole('region', { name: 'Updates', exact: true });
    await panel.getByRole('button', { name: new RegExp(description) }).click();
    await page
      .getByRole('dialog')
      .getByRole('img', { name: `Screenshot: ${description}` })
      .waitFor();
    await checkScreen(page, 'admin-changelog-updates-panel');

    await page.goto(e2e.url(HOSTS.acmeHatch, '/admin/changelog_items', port()));
    await rowAction(page, list, description, 'Delete');
    await confirm(page, 'Are you sure you want to delete this changelog item?', 'Delete');
    await seeBanner(page, 'Changelog item deleted');
    await list.getByRole('button', { name: description, exact: true }).waitFor({ state: 'detached' });
  });
});
