/**
 * Issue 3, update carrier profile and update admin profile: the carrier's billing admin and the
 * super admin keep their organisation's company details and address on Edit Profile; a billing user
 * sees the carrier's details read-only. Each journey puts the seeded values back.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';

const screenshots = screenshotsIn('accounts');

test.use({ viewport: DESKTOP });

async function saveAddressLine2(page: Page, section: string, value: string) {
  const form = page.getByRole('region', { name: section });
  await form.getByRole('textbox', { name: 'Address line 2 (optional)' }).fill(value);
  await form.getByRole('button', { name: `Save ${section.toLowerCase()}` }).click();
  await expect(page.getByText(`${section} saved.`)).toBeVisible();
}

test('when the carrier billing admin changes the carrier details then a billing user sees them read-only', async ({
  browser,
  page,
}) => {
  await signInFromLanding(page, 'carrier-admin@portico.test');
  await page.goto('/billing/edit-profile');
  const section = page.getByRole('region', { name: 'Carrier details' });
  await expect(section.getByRole('textbox', { name: 'Company name' })).toHaveValue(
    'Reliance Jio Infocomm Ltd',
  );
  const bad = section.getByRole('textbox', { name: 'Website' });
  await bad.fill('jio');
  await section.getByRole('button', { name: 'Save carrier details' }).click();
  await expect(section.getByText('Enter the website as https://example.com.')).toBeVisible();
  await bad.fill('https://www.jio.com');
  await saveAddressLine2(page, 'Carrier details', 'Tower C, Billing Office');
  await screenshots(page, '20-carrier-details');

  const other = await browser.newPage();
  await signInFromLanding(other, 'carrier-user@portico.test');
  await other.goto('/billing/edit-profile');
  const readOnly = other.getByRole('region', { name: 'Organisation' });
  await expect(readOnly).toContainText('Reliance Jio Infocomm Ltd');
  await expect(readOnly).toContainText("Your carrier's billing admin keeps these details.");
  await expect(other.getByRole('button', { name: 'Save carrier details' })).toHaveCount(0);
  await other.close();

  await saveAddressLine2(page, 'Carrier details', '');
});

test('when the super admin changes the platform details then they are saved; a read-only admin cannot', async ({
  browser,
  page,
}) => {
  await signInFromLanding(page, 'superadmin@portico.test');
  await page.goto('/admin/edit-profile');
  await saveAddressLine2(page, 'Platform details', 'Floor 3');
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Platform details' })
      .getByRole('textbox', { name: 'Address line 2 (optional)' }),
  ).toHaveValue('Floor 3');
  await saveAddressLine2(page, 'Platform details', '');

  const other = await browser.newPage();
  await signInFromLanding(other, 'admin-readonly@portico.test');
  await other.goto('/admin/edit-profile');
  await expect(other.getByRole('region', { name: 'Organisation' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Save platform details' })).toHaveCount(0);
  await other.close();
});
