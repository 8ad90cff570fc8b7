import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { PASSWORD_LABEL, pathOf, signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';

const SESSION_DOMAIN = /^\.?meshport\.localhost$/;

describe('sign-in (shell.md §2 /login, §4 Session, §8)', () => {
  const e2e = useBrowser();

  it('shows the form with labelled fields, the tenant branding and Powered By', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    const form = page.getByRole('form', { name: 'Login' });
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await form.getByRole('textbox', { name: 'Username or e-mail' }).waitFor();
    await form.getByLabel(PASSWORD_LABEL).waitFor();
    await form.getByRole('checkbox', { name: 'Remember me' }).waitFor();
    await form.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await form.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByText('Acme Kitchens').count()).toBeGreaterThan(0);
    await page.getByText('Powered By').waitFor();
    expect(await page.getByRole('img', { name: 'Tenant Logo' }).count()).toBeGreaterThan(0);
    expect(await page.title()).toContain('Login');
    await checkScreen(page, 'sign-in-form');
  });

  it('toggles the password between hidden and shown', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    const password = page.getByLabel(PASSWORD_LABEL);
    await password.fill('secret-words');
    expect(await password.getAttribute('type')).toBe('password');
    const toggle = page.getByRole('button', { name: 'Show or hide password' });
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe('secret-words');
    await checkScreen(page, 'sign-in-password-shown');
    await toggle.click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('answers a wrong password with "Invalid Username or Password" and stays on /login', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await page.getByRole('textbox', { name: 'Username or e-mail' }).fill('editor');
    await page.getByLabel(PASSWORD_LABEL).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid Username or Password' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await checkScreen(page, 'sign-in-wrong-password');
  });

  it('requires both fields, naming each missing one', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('The username or e-mail field is required.').waitFor();
    await page.getByText('The password field is required.').waitFor();
    const identity = page.getByRole('textbox', { name: 'Username or e-mail' });
    expect(await identity.getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'sign-in-required-fields');

    await identity.fill('editor');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('The password field is required.').waitFor();
    expect(await page.getByText('The username or e-mail field is required.').count()).toBe(0);
    expect(pathOf(page)).toBe('/login');
  });

  it('lands on the dashboard with the greeting and the name, with an HttpOnly session cookie only', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await expectDashboard(page, DEMO_USERS.editor.name);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'user_session');
    expect(session, 'user_session cookie').toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.domain).toMatch(SESSION_DOMAIN);
    expect(session?.expires, 'a session cookie without remember-me has no expiry').toBe(-1);
    expect(cookies.some((cookie) => cookie.name === 'remember_session')).toBe(false);
    await checkScreen(page, 'dashboard-editor');
  });

  it('with remember-me also sets remember_session and keeps the session for a year', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor', { remember: true });
    await expectDashboard(page, DEMO_USERS.editor.name);
    const cookies = await page.context().cookies();
    const remember = cookies.find((cookie) => cookie.name === 'remember_session');
    expect(remember, 'remember_session cookie').toBeDefined();
    expect(remember?.domain).toMatch(SESSION_DOMAIN);
    const session = cookies.find((cookie) => cookie.name === 'user_session');
    const days = ((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
  });

  it('sends a signed-in user who opens /login to /', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'editor');
    await expectDashboard(page, DEMO_USERS.editor.name);
    await page.goto(e2e.url(HOSTS.acmeHatch, '/login'));
    await expectDashboard(page, DEMO_USERS.editor.name);
  });

  it('returns to the protected path (with its query) that sent a signed-out user to /login', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/portal?from=e2e');
    await waitForPath(page, '/login');
    await checkScreen(page, 'sign-in-after-redirect');
    await signIn(page, 'editor');
    await waitForPath(page, '/portal');
    expect(new URL(page.url()).search).toBe('?from=e2e');
    await page.getByRole('heading', { name: 'Choose your platform' }).waitFor();
    await checkScreen(page, 'portal-editor');
  });
});
