import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { checkScreen } from '../support/artifacts.ts';
import { PASSWORD_LABEL, pathOf, useBrowser, waitForPath } from '../support/browser.ts';
import { HOSTS } from '../support/hosts.ts';
import { seeBanner } from '../support/list-actions.ts';
import { linkIn, newestMailTo } from '../support/mail.ts';
import { type CreatedMember, createMember } from '../support/users.ts';

// Members of this spec's own making (Viewer role, design_and_sales: the customerportal host):
// their details and passwords change here, never a demo user's.
const HOST = HOSTS.acmeCustomerportal;
/** Unique per attempt: a retried test makes a new member. */
const unique = (name: string) => `${name}-${Date.now().toString(36)}`;

/** The newest mail (.eml) to `to` that `accept`s, once the server has written it. */
async function mailTo(to: string, accept: (mail: string) => boolean = () => true): Promise<string> {
  const { dataDir } = inject('e2eServer');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        const mail = newestMailTo(dataDir, to);
        found = mail && accept(mail) ? mail : null;
        return found !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found ?? '';
}

async function signInAs(
  page: Page,
  member: CreatedMember,
  password = member.password,
  identity = member.username,
): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByRole('textbox', { name: 'Username or e-mail' }).fill(identity);
  await form.getByLabel(PASSWORD_LABEL).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
}

describe('My Account (/user/profile)', () => {
  const e2e = useBrowser();

  it('edits the details and notification settings, and shows them in the activity', async () => {
    const member = await createMember(e2e.port, HOST, { username: unique('mya-details') });
    const page = await e2e.openPage(HOST, '/login');
    await signInAs(page, member);
    await page.goto(e2e.url(HOST, '/user/profile'));
    await page.getByRole('tab', { name: 'Details', selected: true }).waitFor();
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe(`E2E ${member.username}`);
    expect(await page.getByLabel(/^Email/).getAttribute('type')).toBe('email');
    await checkScreen(page, 'my-account-details');

    await page.getByLabel(/^Name/).fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Name is required.').waitFor();
    await page.getByLabel(/^Name/).fill('Mya Details');
    await page.getByLabel('Function').fill('Sales designer');
    await page.getByLabel('Phone Number').fill('+31 20 555 0101');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeBanner(page, 'Update successful');

    await page.getByRole('tab', { name: 'Settings' }).click();
    await waitForPath(page, '/user/profile');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('settings');
    await page.getByRole('button', { name: 'E-mail notifications' }).click();
    const email = page.getByRole('group', { name: 'E-mail notifications' });
    // Processing: only the failures mail by default, so the category is partial.
    const processing = email.getByRole('checkbox', { name: 'Processing', exact: true });
    await processing.waitFor();
    expect(await processing.getAttribute('data-indeterminate')).toBe('true');
    await processing.click();
    expect(await processing.isChecked()).toBe(true);
    expect(await email.getByRole('checkbox', { name: 'Model finished processing' }).isChecked()).toBe(true);
    await email.getByRole('checkbox', { name: 'Model finished processing' }).click();
    expect(await processing.getAttribute('data-indeterminate')).toBe('true');
    await checkScreen(page, 'my-account-settings');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeBanner(page, 'Update successful');

    await page.reload();
    await page.getByRole('button', { name: 'E-mail notifications' }).click();
    const reloaded = page.getByRole('group', { name: 'E-mail notifications' });
    expect(await reloaded.getByRole('checkbox', { name: 'Library item finished processing' }).isChecked()).toBe(true);
    expect(await reloaded.getByRole('checkbox', { name: 'Model finished processing' }).isChecked()).toBe(false);

    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByText('Updated their account').first().waitFor();
    expect(await page.getByText('Updated their account').count()).toBe(2);
    await checkScreen(page, 'my-account-activity');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/');
  });

  it('changes the password with errors under their fields, then logs out on all devices', async () => {
    const member = await createMember(e2e.port, HOST, { username: unique('mya-password') });
    const other = await e2e.openPage(HOST, '/login');
    await signInAs(other, member);
    const page = await e2e.openPage(HOST, '/login');
    await signInAs(page, member);
    await page.goto(e2e.url(HOST, '/user/profile?tab=settings'));
    const current = page.getByLabel('Current password');
    await current.fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The current password is incorrect.').waitFor();
    await page.getByText('The new password must be at least 8 characters.').waitFor();
    await page.getByText('The new password confirmation does not match.').waitFor();
    await checkScreen(page, 'my-account-password-errors');

    const second = `${member.password}-2`;
    await current.fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill(second);
    await page.getByLabel('Confirm new password').fill(second);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeBanner(page, 'Update successful');
    expect(await current.inputValue()).toBe('');

    await current.fill(second);
    await page.getByLabel('New password', { exact: true }).fill(`${second}-3`);
    await page.getByLabel('Confirm new password').fill(`${second}-3`);
    await page.getByRole('checkbox', { name: 'Log out on all devices' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Are you sure you want to log out on all devices\?/).waitFor();
    await dialog.getByRole('button', { name: 'Log out on all devices' }).click();
    await waitForPath(page, '/login');

    // The other device's session has ended too; the new password signs in.
    await other.reload();
    await waitForPath(other, '/login');
    await signInAs(page, member, `${second}-3`);
    expect(pathOf(page)).not.toBe('/login');
  });

  it('changes the e-mail with the current password; the new address counts once its link is followed', async () => {
    const member = await createMember(e2e.port, HOST, { username: unique('mya-email') });
    const oldEmail = `${member.username}@e2e.example`;
    const newEmail = `${member.username}-new@e2e.example`;
    const page = await e2e.openPage(HOST, '/login');
    await signInAs(page, member);
    await page.goto(e2e.url(HOST, '/user/profile'));
    await expect.poll(() => page.getByLabel(/^Email/).inputValue()).toBe(oldEmail);
    const password = page.getByLabel(/^Current password \(to change the e-mail\)/);
    expect(await password.count()).toBe(0);
    await page.getByLabel(/^Email/).fill(newEmail);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The current password is required to change the e-mail address.').waitFor();
    await checkScreen(page, 'my-account-email-password');
    await password.fill(member.password);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await seeBanner(
      page,
      `Update successful. We have sent a confirmation link to ${newEmail}: your e-mail address changes once you follow it.`,
    );
    // Until the link is followed the account keeps its address.
    await expect.poll(() => page.getByLabel(/^Email/).inputValue()).toBe(oldEmail);

    const url = new URL(linkIn(await mailTo(newEmail), '/verify-email') ?? 'http://none/');
    expect(url.hostname).toBe('customerportal-acme.meshport.localhost');
    const confirm = await e2e.openPage(HOST, `${url.pathname}${url.search}`);
    await confirm.getByRole('button', { name: 'Confirm the address' }).click();
    await confirm.getByText('Your e-mail address has been changed.').waitFor();
    await checkScreen(confirm, 'verify-email-done');
    await mailTo(oldEmail, (mail) => mail.includes('the e-mail address of your account changed'));

    const again = await e2e.openPage(HOST, '/login');
    await signInAs(again, member, member.password, newEmail);
    expect(pathOf(again)).not.toBe('/login');
  });
});
