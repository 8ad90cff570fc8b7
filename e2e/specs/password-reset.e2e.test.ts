import { describe, expect, inject, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { PASSWORD_LABEL, signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';
import { linkIn, newestMailTo } from '../support/mail.ts';

// globex-editor is used by no other spec: changing its password cannot disturb them.
const USER = 'globex-editor';
const NEW_PASSWORD = 'a-new-e2e-password-2026';

describe('forgot password (POST /v2/password/forgot, mail as .eml without SMTP)', () => {
  const e2e = useBrowser();
  const { dataDir } = inject('e2eServer');

  it('mails a link that sets a new password, which then signs in', async () => {
    const page = await e2e.openPage(HOSTS.globexHatch, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await checkScreen(page, 'forgot-password');

    const requestedAt = Date.now();
    await page.getByRole('textbox', { name: /^E-mail address/ }).fill(DEMO_USERS[USER].email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'we have sent' }).waitFor();
    await checkScreen(page, 'forgot-password-sent');

    let mail: string | null = null;
    await expect
      .poll(
        () => {
          mail = newestMailTo(dataDir, DEMO_USERS[USER].email);
          return mail;
        },
        { timeout: 15_000 },
      )
      .not.toBeNull();
    const link = linkIn(mail ?? '', '/reset-password');
    expect(link, `a /reset-password link in the mail:\n${mail}`).not.toBeNull();
    const url = new URL(link ?? '');
    expect(url.hostname).toBe('hatch-globex.meshport.localhost');
    expect(Date.now() - requestedAt).toBeLessThan(15_000);

    await page.goto(url.toString());
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Repeat new password/).fill(`${NEW_PASSWORD}-typo`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel(/^Repeat new password/).fill(NEW_PASSWORD);
    await checkScreen(page, 'reset-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
    await checkScreen(page, 'reset-password-done');

    await page.getByRole('link', { name: 'Go to login' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('textbox', { name: 'Username or e-mail' }).fill(USER);
    await page.getByLabel(PASSWORD_LABEL).fill('meshport-demo-2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid Username or Password' }).waitFor();

    await signIn(page, USER, { password: NEW_PASSWORD });
    await expectDashboard(page, DEMO_USERS[USER].name);

    // The link works once.
    await page.context().clearCookies();
    await page.goto(url.toString());
    await page.getByLabel(/^New password/).fill(`${NEW_PASSWORD}-again`);
    await page.getByLabel(/^Repeat new password/).fill(`${NEW_PASSWORD}-again`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid or has already been used/ })
      .waitFor();
  });
});
