/**
 * Issue 26, point 10: the notification centre in the header. The demo developer has notifications of
 * its launches' decisions (seeded through the service); the bell counts the unread ones, opens the
 * newest, each leads to its page and is marked read; the list pages through all of them. Axe and
 * shots at 1280 and 600 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, NARROW, screenshotsIn } from '../support/screenshots.ts';
import { expectOpened, seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

test.describe.configure({ timeout: 180_000 });
const screenshots = screenshotsIn('notifications');

async function axeAtBothWidths(page: Page) {
  for (const viewport of [DESKTOP, NARROW]) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

test('when the developer opens the bell then the newest notifications show, one leads to its page and is read', async ({
  browser,
}) => {
  // Marks one read: its own context, so the other journeys' demo state is only one read notification less.
  const context = await browser.newContext({
    storageState: storageStatePath('child-readwrite'),
    viewport: DESKTOP,
  });
  const page = await context.newPage();
  await page.goto('/u/dashboard');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expectOpened(dialog);
  const unreadItem = dialog.getByRole('menuitem').filter({ hasText: '(unread)' }).first();
  await expect(unreadItem).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'bell-open');
  await unreadItem.click();
  // The newest may be a launch decision or, since the demo campaigns, a campaign that finished.
  await expect(page).toHaveURL(/\/u\/(view-bot-details\/|my-campaigns\?campaign=)/);
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Notifications, ${before - 1} unread` }),
  ).toBeVisible();
  await context.close();
});

test('when a user opens the notifications list then it lists them newest first and filters the unread', async ({
  browser,
}) => {
  const context = await browser.newContext({
    storageState: storageStatePath('superadmin'),
    viewport: DESKTOP,
  });
  const page = await context.newPage();
  await page.goto('/admin/dashboard');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: 'See all notifications' })
    .click();
  await expect(page).toHaveURL('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem').first()).toContainText('waits for your review');
  await axeAtBothWidths(page);
  await screenshots(page, 'list');
  await page.getByLabel('Unread only').check();
  await expect(list.getByRole('listitem').first()).toContainText('(unread)');
  await context.close();
});
