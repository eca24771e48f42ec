/**
 * Issue 5, browser journeys: top-ups through the sandbox checkout, the wallet's balance and history,
 * the pricing page, and rate plans for read-only and read-write admins. Every journey signs in
 * through the real sign-in page as a seeded demo account.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const screenshots = screenshotsIn('wallet');

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

async function balance(page: Page): Promise<number> {
  const value = page.getByTestId('wallet-balance');
  await expect(value).toBeVisible();
  return money(await value.textContent());
}

async function topUpAndChoose(page: Page, amount: string, choice: RegExp) {
  await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: choice }).click();
  await expect(page).toHaveURL(/\/u\/my-wallet\?topup=/);
}

/** The history's Type filter on Top-up, so a charge settled meanwhile is not the first row. */
async function showOnlyTopUps(page: Page) {
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Top-up' });
}

test('when a developer tops up through the sandbox checkout then the balance and the history change once', async ({
  page,
}) => {
  await signInFromLanding(page, 'developer@portico.test');
  await page.goto('/u/my-wallet');
  await expect(page.getByRole('heading', { name: 'My Wallet', level: 1 })).toBeVisible();
  const before = await balance(page);
  expect(before).toBeGreaterThan(0);
  // The seeded history came through the ledger (top-ups only: other journeys' sends add charges meanwhile).
  await showOnlyTopUps(page);
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Wallet top-up (sandbox)');
  await screenshots(page, 'page');

  // Validation keeps what was typed.
  await page.getByRole('textbox', { name: 'Amount' }).fill('5');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await expect(page.getByText('Amount must be at least 10.00')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('5');

  await page.getByRole('textbox', { name: 'Amount' }).fill('40');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await screenshots(page, 'checkout');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/u\/my-wallet\?topup=.*outcome=succeeded/);
  await expect(page.getByRole('status').filter({ hasText: 'Top-up of $40.00 received' })).toBeVisible();
  await expect.poll(() => balance(page)).toBeCloseTo(before + 40, 2);
  await showOnlyTopUps(page);
  const firstRow = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
  await expect(firstRow).toContainText('Wallet top-up (sandbox)');
  await expect(firstRow).toContainText('+$40.00');
  await screenshots(page, 'after-topup');

  // Filters and export.
  await page.getByRole('textbox', { name: 'Search description or reference' }).fill('no such thing');
  await expect(page.getByText('No transaction matches these filters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search description or reference' }).fill('');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^wallet-history-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test('when a checkout fails or is abandoned then the balance does not change', async ({ page }) => {
  await signInFromLanding(page, 'aggregator@portico.test');
  await page.goto('/u/my-wallet');
  const before = await balance(page);

  await topUpAndChoose(page, '25', /^Fail payment/);
  await expect(page.getByRole('status').filter({ hasText: 'The payment of $25.00 failed' })).toBeVisible();
  expect(await balance(page)).toBeCloseTo(before, 2);

  await topUpAndChoose(page, '30', /^Abandon checkout/);
  await expect(
    page.getByRole('status').filter({ hasText: 'The top-up of $30.00 was abandoned' }),
  ).toBeVisible();
  expect(await balance(page)).toBeCloseTo(before, 2);
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).not.toContainText(
    '$30.00',
  );
});

test('when a developer opens PRICING then the carriers of their region are listed with their prices', async ({
  page,
}) => {
  await signInFromLanding(page, 'developer@portico.test');
  await page.getByRole('banner').getByRole('link', { name: 'PRICING' }).click();
  await expect(page).toHaveURL('/u/my-carriers');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(page.getByText(/region India/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Carrier prices' });
  await expect(table).toContainText('Reliance Jio');
  await expect(table).toContainText('MPG01 · DG');
  await page.getByRole('button', { name: 'Show Reliance Jio prices' }).click();
  await expect(page.getByRole('table', { name: 'Reliance Jio prices per message' })).toContainText(
    'Single Message',
  );
  await screenshots(page, 'pricing');
});

test('when a read-only admin opens rate plans then nothing can be edited', async ({ page }) => {
  await signInFromLanding(page, 'admin-readonly@portico.test');
  await page.goto('/admin/rate-plans');
  await expect(page.getByRole('heading', { name: 'Rate Plans', level: 1 })).toBeVisible();
  await expect(page.getByText('Read-only admins can view rate plans but not change them.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Carrier' }).selectOption({ label: 'Reliance Jio (IN)' });
  await expect(page.getByRole('table', { name: 'Rate plan versions' })).toContainText('Reliance Jio');
  await expect(page.getByRole('button', { name: 'New version' })).toHaveCount(0);
  await screenshots(page, 'rate-plans-readonly');
});

test('when a read-write admin adds a version from tomorrow then it is listed as scheduled', async ({
  page,
}) => {
  await signInFromLanding(page, 'admin-readwrite@portico.test');
  await page.goto('/admin/rate-plans');
  await page.getByRole('combobox', { name: 'Carrier' }).selectOption({ label: 'Bharti Airtel (IN)' });
  await expect(page.getByRole('table', { name: 'Rate plan versions' })).toContainText('Bharti Airtel');
  await page.getByRole('button', { name: 'New version' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New rate plan version' });
  await expect(dialog).toBeVisible();
  // Nothing chosen: clear messages, nothing lost.
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog.getByText('Choose a carrier')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Carrier' }).selectOption({ label: 'Bharti Airtel (IN)' });
  await dialog.getByRole('textbox', { name: 'Verification price' }).fill('27.50');
  await dialog.getByRole('textbox', { name: 'SINGLE_MESSAGE OTP price' }).fill('0.0031');
  await screenshots(page, 'rate-plan-dialog');
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('row').filter({ hasText: 'Bharti Airtel' }).filter({ hasText: 'Scheduled' }),
  ).toContainText('$27.50');
});
