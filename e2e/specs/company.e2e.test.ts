import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { rootCssVariable } from '../support/app.ts';
import { checkScreen } from '../support/artifacts.ts';
import { PASSWORD_LABEL, signIn, useBrowser, waitForPath } from '../support/browser.ts';
import { HOSTS } from '../support/hosts.ts';
import { confirm, rowAction, seeBanner } from '../support/list-actions.ts';
import { linkIn, newestMailTo } from '../support/mail.ts';

// A company of this spec only: acme and globex keep their colours, users and settings.
const SUFFIX = Date.now().toString(36);
const COMPANY = { name: `E2E Company ${SUFFIX}`, sub: `e2e-${SUFFIX}` };
const ADMIN = { name: 'Cora Company', email: `cora-${SUFFIX}@e2e.example`, password: `cora-pass-${SUFFIX}` };
const CUSTOM = '#1E7A3C';

describe('My Company and admin companies', () => {
  const e2e = useBrowser();
  const { dataDir } = inject('e2eServer');
  /** The same path on the new company's hatch host. */
  const companyUrl = (path: string) => {
    const url = new URL(e2e.url(HOSTS.acmeHatch, path));
    url.hostname = `hatch-${COMPANY.sub}.${url.hostname.split('.').slice(1).join('.')}`;
    return url.toString();
  };
  const signInNewAdmin = async (page: Page) => {
    await page.goto(companyUrl('/login'));
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('textbox', { name: 'Username or e-mail' }).fill(ADMIN.email);
    await form.getByLabel(PASSWORD_LABEL).fill(ADMIN.password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
  };

  it('admin creates a company whose invited administrator sets a password and signs in on its sub-domain', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, 'admin');
    await page.goto(e2e.url(HOSTS.acmeHatch, '/admin/companies'));
    const list = page.getByRole('table', { name: 'Companies' });
    await list.getByRole('cell', { name: 'acme.meshport.localhost' }).waitFor();
    await checkScreen(page, 'admin-companies');

    await page.getByRole('link', { name: 'New Company' }).click();
    await waitForPath(page, '/admin/companies/create');
    await page.getByRole('textbox', { name: /^Name/ }).fill(COMPANY.name);
    await page.getByRole('textbox', { name: /^Sub-domain/ }).fill('Bad_Name');
    await page.getByRole('textbox', { name: /^Sub-domain/ }).fill(COMPANY.sub);
    await page.getByRole('textbox', { name: 'Design & Sales' }).fill('2');
    await page.getByRole('textbox', { name: 'Converter & Optimizer' }).fill('1');
    await page.getByRole('textbox', { name: /^Administrator name/ }).fill(ADMIN.name);
    await page.getByRole('textbox', { name: /^Administrator e-mail/ }).fill(ADMIN.email);
    await checkScreen(page, 'admin-company-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/admin/companies');
    await list.getByRole('cell', { name: COMPANY.name, exact: true }).waitFor();

    let mail: string | null = null;
    await expect
      .poll(
        () => {
          mail = newestMailTo(dataDir, ADMIN.email);
          return mail;
        },
        { timeout: 15_000 },
      )
      .not.toBeNull();
    const link = new URL(linkIn(mail ?? '', '/reset-password') ?? 'http://none/');
    expect(link.hostname).toBe(`hatch-${COMPANY.sub}.meshport.localhost`);

    const invited = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await invited.goto(link.toString());
    await invited.getByLabel(/^New password/).fill(ADMIN.password);
    await invited.getByLabel(/^Repeat new password/).fill(ADMIN.password);
    await invited.getByRole('button', { name: 'Save new password' }).click();
    await invited.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
    await signInNewAdmin(invited);
    await invited.getByRole('heading', { name: ADMIN.name, level: 1 }).waitFor();
  });

  it('a colour saved on My Company re-themes a second open page at once; admin then deletes the company', async () => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signInNewAdmin(page);
    const other = await page.context().newPage();
    await other.goto(companyUrl('/'));
    await other.getByRole('heading', { name: ADMIN.name, level: 1 }).waitFor();
    const before = (await rootCssVariable(other, '--primary-color')).toUpperCase();

    await page.goto(companyUrl('/user/company'));
    await page.getByRole('heading', { name: 'Company details' }).waitFor();
    await page.getByText('Custom', { exact: true }).click();
    const color = page.getByRole('textbox', { name: 'Primary colour (hex)' });
    await color.fill(CUSTOM);
    await expect.poll(async () => (await rootCssVariable(page, '--primary-color')).toUpperCase()).toBe(CUSTOM);
    await checkScreen(page, 'my-company');
    // The other page still shows the stored colour until the save.
    expect((await rootCssVariable(other, '--primary-color')).toUpperCase()).toBe(before);
    await page.getByRole('button', { name: 'Save' }).click();
    await seeBanner(page, 'Update successful');
    await expect
      .poll(async () => (await rootCssVariable(other, '--primary-color')).toUpperCase(), { timeout: 10_000 })
      .toBe(CUSTOM);

    const admin = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(admin, 'admin');
    await admin.goto(e2e.url(HOSTS.acmeHatch, '/admin/companies'));
    const list = admin.getByRole('table', { name: 'Companies' });
    await rowAction(admin, list, COMPANY.name, 'Delete');
    await confirm(
      admin,
      'Are you sure you want to delete this company? This will delete everything linked to this company. This action is irreversible!',
      'Confirm',
    );
    await seeBanner(admin, `${COMPANY.name} deleted`);
    await list.getByRole('cell', { name: COMPANY.name, exact: true }).waitFor({ state: 'detached' });
  });
});
