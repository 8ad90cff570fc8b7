import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser, waitForSignedInFrame } from '../support/browser.ts';
import { HOSTS } from '../support/hosts.ts';
import { createMember } from '../support/users.ts';

describe('languages (shell.md §1, §9: en and nl, ?lng=, switcher)', () => {
  const e2e = useBrowser();

  it('shows the Dutch login texts with ?lng=nl', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login?lng=nl');
    await page.getByRole('heading', { name: 'Log in op je account' }).waitFor();
    await page.getByRole('textbox', { name: 'Gebruikersnaam of e-mail' }).waitFor();
    await page.getByRole('checkbox', { name: 'Onthoud mij' }).waitFor();
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).waitFor();
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.getByText('Het veld gebruikersnaam of e-mail is verplicht.').waitFor();
    await page.getByText('Het veld wachtwoord is verplicht.').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    await checkScreen(page, 'language-login-nl');

    // The choice is remembered: the next visit without ?lng stays Dutch.
    await page.goto(e2e.url(HOSTS.acmeHatch, '/login'));
    await page.getByRole('heading', { name: 'Log in op je account' }).waitFor();
  });

  it('switches the signed-in UI language with the language switcher', async () => {
    // Its own member: the language is kept on the account, and other specs use the demo users meanwhile.
    const member = await createMember(e2e.port, HOSTS.acmeHatch, {
      username: `lang-${Date.now().toString(36)}`,
      roleTitle: 'Editor',
      licences: ['hatch', 'design_and_sales'],
    });
    const name = `E2E ${member.username}`;
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, member);
    await waitForSignedInFrame(page, name);
    const switcher = page.getByRole('group', { name: 'Language' });
    await switcher.getByText('Nederlands').click();
    await page.getByRole('group', { name: 'Taal' }).waitFor();
    await page.getByRole('button', { name: `Accountmenu van ${name}` }).waitFor();
    await page.getByRole('button', { name: 'Navigatie tonen of verbergen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    await checkScreen(page, 'language-dashboard-nl');

    await page.reload();
    await page.getByRole('group', { name: 'Taal' }).waitFor();
    await page.getByRole('group', { name: 'Taal' }).getByText('English').click();
    await page.getByRole('group', { name: 'Language' }).waitFor();
    await page.getByRole('button', { name: 'Toggle navigation' }).waitFor();
  });
});
