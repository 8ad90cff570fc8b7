import { faqCategoryEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { pathOf, signIn, useBrowser, waitForPath, waitForSignedInFrame } from '../support/browser.ts';
import { DEMO_USERS, type DemoUsername, HOSTS } from '../support/hosts.ts';
import { confirm, rowAction, seeBanner } from '../support/list-actions.ts';

/**
 * administration.md §2 FAQ, issue reports and feedback reports. Every record is this spec's own
 * (a suffix in its name): the demo FAQ and reports other specs read stay as they are.
 */
describe('support: FAQ, issue and feedback reports (administration.md §2)', () => {
  const e2e = useBrowser();
  const suffix = Date.now().toString(36);
  const issueTitle = `E2E crash ${suffix}`;
  const feedbackComment = `E2E praise ${suffix}`;

  const signedIn = async (user: DemoUsername, path: string): Promise<Page> => {
    const page = await e2e.openPage(HOSTS.acmeHatch, '/login');
    await signIn(page, user);
    await waitForSignedInFrame(page, DEMO_USERS[user].name);
    await page.goto(e2e.url(HOSTS.acmeHatch, path));
    return page;
  };

  const region = (page: Page, name: string) => page.getByRole('main').getByRole('region', { name, exact: true });

  const pick = async (page: Page, field: RegExp, option: string) => {
    // A multi-select's pills field lies over its input: the click lands on it and opens the list as well.
    // Forced, the click skips waiting for a panel that is still sliding in under a busy machine; when
    // it landed before the field was there, the list stays shut: open it again.
    const box = page.getByRole('combobox', { name: field });
    const choice = page.getByRole('option', { name: option, exact: true });
    await box.click({ force: true });
    if (
      !(await choice.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      ))
    )
      await box.click({ force: true });
    await choice.click();
  };

  it('editor reports an issue and rates the portal with the keyboard', async () => {
    const page = await signedIn('editor', '/issue_report');
    await page.getByRole('heading', { name: 'Report an Issue', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send report' }).click();
    expect(await page.getByText('Required.').count()).toBeGreaterThan(0);

    await pick(page, /^Products/, 'Design & Sales');
    await page.getByRole('option', { name: 'Mobile', exact: true }).click();
    await page.keyboard.press('Escape');
    await pick(page, /^Severity/, 'High');
    await page.getByRole('textbox', { name: /^Title/ }).fill(issueTitle);
    await page.getByRole('textbox', { name: 'Description' }).fill('The editor closes when saving a large project.');
    await checkScreen(page, 'support-issue-report-form');
    await page.getByRole('button', { name: 'Send report' }).click();
    await seeBanner(page, 'Thank you! Your issue report has been sent.');
    expect(await page.getByRole('textbox', { name: /^Title/ }).inputValue()).toBe('');

    await page.goto(e2e.url(HOSTS.acmeHatch, '/feedback_report'));
    await page.getByRole('heading', { name: 'Give Feedback', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Choose a rating from 1 to 5 stars.').waitFor();
    // A radio group: focus the first star, arrow keys move, Space chooses.
    await page.getByRole('radio', { name: '1 of 5 stars' }).focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: '4 of 5 stars' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Comment' }).fill(feedbackComment);
    await checkScreen(page, 'support-feedback-form');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await seeBanner(page, 'Thank you for your feedback!');
  });

  it('admin finds the reports with filters, opens the overviews, links the issue and deletes the feedback', async () => {
    const page = await signedIn('admin', '/admin/issue_report');
    const issues = region(page, 'Issue reports');
    await issues.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    await issues.getByRole('button', { name: 'Filter', exact: true }).click();
    await pick(page, /^Severity/, 'High');
    await page.keyboard.press('Escape');
    // A retried first test may have sent the report twice.
    const issueRow = issues.getByRole('row').filter({ hasText: issueTitle }).first();
    await issueRow.waitFor();
    expect(await issueRow.textContent()).toContain('Design & Sales, Mobile');
    expect(await issueRow.textContent()).toContain(DEMO_USERS.editor.email);
    await checkScreen(page, 'support-admin-issue-reports');

    await issueRow.getByRole('link', { name: /^Open issue report/ }).click();
    await page.getByRole('heading', { name: issueTitle }).waitFor();
    await page.getByText('no link', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Link to the issue tracker' }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save link' }).click();
    await page.getByText('Must be a web address starting with http:// or https://.').waitFor();
    const link = `https://tracker.example/E2E-${suffix}`;
    await page.getByRole('textbox', { name: 'Link to the issue tracker' }).fill(link);
    await page.getByRole('button', { name: 'Save link' }).click();
    await seeBanner(page, 'Issue report updated successfully');
    await page.getByRole('link', { name: link }).waitFor();
    await pick(page, /^Status/, 'In progress');
    await seeBanner(page, 'Issue report updated successfully');
    await checkScreen(page, 'support-issue-report-overview');

    await page.goto(e2e.url(HOSTS.acmeHatch, '/admin/feedback_report'));
    const feedback = region(page, 'Feedback reports');
    await feedback.getByRole('searchbox', { name: 'Search' }).fill(suffix);
    await feedback.getByRole('button', { name: 'Filter', exact: true }).click();
    await pick(page, /^Rating/, '4 of 5 stars');
    await page.keyboard.press('Escape');
    const feedbackRow = feedback.getByRole('row').filter({ hasText: DEMO_USERS.editor.name }).first();
    await feedbackRow.waitFor();
    await checkScreen(page, 'support-admin-feedback-reports');
    await feedbackRow.getByRole('link', { name: /^Open feedback report/ }).click();
    await page.getByText(feedbackComment).waitFor();
    await checkScreen(page, 'support-feedback-report-overview');

    const id = pathOf(page).split('/').at(-1) ?? '';
    await page.getByRole('link', { name: 'Back to the feedback reports' }).click();
    await rowAction(page, feedback, `Feedback Report ${id}`, 'Delete');
    await confirm(page, 'Are you sure you want to delete this feedback report?', 'Delete');
    await seeBanner(page, 'Feedback report successfully deleted');
    await feedback
      .getByRole('link', { name: `Open feedback report ${id}`, exact: true })
      .waitFor({ state: 'detached' });
  });

  it('admin renames a FAQ category inline with Enter, adds a question and reads it on the category page', async () => {
    const api = apiClient(e2e.port, HOSTS.acmeHatch, await apiLogin(e2e.port, HOSTS.acmeHatch, 'admin'));
    const created = await api.call(faqCategoryEndpoints.create, { body: { name: `E2E category ${suffix}` } });
    const renamed = `E2E renamed ${suffix}`;
    try {
      const page = await signedIn('admin', '/faq');
      await page.getByRole('heading', { name: 'Frequently Asked Questions', level: 1 }).waitFor();
      const list = region(page, 'FAQ categories');
      await list.getByRole('button', { name: `Rename E2E category ${suffix}` }).click();
      const field = list.getByRole('textbox', { name: 'Category name' });
      await field.fill(renamed);
      await field.press('Enter');
      await seeBanner(page, 'Category updated successfully');
      await list.getByRole('button', { name: `Rename ${renamed}` }).waitFor();
      await checkScreen(page, 'support-faq-list-admin');

      await page.getByRole('link', { name: 'New FAQ' }).click();
      await waitForPath(page, '/faq/create');
      await pick(page, /^Category/, renamed);
      const question = `How do I test ${suffix}?`;
      await page.getByRole('textbox', { name: /^Question/ }).fill(question);
      await page.getByRole('textbox', { name: /^Answer/ }).fill('With a real browser.');
      await checkScreen(page, 'support-faq-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, `/faq/${created.data.id}`);
      await page.getByRole('heading', { name: renamed, level: 1 }).waitFor();
      await page.getByRole('button', { name: question }).click();
      await page.getByText('With a real browser.').waitFor();
      await checkScreen(page, 'support-faq-category');

      await page.getByRole('link', { name: 'Back to the FAQ' }).click();
      await rowAction(page, list, renamed, 'Delete');
      await confirm(
        page,
        'Are you sure you want to delete this category and all its questions? This action is irreversible!',
        'Delete',
      );
      await seeBanner(page, 'Category deleted successfully');
    } finally {
      await api.call(faqCategoryEndpoints.delete, { params: { id: created.data.id } }).catch(() => undefined);
    }
  });
});
