import { notificationEndpoints, signInEndpoints } from '@meshport/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { checkScreen } from '../support/artifacts.ts';
import { signIn, useBrowser } from '../support/browser.ts';
import { expectDashboard } from '../support/dashboard.ts';
import { DEMO_USERS, HOSTS } from '../support/hosts.ts';

/**
 * The bell (shell.md §2 Notifications, §4): live reload on UserNotificationUpdated, open marks
 * read, mark all read, unread/all toggle, 10 more on scrolling to the end. Viewer's bell only:
 * no other spec reads it.
 */
const HOST = HOSTS.acmeCustomerportal;
const USER = 'viewer' as const;

describe('notifications bell (shell.md §2, §4)', () => {
  const e2e = useBrowser();

  async function send(title: string, text: string): Promise<void> {
    const admin = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, 'admin'));
    const viewer = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, USER));
    const me = await viewer.call(signInEndpoints.validate);
    const sent = await admin.call(notificationEndpoints.send, { body: { user_id: me.user.id, title, text } });
    // 201 with the notice (202, a message only, when the user turned these notices off)
    expect(sent.data).toMatchObject({ title, text });
  }

  function bell(page: Page) {
    return page.getByRole('button', { name: /^Notifications/ });
  }

  async function unreadOf(page: Page): Promise<number> {
    const label = (await bell(page).getAttribute('aria-label')) ?? '';
    const match = /(\d+) unread/.exec(label);
    return match ? Number(match[1]) : 0;
  }

  async function openBell(page: Page) {
    await bell(page).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.waitFor();
    return dialog;
  }

  it('shows a notification sent on the server at once, marks it read when opened, and marks all read', async () => {
    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, USER);
    await expectDashboard(page, DEMO_USERS[USER].name);
    const dialog = await openBell(page);
    await dialog.getByText('Loading Notifications...').waitFor({ state: 'detached' });
    const before = await unreadOf(page);

    const title = `Live notice ${Date.now()}`;
    const text = 'Sent by the end-to-end test through POST /v2/admin/notifications.';
    await send(title, text);
    // No reload: the realtime event brings it into the open list and the badge.
    const entry = dialog.getByRole('listitem').filter({ hasText: title });
    await entry.waitFor();
    await expect.poll(() => unreadOf(page)).toBe(before + 1);
    await checkScreen(page, 'notifications-live');

    const toggle = entry.getByRole('button');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await entry.getByText(text).waitFor();
    await expect.poll(() => unreadOf(page)).toBe(before);
    // Opened in 'unread only' mode, it stays in view while the bell is open.
    await entry.getByText('Read', { exact: true }).waitFor({ state: 'attached' });
    await checkScreen(page, 'notifications-opened');

    const markAll = dialog.getByRole('button', { name: 'Mark all as read' });
    if (before > 0) {
      await markAll.click();
      await expect.poll(() => unreadOf(page)).toBe(0);
    }
    await expect.poll(() => markAll.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const reopened = await openBell(page);
    await reopened.getByText('You have no unread notifications.').waitFor();
    await reopened.getByText('All', { exact: true }).click();
    await reopened.getByRole('listitem').filter({ hasText: title }).waitFor();
    await checkScreen(page, 'notifications-all');
  });

  it('lists 10 and loads 10 more when scrolled to the end', async () => {
    const admin = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, 'admin'));
    const viewer = apiClient(e2e.port, HOST, await apiLogin(e2e.port, HOST, USER));
    const me = await viewer.call(signInEndpoints.validate);
    const all = await viewer.call(notificationEndpoints.list, { query: { with_read: true } });
    for (let index = all.meta.total; index < 12; index += 1) {
      const title = `Paging notice ${index + 1}`;
      const sent = await admin.call(notificationEndpoints.send, {
        body: { user_id: me.user.id, title, text: 'For the paging test.' },
      });
      expect(sent.data).toMatchObject({ title });
    }

    const page = await e2e.openPage(HOST, '/login');
    await signIn(page, USER);
    await expectDashboard(page, DEMO_USERS[USER].name);
    const dialog = await openBell(page);
    await dialog.getByText('All', { exact: true }).click();
    const items = dialog.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(10);
    await items.nth(9).scrollIntoViewIfNeeded();
    await dialog.locator('ul').evaluate((list) => {
      const scroller = list.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
    await expect.poll(() => items.count()).toBeGreaterThan(10);
  });
});
