import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { downloadEndpoints, projectEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { DEMO_USERS, type DemoUsername, HOSTS } from '../support/hosts.ts';
import { confirm, rowAction, seeBanner } from '../support/list-actions.ts';

/** administration.md §2 Tools: labels, downloads and the recycling bin, as editor and admin on acme hatch. */
describe('tools (administration.md §2)', () => {
  const e2e = useBrowser();
  /** Unique per attempt: a retried test must not meet the records of its first attempt. */
  const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

  async function signedIn(user: DemoUsername, target: string): Promise<Page> {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, user);
    await waitForSignedInFrame(page, DEMO_USERS[user].name);
    await page.goto(e2e.url(HOSTS.acmeHatch, target));
    return page;
  }

  it('lets editor create, edit and delete a label with its colour', async () => {
    const name = `E2E label ${unique()}`;
    const page = await signedIn('editor', '/tools/labels');
    const list = page.getByRole('table', { name: 'Labels' });
    await list
      .getByRole('button', { name: /^Actions for / })
      .first()
      .waitFor();
    await checkScreen(page, 'tools-labels-list');

    await page.getByRole('link', { name: 'New Label' }).click();
    await waitForPath(page, '/tools/labels/create');
    const form = page.getByRole('form', { name: 'New Label' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('This field is required.').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    const colour = form.getByRole('textbox', { name: 'Colour' });
    await colour.fill('#12');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a hex colour: 3 or 6 digits, or 4 or 8 with alpha.').waitFor();
    await colour.fill('#2b8a3e');
    await page.getByRole('heading', { name: 'New Label' }).click();
    await checkScreen(page, 'tools-label-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/tools/labels');
    await seeBanner(page, `Label ${name} created`);

    await list.getByRole('link', { name }).click();
    await page.waitForURL((url) => /^\/tools\/labels\/edit\/\d+$/.test(url.pathname));
    const edit = page.getByRole('form', { name: 'Edit Label' });
    await expect(edit.getByRole('textbox', { name: 'Colour' }).inputValue()).resolves.toBe('#2b8a3e');
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} edited`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/tools/labels');
    await seeBanner(page, `Label ${name} edited updated`);

    await rowAction(page, list, `${name} edited`, 'Delete');
    await confirm(
      page,
      'Are you sure you want to delete this label? Projects and libraries lose it. This action is irreversible!',
      'Delete',
    );
    await seeBanner(page, `Label ${name} edited deleted`);
    await list.getByText(`${name} edited`).waitFor({ state: 'detached' });

    // Property maps (hatch): the same kind of form, a name only.
    const mapName = `E2E map ${unique()}`;
    await page.getByRole('link', { name: 'Property Maps' }).click();
    const maps = page.getByRole('table', { name: 'Property maps' });
    await maps
      .getByRole('button', { name: /^Actions for / })
      .first()
      .waitFor();
    await checkScreen(page, 'tools-property-maps-list');
    await page.getByRole('link', { name: 'New Property Map' }).click();
    const mapForm = page.getByRole('form', { name: 'New Property Map' });
    await mapForm.getByRole('textbox', { name: 'Name' }).fill(mapName);
    await mapForm.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, `Property map ${mapName} created`);
    await rowAction(page, maps, mapName, 'Delete');
    await confirm(page, 'Are you sure you want to delete this property map? This action is irreversible!', 'Delete');
    await seeBanner(page, `Property map ${mapName} deleted`);
  });

  it('lets admin publish a download that editor saves as name.extension', async () => {
    const name = `E2E guide ${unique()}`;
    const folder = mkdtempSync(path.join(tmpdir(), 'meshport-e2e-download-'));
    const file = path.join(folder, 'any-file-name.pdf');
    writeFileSync(file, '%PDF-1.7\nE2E download\n');
    const admin = await signedIn('admin', '/tools/downloads/create');
    const form = admin.getByRole('form', { name: 'New Download' });
    await form.locator('input[type="file"]').setInputFiles(file);
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await checkScreen(admin, 'tools-download-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(admin, '/tools/downloads');
    await seeBanner(admin, `Download ${name}.pdf created`);
    const api = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'admin'));
    const [created] = (await api.call(downloadEndpoints.list, { query: { filter: { search: name } } })).data;
    try {
      const page = await signedIn('editor', '/tools/downloads');
      const list = page.getByRole('table', { name: 'Downloads' });
      await list.getByText(name, { exact: true }).waitFor();
      // Not an admin: the name is no link to the edit form, and Download is the only action.
      await expect(list.getByRole('link', { name }).count()).resolves.toBe(0);
      await list.getByRole('button', { name: `Actions for ${name}.pdf` }).click();
      await expect(page.getByRole('menuitem').allTextContents()).resolves.toEqual(['Download']);
      await checkScreen(page, 'tools-downloads-editor');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem').click()]);
      expect(download.suggestedFilename()).toBe(`${name}.pdf`);
    } finally {
      if (created) await api.call(downloadEndpoints.delete, { params: { id: created.id } });
    }
  });

  it('lets editor restore a project they deleted from the recycling bin', async () => {
    const name = `E2E binned ${unique()}`;
    const api = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'editor'));
    const project = (await api.call(projectEndpoints.create, { body: { name } })).data;
    await api.call(projectEndpoints.delete, { params: { id: project.id } });

    const page = await signedIn('editor', '/tools/trash');
    await page.getByRole('heading', { name: 'Recycling Bin' }).waitFor();
    for (const tab of ['Projects', 'Models', 'Libraries', 'Items', 'Material Categories', 'Materials']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    const list = page.getByRole('table', { name: 'Projects' });
    const row = list.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    // Deleted just now: the 30 days of the restore window are (nearly) all left.
    await row.getByRole('cell', { name: /^(30|29)$/ }).waitFor();
    await checkScreen(page, 'tools-trash');
    await rowAction(page, list, name, 'Restore');
    await seeBanner(page, 'Restored successfully');
    await row.waitFor({ state: 'detached' });
    expect((await api.call(projectEndpoints.get, { params: { id: project.id } })).data.name).toBe(name);
    await api.call(projectEndpoints.delete, { params: { id: project.id } });

    await page.getByRole('tab', { name: 'Materials' }).click();
    await page.getByRole('table', { name: 'Materials' }).waitFor();
  });
});
