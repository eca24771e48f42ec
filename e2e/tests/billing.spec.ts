/**
 * Issue 29, browser journeys: billing analytics for a developer (MY BILLING: 90 days, a carrier
 * drilled into, the view downloaded), a carrier admin (its own network only) and the platform
 * (two carriers compared). Every journey signs in through the real sign-in page.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const screenshots = screenshotsIn('billing');
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

/** Still charts for screenshots (no animation half-way). */
async function stillCharts(page: Page) {
  await page.addInitScript(() => {
    document.documentElement.dataset.stillCharts = '1';
  });
}

/** A summary card's value by its label. */
async function card(page: Page, label: string): Promise<number> {
  const summary = page.getByLabel('Summary');
  const term = summary.locator('dt', { hasText: label }).first();
  await expect(term).toBeVisible();
  return money(await term.locator('xpath=following-sibling::dd[1]').textContent());
}

/** A breakdown's table (shown through its card's toggle). */
async function breakdownTable(page: Page, title: string) {
  const region = page.getByRole('region', { name: title });
  await region.getByRole('button', { name: 'Table' }).click();
  return region.getByRole('table');
}

test('when a developer opens MY BILLING, switches to 90 days and drills into a carrier then the page filters by it and downloads', async ({
  page,
}) => {
  await stillCharts(page);
  await signInFromLanding(page, 'developer@portico.test');
  await page.getByRole('navigation').getByRole('link', { name: 'MY BILLING' }).click();
  await expect(page).toHaveURL(/\/u\/analytics\?slug=billing/);
  await expect(page.getByRole('heading', { name: 'My Billing', level: 1 })).toBeVisible();
  expect(await card(page, 'Messages sent')).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Messages per day' }).locator('svg').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'developer-30-days');

  await page.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Last 90 days' });
  await expect(page).toHaveURL(/preset=90d/);
  await expect(page.getByText(/\(90 days\)/)).toBeVisible();
  const allSent = await card(page, 'Messages sent');

  const carriers = await breakdownTable(page, 'By carrier');
  await carriers.getByRole('button', { name: 'Reliance Jio' }).click();
  await expect(page).toHaveURL(/carrier_id=\d+/);
  await expect(
    page.getByRole('button', { name: /Carrier: Reliance Jio\. Remove this filter/ }),
  ).toBeVisible();
  await expect.poll(() => card(page, 'Messages sent')).toBeLessThan(allSent);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'developer-90-days-jio');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^billing-analytics-\d{4}-\d{2}-\d{2}\.pdf$/);

  // This month's statement.
  const statement = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Monthly statement' })
    .getByRole('button', { name: 'Download statement' })
    .click();
  const month = new Date().toISOString().slice(0, 7);
  const file = await statement;
  expect(file.suggestedFilename()).toBe(`statement-${month}.pdf`);
  const { readFile } = await import('node:fs/promises');
  expect((await readFile((await file.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  // Kept beside the screenshots, to be looked at as pages.
  await file.saveAs(new URL('../screenshots/billing/statement.pdf', import.meta.url).pathname);

  // Back returns to the view before the drill-down.
  await page.goBack();
  await expect(page).not.toHaveURL(/carrier_id=/);
});

test("when the carrier admin opens BILLING then it sees only Reliance Jio's traffic and revenue", async ({
  page,
}) => {
  await stillCharts(page);
  await signInFromLanding(page, 'carrier-admin@portico.test');
  await page.goto('/billing/analytics?slug=billing&preset=90d');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  expect(await card(page, 'Revenue')).toBeGreaterThan(0);
  const carriers = await breakdownTable(page, 'By carrier');
  const names = await carriers.locator('tbody tr th, tbody tr td:first-child').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toBe('Reliance Jio');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'carrier-jio');

  // Another carrier in the address is not found.
  await page.goto('/billing/analytics?slug=billing&carrier_id=999999');
  await expect(page.getByRole('alert')).toContainText('No such carrier.');
});

test('when the platform admin compares two carriers then each drill-down shows its own revenue, within the total', async ({
  page,
}) => {
  await stillCharts(page);
  await signInFromLanding(page, 'superadmin@portico.test');
  await page.goto('/admin/dashboard');
  const revenueCard = page.getByRole('region', { name: 'Revenue' });
  await expect(revenueCard.getByText(/against the 30 days before|None in the 30 days before/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'platform-dashboard');
  await revenueCard.getByRole('link', { name: 'Open BILLING' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?slug=billing/);
  await page.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Last 90 days' });
  await expect(page).toHaveURL(/preset=90d/);
  await expect(page.getByRole('heading', { name: 'By partner' })).toBeVisible();

  const revenueOf = async (carrier: string) => {
    const table = await breakdownTable(page, 'By carrier');
    await table.getByRole('button', { name: carrier }).click();
    await expect(
      page.getByRole('button', { name: new RegExp(`Carrier: ${carrier}\\. Remove this filter`) }),
    ).toBeVisible();
    const byCarrier = await breakdownTable(page, 'By carrier');
    const amount = money(await byCarrier.locator('tbody tr').first().locator('td').last().textContent());
    await page.goBack();
    await expect(page).not.toHaveURL(/carrier_id=/);
    return amount;
  };
  const jio = await revenueOf('Reliance Jio');
  const airtel = await revenueOf('Bharti Airtel');
  expect(jio).toBeGreaterThan(0);
  expect(airtel).toBeGreaterThan(0);
  expect(jio).not.toBe(airtel);

  // A partner's statement, for the platform: drilled into from the partner breakdown.
  const partners = await breakdownTable(page, 'By partner');
  // The first partner's drill-down (the headers above the rows are buttons too: they sort the table).
  await partners.locator('tbody').getByRole('button').first().click();
  await expect(page).toHaveURL(/partner_id=/);
  const statement = page.waitForEvent('download');
  await page
    .getByRole('region', { name: /^Statement of / })
    .getByRole('button', { name: 'Download statement' })
    .click();
  expect((await statement).suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
  await page.goBack();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'platform-90-days');
});
