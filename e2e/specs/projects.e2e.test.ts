import { type ApiClient, projectEndpoints, projectModelEndpoints } from '@meshport/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { pathOf, signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { DEMO_USERS, type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';

const OVERVIEW = /^\/projects\/overview\/(\d+)$/;

/** The id in the page's /projects/overview/{id} path, once it is there. */
async function overviewId(page: Page): Promise<number> {
  await page.waitForURL((url) => OVERVIEW.test(url.pathname), { waitUntil: 'commit' });
  const id = Number(OVERVIEW.exec(pathOf(page))?.[1]);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return id;
}

/** Chooses options of a Mantine MultiSelect by their names, then closes its dropdown. */
async function pick(page: Page, field: Locator, names: string[]): Promise<void> {
  for (const name of names) {
    await field.click();
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

describe('projects (content.md §2, §4)', () => {
  const e2e = useBrowser();

  async function signedIn(user: DemoUsername, host: Host, path: string): Promise<{ page: Page; api: ApiClient }> {
    const page = await e2e.openPage(host, '/login');
    await signIn(page, user);
    await page.getByRole('button', { name: `Account menu of ${DEMO_USERS[user].name}` }).waitFor();
    await page.goto(e2e.url(host, path));
    const api = apiClient(e2e.port, host, await apiLogin(e2e.port, host, user));
    return { page, api };
  }

  it('lets editor on hatch create a project with labels and members, a sub-project, a copy, edit tab 5 and delete', async () => {
    const { page, api } = await signedIn('editor', HOSTS.acmeHatch, '/projects');
    const stamp = Date.now().toString(36);
    const name = `E2E Kitchen ${stamp}`;

    // The list: heading, New Project, Filter, the columns, 5 per page.
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Projects' });
    // Data rows: while loading, the table shows its loading line and a skeleton row per row of a page (6).
    await table.locator('tbody tr[data-row]').first().waitFor();
    for (const column of ['Name', 'Description', 'Created', 'Modified', 'Users']) {
      await table.getByRole('columnheader', { name: column }).first().waitFor();
    }
    expect(await table.locator('tbody tr[data-row]').count()).toBeLessThanOrEqual(5);
    await page.getByRole('button', { name: 'Filter' }).waitFor();
    await checkScreen(page, 'projects-list-hatch');

    // Create, with two labels and a member.
    await page.getByRole('link', { name: 'New Project' }).click();
    await waitForPath(page, '/projects/create');
    const form = page.getByRole('form', { name: 'New Project' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Description' }).fill('Made by the browser test.');
    await checkScreen(page, 'project-form-details');
    await form.getByRole('tab', { name: '2. Preview image' }).click();
    await form.getByText('No preview image').waitFor();
    await checkScreen(page, 'project-form-image');
    await form.getByRole('tab', { name: '3. Members' }).click();
    await pick(page, form.getByRole('combobox', { name: 'Members' }), [DEMO_USERS.viewer.name]);
    await checkScreen(page, 'project-form-members');
    await form.getByRole('tab', { name: '4. Sub-projects & models' }).click();
    await form.getByText('Sub-projects and models show here once the project is saved.').waitFor();
    await form.getByRole('tab', { name: '5. Labels' }).click();
    await pick(page, form.getByRole('combobox', { name: 'Labels' }), ['Modern', 'Urgent']);
    await checkScreen(page, 'project-form-labels');
    await form.getByRole('button', { name: 'Save' }).click();
    const id = await overviewId(page);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText(`${name} created`).waitFor();
    const created = (await api.call(projectEndpoints.get, { params: { id } })).data;
    expect(created.labels.map((label) => label.name).sort()).toEqual(['Modern', 'Urgent']);
    expect(created.users.map((user) => user.name)).toEqual([DEMO_USERS.viewer.name]);
    await page.getByText('No models found').waitFor();
    await checkScreen(page, 'project-overview');

    // A sub-project from the overview (hatch only).
    await page.getByRole('link', { name: 'New Sub-project' }).click();
    await waitForPath(page, `/projects/create/${id}`);
    await page.getByText(`Sub-project of ${name}`).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(`${name} pantry`);
    await page.getByRole('button', { name: 'Save' }).click();
    // Back to the project it was added to (issue 31), where the sub-project shows.
    await waitForPath(page, `/projects/overview/${id}`);
    const subLink = page.getByRole('table', { name: 'Sub-projects' }).getByRole('link', { name: `${name} pantry` });
    await subLink.waitFor();
    const subId = Number((await subLink.getAttribute('href'))?.split('/').pop());
    expect(subId).not.toBe(id);

    // Manage: members and models of the project.
    await page.getByRole('link', { name: 'Manage' }).click();
    await waitForPath(page, `/projects/manage/${id}`);
    await page.getByRole('heading', { name: 'Manage Project' }).waitFor();
    await page.getByRole('combobox', { name: 'Members' }).waitFor();
    await checkScreen(page, 'project-manage');

    // Copy: the form filled from the source, saved through POST /projects/{id}/copy.
    await page.goto(e2e.url(HOSTS.acmeHatch, `/projects/copy/${id}`));
    const copyForm = page.getByRole('form', { name: 'Duplicate Project' });
    await expect.poll(() => copyForm.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(`${name} (copy)`);
    await checkScreen(page, 'project-form-copy');
    await copyForm.getByRole('button', { name: 'Save' }).click();
    const copyId = await overviewId(page);
    const copy = (await api.call(projectEndpoints.get, { params: { id: copyId } })).data;
    expect(copy.name).toBe(`${name} (copy)`);
    expect(copy.labels.map((label) => label.name).sort()).toEqual(['Modern', 'Urgent']);

    // The label '+' on the list row opens edit on tab 5.
    await page.goto(e2e.url(HOSTS.acmeHatch, '/projects'));
    await page.getByRole('region', { name: 'Projects' }).getByRole('searchbox').fill(`${name} (copy)`);
    await table.getByRole('link', { name: `${name} (copy)`, exact: true }).waitFor();
    await table.getByRole('link', { name: `Add a label to ${name} (copy)` }).click();
    await page.waitForURL((url) => url.pathname === `/projects/edit/${copyId}` && url.search === '?tab=5');
    await page
      .getByText('Loading existing data...')
      .or(page.getByRole('tab', { name: '5. Labels', selected: true }))
      .first()
      .waitFor();
    const labelsTab = page.getByRole('tab', { name: '5. Labels', selected: true });
    await labelsTab.waitFor();
    await pick(page, page.getByRole('combobox', { name: 'Labels' }), ['Showroom']);
    await checkScreen(page, 'project-form-edit-labels');
    await page.getByRole('button', { name: 'Save' }).click();
    await overviewId(page);
    const edited = (await api.call(projectEndpoints.get, { params: { id: copyId } })).data;
    expect(edited.labels.map((label) => label.name).sort()).toEqual(['Modern', 'Showroom', 'Urgent']);

    // Delete from the list: the confirmation warns about sub-projects and that it is irreversible.
    await page.goto(e2e.url(HOSTS.acmeHatch, '/projects'));
    await page.getByRole('region', { name: 'Projects' }).getByRole('searchbox').fill(name);
    // Wait for the searched list: the redraw when the search applies would otherwise close the
    // row menu under the pointer.
    await expect
      .poll(async () => (await table.locator('tbody tr').allInnerTexts()).every((row) => row.includes(name)))
      .toBe(true);
    await table.getByRole('link', { name, exact: true }).waitFor();
    await table.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/All of its sub-projects are deleted too\. This is irreversible\./).waitFor();
    await checkScreen(page, 'projects-delete-confirmation');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const banner = page.getByRole('status').filter({ hasText: `${name} deleted` });
    await banner.waitFor();
    // With Undo on it (editor may restore), the banner lives 10 s so that a person reaches the button.
    await banner.waitFor({ state: 'detached', timeout: 11_000 });
    for (const gone of [id, subId]) {
      await expect(api.call(projectEndpoints.get, { params: { id: gone } })).rejects.toMatchObject({ status: 404 });
    }
    // Clean up the copy through the overview's Delete.
    await page.goto(e2e.url(HOSTS.acmeHatch, `/projects/overview/${copyId}`));
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, '/projects');
    await page
      .getByRole('status')
      .filter({ hasText: `${name} (copy) deleted` })
      .waitFor();
  });

  it('brings a deleted project back with Undo in the delete banner', async () => {
    // Made before the list opens, so that its live refresh does not redraw the row under the menu.
    const editor = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'editor'));
    const name = `E2E Undo ${Date.now().toString(36)}`;
    const { id } = (await editor.call(projectEndpoints.create, { body: { name } })).data;
    const { page, api } = await signedIn('editor', HOSTS.acmeHatch, '/projects');
    const table = page.getByRole('table', { name: 'Projects' });
    await table.locator('tbody tr').first().waitFor();
    await page.getByRole('region', { name: 'Projects' }).getByRole('searchbox').fill(name);
    // The newest project may show before the search applies: wait for the searched list, whose
    // redraw would otherwise close the row menu.
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('link', { name, exact: true }).waitFor();
    await table.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const banner = page.getByRole('status').filter({ hasText: `${name} deleted` });
    const undo = banner.getByRole('button', { name: 'Undo', exact: true });
    await undo.waitFor();
    await table.getByRole('link', { name, exact: true }).waitFor({ state: 'detached' });
    await expect(api.call(projectEndpoints.get, { params: { id } })).rejects.toMatchObject({ status: 404 });
    await checkScreen(page, 'projects-delete-undo-banner');

    // Keyboard: focus the button and press Enter.
    await undo.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Restored successfully' }).waitFor();
    expect(await page.getByRole('button', { name: 'Undo', exact: true }).count()).toBe(0);
    await table.getByRole('link', { name, exact: true }).waitFor();
    expect((await api.call(projectEndpoints.get, { params: { id } })).data.name).toBe(name);
    await checkScreen(page, 'projects-undo-restored');
    await api.call(projectEndpoints.delete, { params: { id } });
  });

  it('shows a project that another user creates in the open list at once, and drops it when deleted', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    // The list often answers before the socket has joined the company's channel. Here the joins are held until
    // the other user's write is done, every time: that write's event reaches nobody, the join has to catch up.
    const heldJoins: (() => void)[] = [];
    let holding = true;
    await page.routeWebSocket(/\/socket\.io\//, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        const forward = () => server.send(frame);
        if (holding && typeof frame === 'string' && /^42\d*\["subscribe"/.test(frame)) heldJoins.push(forward);
        else forward();
      });
    });
    await page.goto(e2e.url(HOSTS.acmeHatch, '/projects'));
    const table = page.getByRole('table', { name: 'Projects' });
    await table.locator('tbody tr').first().waitFor();
    // A reload or navigation would lose this mark and count in `navigations`.
    await page.evaluate(() => Object.assign(window, { e2eLiveMark: true }));
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });

    const other = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'admin'));
    const name = `E2E Live ${Date.now().toString(36)}`;
    const { id } = (await other.call(projectEndpoints.create, { body: { name } })).data;
    holding = false;
    for (const join of heldJoins.splice(0)) join();
    // The list sorts by Modified, newest first: the new project is the first row.
    const row = table.getByRole('link', { name, exact: true });
    await row.waitFor();
    await checkScreen(page, 'projects-live-created');

    await other.call(projectEndpoints.delete, { params: { id } });
    await row.waitFor({ state: 'detached' });
    expect(navigations).toBe(0);
    expect(await page.evaluate(() => 'e2eLiveMark' in window)).toBe(true);
    expect(pathOf(page)).toBe('/projects');
  });

  it('puts a server 422 under its field, on the tab that holds it', async () => {
    const { page } = await signedIn('editor', HOSTS.acmeHatch, '/projects/create');
    await page.route('**/v2/projects', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            json: { message: 'The given data was invalid.', errors: { 'labels.0': ['No such label.'] } },
          })
        : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Name' }).fill('Never saved');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: '5. Labels', selected: true }).waitFor();
    await page.getByText('No such label.').waitFor();
    expect(pathOf(page)).toBe('/projects/create');
  });

  it('opens a model overview with its project, and asks before deleting it', async () => {
    const { page, api } = await signedIn('editor', HOSTS.acmeHatch, '/projects');
    const models = await api.call(projectModelEndpoints.list, {
      query: { filter: { search: 'Island with Breakfast Bar' } },
    });
    const model = models.data[0];
    if (!model) throw new Error('the demo data has no model "Island with Breakfast Bar"');
    await page.goto(e2e.url(HOSTS.acmeHatch, `/projects/models/overview/${model.id}`));
    await page.getByRole('heading', { name: model.name, level: 1 }).waitFor();
    await page.getByText('FINISHED').first().waitFor();
    await page.getByRole('link', { name: model.project_name }).first().waitFor();
    await checkScreen(page, 'model-overview');
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Delete the model ${model.name}?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: model.project_name }).first().click();
    await waitForPath(page, `/projects/overview/${model.project_id}`);
    await page.getByRole('table', { name: 'Models' }).getByRole('link', { name: model.name }).waitFor();
  });

  it('shows viewer on customerportal a read-only list with favourites first and a star that toggles', async () => {
    const { page, api } = await signedIn('viewer', HOSTS.acmeCustomerportal, '/projects');
    const table = page.getByRole('table', { name: 'Projects' });
    await table.locator('tbody tr').first().waitFor();
    const stars = table.getByRole('button', { name: /^Favourite / });
    await stars.first().waitFor();
    const pressed = async () => Promise.all((await stars.all()).map((star) => star.getAttribute('aria-pressed')));
    const states = await pressed();
    // Favourites first: no starred row after an unstarred one.
    const favouritesFirst = (all: (string | null)[]) => {
      const firstUnstarred = all.indexOf('false');
      return firstUnstarred < 0 || !all.slice(firstUnstarred).includes('true');
    };
    expect(states[0]).toBe('true');
    expect(favouritesFirst(states)).toBe(true);
    expect(await page.getByRole('link', { name: 'New Project' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    expect(await table.getByRole('link', { name: /^Add a label to / }).count()).toBe(0);
    await checkScreen(page, 'projects-list-customerportal');

    // Star an unstarred project with the keyboard: it flips at once and rises to the favourites.
    const index = states.indexOf('false');
    if (index < 0) throw new Error('every project on the first page is a favourite: nothing to star');
    const star = stars.nth(index);
    const label = (await star.getAttribute('aria-label')) ?? '';
    const projectName = label.replace(/^Favourite /, '');
    await star.focus();
    await page.keyboard.press('Space');
    const sameStar = table.getByRole('button', { name: label, exact: true });
    await expect.poll(() => sameStar.getAttribute('aria-pressed')).toBe('true');
    const favourited = async () =>
      (await api.call(projectEndpoints.list, { query: { per_page: 100, filter: { favorited: '1' } } })).data.map(
        (row) => row.name,
      );
    await expect.poll(favourited).toContain(projectName);
    await expect.poll(async () => favouritesFirst(await pressed())).toBe(true);
    // And back.
    await sameStar.click();
    await expect.poll(() => sameStar.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(favourited).not.toContain(projectName);

    // The overview is read-only for viewer.
    const first = (await stars.first().getAttribute('aria-label'))?.replace(/^Favourite /, '') ?? '';
    await table.getByRole('link', { name: first, exact: true }).click();
    await overviewId(page);
    await page.getByRole('button', { name: `Favourite ${first}`, exact: true }).waitFor();
    for (const action of ['Edit', 'Manage', 'Delete', 'Duplicate', 'New Sub-project']) {
      expect(await page.getByRole('link', { name: action, exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: action, exact: true }).count()).toBe(0);
    }
    await checkScreen(page, 'project-overview-customerportal');
  });

  it('shows the Forbidden page when the list load answers 403', async () => {
    // No demo user reaches /projects without view-projects (the route guard stops them first),
    // so the server's 403 is played back for the list call itself.
    const { page } = await signedIn('viewer', HOSTS.acmeCustomerportal, '/');
    await page.route('**/v2/projects?**', (route) => route.fulfill({ status: 403, json: { message: 'Forbidden.' } }));
    await page.goto(e2e.url(HOSTS.acmeCustomerportal, '/projects'));
    await page.getByRole('heading', { name: '403 Forbidden' }).waitFor();
    await checkScreen(page, 'projects-forbidden');
  });
});
