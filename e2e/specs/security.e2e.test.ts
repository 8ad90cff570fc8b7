import { roleEndpoints, signInEndpoints, userEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { DEMO_USERS, type DemoUsername, HOSTS, type Host } from '../support/hosts.ts';
import { confirm, rowAction, seeBanner } from '../support/list-actions.ts';
import { createMember } from '../support/users.ts';

const DESIGN = 'Design & Sales';
const HATCH = 'Converter & Optimizer (hatch)';

describe('security: users, roles, groups (administration.md §2, §4, §5)', () => {
  const e2e = useBrowser();

  async function signedIn(user: DemoUsername, host: Host, path: string): Promise<Page> {
    const page = await e2e.openPage(host, '/login');
    await signIn(page, user);
    await page.getByRole('button', { name: `Account menu of ${DEMO_USERS[user].name}` }).waitFor();
    await page.goto(e2e.url(host, path));
    return page;
  }

  it('lets editor add a user with licences, a role with abilities and a group with that member, then delete them', async () => {
    const page = await signedIn('editor', HOSTS.acmeHatch, '/security/users');
    const stamp = Date.now().toString(36);
    const name = `E2E Member ${stamp}`;
    const email = `e2e-member-${stamp}@e2e.example`;

    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    const users = page.getByRole('table', { name: 'Users' });
    // Data rows: while loading, the table shows its loading line and a skeleton row per row of a page (6).
    await users.locator('tbody tr[data-row]').first().waitFor();
    expect(await users.locator('tbody tr[data-row]').count()).toBeLessThanOrEqual(5);
    await checkScreen(page, 'security-users');

    await page.getByRole('link', { name: 'New User' }).click();
    await waitForPath(page, '/security/users/create');
    const form = page.getByRole('form', { name: 'New User' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Username' }).fill(`e2e-member-${stamp}`);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Viewer', exact: true }).click();

    // §4: none bought → disabled; hatch needs design_and_sales; unchecking it clears hatch.
    const design = form.getByRole('checkbox', { name: DESIGN });
    const hatch = form.getByRole('checkbox', { name: HATCH });
    await expect.poll(() => form.getByRole('checkbox', { name: 'Standalone' }).isDisabled()).toBe(true);
    expect(await hatch.isDisabled()).toBe(true);
    await design.check();
    await hatch.check();
    await checkScreen(page, 'security-user-create');
    await design.uncheck();
    expect(await hatch.isChecked()).toBe(false);
    expect(await hatch.isDisabled()).toBe(true);
    await design.check();
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/security/users');
    await seeBanner(page, `User ${name} created`);
    await users.getByRole('link', { name }).waitFor();

    // A role with the Projects area and one ability less: the area checkbox turns partial.
    await page.goto(e2e.url(HOSTS.acmeHatch, '/security/roles/create'));
    const roleForm = page.getByRole('form', { name: 'New Role' });
    const role = `E2E Role ${stamp}`;
    await roleForm.getByRole('textbox', { name: 'Title' }).fill(role);
    await roleForm.getByRole('checkbox', { name: 'Projects', exact: true }).check();
    // Abilities read as what they allow; the key is only the muted detail of their description.
    const deleteProjects = roleForm.getByRole('checkbox', { name: 'Delete projects', exact: true });
    expect(await deleteProjects.isChecked()).toBe(true);
    const description = await deleteProjects.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toBe('Remove projects (they go to the recycling bin). delete-projects');
    await deleteProjects.uncheck();
    expect(await roleForm.getByRole('checkbox', { name: 'Projects', exact: true }).isChecked()).toBe(false);
    await checkScreen(page, 'security-role-create');
    await roleForm.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/security/roles');
    await seeBanner(page, `Role ${role} created`);

    // A group with the new member.
    await page.goto(e2e.url(HOSTS.acmeHatch, '/security/groups/create'));
    const groupForm = page.getByRole('form', { name: 'New Group' });
    const group = `E2E Group ${stamp}`;
    await groupForm.getByRole('textbox', { name: 'Name', exact: true }).fill(group);
    await groupForm.getByRole('combobox', { name: 'Members' }).fill(stamp);
    await page.getByRole('option', { name: `${name} (${email})` }).click();
    await page.keyboard.press('Escape');
    await checkScreen(page, 'security-group-create');
    await groupForm.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/security/groups');
    await seeBanner(page, `Group ${group} created`);
    const groups = page.getByRole('table', { name: 'Groups' });
    await checkScreen(page, 'security-groups');

    // Deletes, each with the §5 confirmation.
    await rowAction(page, groups, group, 'Delete');
    await confirm(
      page,
      'Are you sure you want to delete this group? Its members lose the permissions it gave them. This action is irreversible!',
      'Delete',
    );
    await seeBanner(page, `Group ${group} deleted`);
    await page.goto(e2e.url(HOSTS.acmeHatch, '/security/roles'));
    await rowAction(page, page.getByRole('table', { name: 'Roles' }), role, 'Delete');
    await confirm(
      page,
      'Are you sure you want to delete this role? Users and groups may be left without permissions. This action is irreversible!',
      'Delete',
    );
    await seeBanner(page, `Role ${role} deleted`);
    await page.goto(e2e.url(HOSTS.acmeHatch, '/security/users'));
    await rowAction(page, users, name, 'Delete');
    await confirm(page, 'Are you sure you want to remove this user from the company?', 'Delete');
    await seeBanner(page, `User ${name} deleted`);
  });

  it('shows a member who may only view users the list without New User or edit links, and Unauthorized on create', async () => {
    // The demo viewer reads content only (decision 0045): a role of this test holds exactly view-system-users.
    const host = HOSTS.acmeCustomerportal;
    const stamp = Date.now().toString(36);
    const editor = apiClient(e2e.port, host, await apiLogin(e2e.port, host, 'editor'));
    const role = await editor.call(roleEndpoints.create, {
      body: { title: `E2E users reader ${stamp}`, abilities: ['view-system-users'] },
    });
    // The createMember helper: invited through POST /users, password set by the mailed link, then signs in.
    const member = await createMember(e2e.port, host, {
      username: `e2e-reader-${stamp}`,
      roleTitle: role.data.title,
    });
    const login = await apiClient(e2e.port, host).call(signInEndpoints.login, {
      body: { identity: member.username, password: member.password, issue_token: true },
    });
    expect(login.user.username).toBe(member.username);

    const page = await e2e.openPage(host, '/login');
    await signIn(page, member);
    await page.getByRole('button', { name: `Account menu of E2E ${member.username}` }).waitFor();
    await page.goto(e2e.url(host, '/security/users'));
    const users = page.getByRole('table', { name: 'Users' });
    // Other specs add members at the same time: whoever is on the first page, no name is a link.
    await users.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: 'New User' }).count()).toBe(0);
    expect(await users.getByRole('link').count()).toBe(0);
    await checkScreen(page, 'security-users-reader');
    await page.goto(e2e.url(host, '/security/roles/create'));
    await waitForPath(page, '/unauthorized');

    const viewer = await signedIn('viewer', host, '/security/users');
    await waitForPath(viewer, '/unauthorized');

    await editor.call(userEndpoints.delete, { params: { id: member.id } });
    await editor.call(roleEndpoints.delete, { params: { id: role.data.id } });
  });

  it('lets admin add an account on /admin/users, make it an administrator, and delete it', async () => {
    const page = await signedIn('admin', HOSTS.acmeHatch, '/admin/users');
    const stamp = Date.now().toString(36);
    const name = `E2E Admin ${stamp}`;
    await page.getByRole('heading', { name: 'Users (admin)', level: 1 }).waitFor();
    const accounts = page.getByRole('table', { name: 'Users (admin)' });
    await accounts.locator('tbody tr').first().waitFor();
    await checkScreen(page, 'admin-users');

    await page.getByRole('link', { name: 'New User' }).click();
    await waitForPath(page, '/admin/users/create');
    const form = page.getByRole('form', { name: 'New User' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('This field is required.').first().waitFor();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'Username' }).fill(`e2e-admin-${stamp}`);
    await form.getByRole('textbox', { name: 'Email' }).fill(`e2e-admin-${stamp}@e2e.example`);
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/admin/users');
    await seeBanner(page, `User ${name} created`);

    await accounts.getByRole('link', { name }).click();
    const edit = page.getByRole('form', { name: 'Edit User' });
    await edit.getByRole('switch', { name: 'Administrator' }).check({ force: true });
    await checkScreen(page, 'admin-user-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/admin/users');
    await seeBanner(page, `User ${name} updated`);
    const api = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'admin'));
    const found = (await api.call(userEndpoints.adminList, { query: { filter: { search: name } } })).data.find(
      (u) => u.name === name,
    );
    expect(found?.admin).toBe(1);

    await rowAction(page, accounts, name, 'Delete');
    await confirm(
      page,
      'Are you sure you want to delete this account? It is removed from every company. This action is irreversible!',
      'Delete',
    );
    await seeBanner(page, `User ${name} deleted`);
  });
});
