/**
 * Issue 12 item 4, browser journey (read and decide-dialog only: approving the seeded pending
 * aggregator would change the shell other journeys expect of it). The super admin finds the pending
 * aggregator, reads its details and users, and opens the decision dialog; a carrier sees the
 * approved aggregator.
 */
import { expect, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });
// Several sign-ins and axe runs on a shared 2-core machine.
test.setTimeout(150_000);

const screenshots = screenshotsIn('aggregators');

test('when the super admin opens a pending aggregator then its details, users and the decisions show, and a rejection asks why', async ({
  page,
}) => {
  await signInFromLanding(page, 'superadmin@portico.test');
  await page.goto('/admin/aggregators');
  await expect(page.getByRole('heading', { name: 'Aggregators', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Aggregators' })).toContainText('Nimbus Messaging Pvt Ltd');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'list');

  await page.getByRole('link', { name: 'Nimbus Messaging Pvt Ltd' }).click();
  await expect(page.getByRole('heading', { name: 'Nimbus Messaging Pvt Ltd', level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Aggregator summary' });
  await expect(summary).toContainText('Awaiting approval');
  await expect(summary).toContainText('aggregator-pending@portico.test');
  await expect(summary.getByRole('button', { name: 'Approve' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'details');

  await summary.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give a reason: it is shown to the submitter.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('when a carrier opens its aggregators then it sees the approved one, never the pending', async ({
  page,
}) => {
  await signInFromLanding(page, 'carrier-admin@portico.test');
  await page.goto('/billing/my-aggregators');
  await page.getByRole('tab', { name: 'All' }).click();
  const table = page.getByRole('table', { name: 'Aggregators' });
  await expect(table).toContainText('Orbit Reach Communications');
  await expect(table).not.toContainText('Nimbus Messaging Pvt Ltd');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'carrier-list');
});
