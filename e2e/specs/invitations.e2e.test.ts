import { passwordResetEndpoints, roleEndpoints, userEndpoints } from '@meshport/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen, screenshot } from '../support/artifacts.ts';
import { PASSWORD_LABEL, signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { HOSTS } from '../support/hosts.ts';
import { confirm, rowAction, seeBanner } from '../support/list-actions.ts';
import { linkIn, newestMailTo } from '../support/mail.ts';

/** The newest mail to `to` holding a link to `path` (waits for it). */
async function mailedLink(to: string, path: string): Promise<URL> {
  const { dataDir } = inject('e2eServer');
  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = linkIn(newestMailTo(dataDir, to) ?? '', path);
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return new URL(link ?? '');
}

describe('membership by acceptance: an existing account is invited, signs in and accepts', () => {
  const e2e = useBrowser();

  it('editor of acme invites a globex account; the account accepts on the invitations page', async () => {
    const { port } = e2e;
    const stamp = Date.now().toString(36);
    const username = `e2e-invitee-${stamp}`;
    const email = `${username}@e2e.example`;
    const password = `e2e-${username}-Password-2026`;

    // An account of globex (made by admin, an editor there), its password set through its mail.
    const globex = apiClient(port, HOSTS.globexHatch, await apiLogin(port, HOSTS.globexHatch, 'admin'));
    const viewer = (await globex.call(roleEndpoints.list, { query: { per_page: 100 } })).data.find(
      (role) => role.title === 'Viewer',
    );
    await globex.call(userEndpoints.create, {
      body: { name: `Ines ${stamp}`, username, email, role_id: viewer?.id ?? null },
    });
    const reset = await mailedLink(email, '/reset-password');
    await apiClient(port, HOSTS.globexHatch).call(passwordResetEndpoints.reset, {
      body: { token: reset.searchParams.get('token') ?? '', password, password_confirmation: password },
    });

    // acme's editor adds that address: the list shows only "Invited" and the address typed.
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await page.goto(e2e.url(HOSTS.acmeHatch, '/security/users/create'));
    const form = page.getByRole('form', { name: 'New User' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Somebody');
    await form.getByRole('textbox', { name: 'Username' }).fill(`someone-${stamp}`);
    await form.getByRole('textbox', { name: 'Email' }).fill(email.toUpperCase());
    await form.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Viewer', exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/security/users');
    await seeBanner(page, `Invitation sent to ${email.toUpperCase()}`);
    const invitations = page.getByRole('table', { name: 'Invitations' });
    const row = invitations.locator('tbody tr').filter({ hasText: email.toUpperCase() });
    await row.getByText('Invited').waitFor();
    expect(await row.textContent()).not.toContain(`Ines ${stamp}`);
    expect(await page.getByRole('table', { name: 'Users' }).textContent()).not.toContain(`Ines ${stamp}`);
    await checkScreen(page, 'security-users-invited');

    // The mailed link opens the invitations page on the base domain; signing in leads back to it.
    const link = await mailedLink(email, '/invitations');
    expect(link.hostname).toBe('meshport.localhost');
    const invitee = await e2e.openPage(HOSTS.globexHatch, '/login');
    await invitee.goto(link.toString());
    await waitForPath(invitee, '/login');
    const login = invitee.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Username or e-mail' }).fill(username);
    await login.getByLabel(PASSWORD_LABEL).fill(password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(invitee, '/invitations');
    const card = invitee.getByRole('region', { name: 'Acme Kitchens invites you to join' });
    await card.getByText('Role: Viewer').waitFor();
    await checkScreen(invitee, 'invitations');

    // Keyboard: Tab reaches Accept, Enter accepts.
    const accept = card.getByRole('button', { name: 'Accept' });
    await accept.focus();
    await invitee.keyboard.press('Enter');
    await invitee.getByText('You joined Acme Kitchens.').waitFor();
    await invitee.getByText('You have no open invitations.').waitFor();
    await screenshot(invitee, 'invitations-accepted');

    // Now a member of acme: the editor's list shows the account itself.
    await page.reload();
    await page
      .getByRole('table', { name: 'Users' })
      .locator('tbody tr')
      .filter({ hasText: `Ines ${stamp}` })
      .first()
      .waitFor();
    expect(await page.getByRole('table', { name: 'Invitations' }).textContent()).not.toContain(email.toUpperCase());
  });

  it('a withdrawn invitation disappears for both sides', async () => {
    const { port } = e2e;
    const stamp = Date.now().toString(36);
    const editor = apiClient(port, HOSTS.acmeHatch, await apiLogin(port, HOSTS.acmeHatch, 'editor'));
    const viewerRole = (await editor.call(roleEndpoints.list, { query: { per_page: 100 } })).data.find(
      (role) => role.title === 'Viewer',
    );
    // admin belongs to acme already, so invite an account of globex only: made here for the purpose.
    const globex = apiClient(port, HOSTS.globexHatch, await apiLogin(port, HOSTS.globexHatch, 'admin'));
    const globexViewer = (await globex.call(roleEndpoints.list, { query: { per_page: 100 } })).data.find(
      (role) => role.title === 'Viewer',
    );
    const email = `e2e-withdrawn-${stamp}@e2e.example`;
    await globex.call(userEndpoints.create, {
      body: { name: `W ${stamp}`, username: `e2e-withdrawn-${stamp}`, email, role_id: globexViewer?.id ?? null },
    });
    await editor.call(userEndpoints.create, {
      body: { name: 'x', username: `x-${stamp}`, email, role_id: viewerRole?.id ?? null },
    });
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await page.goto(e2e.url(HOSTS.acmeHatch, '/security/users'));
    const invitations = page.getByRole('table', { name: 'Invitations' });
    await rowAction(page, invitations, email, 'Withdraw');
    await confirm(page, 'Withdraw this invitation? The address can be invited again later.', 'Withdraw');
    await seeBanner(page, `Invitation to ${email} withdrawn`);
  });
});
