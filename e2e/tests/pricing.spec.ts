/**
 * Issue 25 point 2, browser journeys: the platform admin's WhatsApp rate cards on the rate-plans
 * screen (a tab beside the carriers' plans, a new version from tomorrow), and the developer's PRICING
 * page with each country's WhatsApp prices per category. Screenshots at 1280 and 600 px.
 */
import { expect, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const screenshots = screenshotsIn('pricing');

test('when a read-write admin opens the WhatsApp rate cards then each demo country is listed and a version from tomorrow is scheduled', async ({
  page,
}) => {
  await signInFromLanding(page, 'admin-readwrite@portico.test');
  await page.goto('/admin/rate-plans');
  await expect(page.getByRole('heading', { name: 'Rate Plans', level: 1 })).toBeVisible();
  // The carriers' list has its search and exports.
  await page.getByRole('textbox', { name: 'Search carrier, country or plan' }).fill('airtel');
  await expect(page.getByRole('table', { name: 'Rate plan versions' })).toContainText('Bharti Airtel');
  await expect(page.getByRole('button', { name: 'Excel' }).first()).toBeVisible();
  await screenshots(page, 'rate-plans-carriers');

  await page.getByRole('tab', { name: 'WhatsApp rate cards' }).click();
  await expect(page).toHaveURL(/tab=whatsapp/);
  const table = page.getByRole('table', { name: 'WhatsApp rate card versions' });
  await expect(table.getByRole('row').filter({ hasText: 'India' })).toContainText('$0.0107');
  await screenshots(page, 'rate-plans-whatsapp');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('textbox', { name: 'Search countries' }).fill('Germany');
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'New version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New WhatsApp rate card version' });
  await expect(dialog.getByRole('textbox', { name: 'Marketing' })).toHaveValue('0.1365');
  await dialog.getByRole('textbox', { name: 'Marketing' }).fill('0.14');
  await screenshots(page, 'rate-card-dialog');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save version' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Scheduled' })).toContainText('$0.14');
});

test('when a developer opens PRICING then the WhatsApp prices per country and category are listed', async ({
  page,
}) => {
  await signInFromLanding(page, 'developer@portico.test');
  await page.goto('/u/my-carriers');
  const table = page.getByRole('table', { name: 'WhatsApp prices by country' });
  await expect(table.getByRole('row').filter({ hasText: 'United States' })).toContainText('$0.025');
  await expect(table.getByRole('row').filter({ hasText: 'India' })).toContainText('$0.0014');
  await screenshots(page, 'pricing-whatsapp');
  expect(await seriousViolations(page)).toEqual([]);
});
