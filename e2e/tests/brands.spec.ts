/**
 * Issue 12, browser journey: a developer registers a brand with a PDF document and submits it; the
 * super admin forwards it to the carriers; one carrier approves it and another rejects it with a
 * reason, which the developer then reads in the brand history. Every actor signs in through the
 * real sign-in page as a seeded demo account (airtel-admin is seeded by the brands module).
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { onePagePdf } from '../support/files.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const screenshots = screenshotsIn('brands');

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { ...DESKTOP, height: 900 } });
  const page = await context.newPage();
  await signInFromLanding(page, email);
  return page;
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).selectOption({ label: option });
}

async function openFromReviewList(page: Page, listPath: string, tab: string, brand: string) {
  await page.goto(listPath);
  await expect(page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('textbox', { name: 'Search brand or partner' }).fill(brand);
  await page.getByRole('link', { name: brand }).click();
  await expect(page.getByRole('heading', { name: brand, level: 1 })).toBeVisible();
}

async function decide(page: Page, action: string, reason?: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('when a developer submits a brand with a PDF, the admin forwards it, one carrier approves and another rejects with a reason, then the developer reads the reason in the history', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const brand = `Journey Chai ${Date.now().toString(36)}`;
  const reason = 'The registered address does not match the GST certificate.';

  // The developer: MY BRANDS, then create.
  await signInFromLanding(page, 'developer@portico.test');
  await page.goto('/u/my-brands');
  await expect(page.getByRole('heading', { name: 'My Brands', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Brands' })).toContainText('Saffron Stays');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'my-brands');

  await page.getByRole('link', { name: 'Create brand' }).first().click();
  await expect(page.getByRole('heading', { name: 'Create Brand', level: 1 })).toBeVisible();
  // Validation on the client names the fields.
  await page.getByRole('button', { name: 'Create brand' }).click();
  await expect(page.getByText('Please correct the highlighted fields.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Brand name' }).fill(brand);
  await choose(page, 'Industry', 'Food & Beverage');
  await page.getByRole('textbox', { name: 'Website' }).fill('https://journey-chai.example');
  await page.getByRole('textbox', { name: 'Contact name' }).fill('Asha Rao');
  await page.getByRole('textbox', { name: 'Contact email' }).fill('asha@journey-chai.example');
  await page.getByRole('textbox', { name: 'Contact phone' }).fill('+919876543210');
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('1 MG Road');
  await page.getByRole('textbox', { name: 'City' }).fill('Bengaluru');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('560001');
  await choose(page, 'Country', 'India');
  await page.getByRole('checkbox', { name: 'Reliance Jio' }).check();
  await page.getByRole('checkbox', { name: 'Bharti Airtel' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'create');
  await page.getByRole('button', { name: 'Create brand' }).click();
  await expect(page).toHaveURL(/\/u\/update-brand\?brandId=/);
  await expect(page.getByRole('heading', { name: brand, level: 1 })).toBeVisible();

  // A PDF business document, then the independent submission.
  await choose(page, 'Document type', 'GST Registration Certificate');
  await page.locator('input[type="file"][accept="application/pdf"]').setInputFiles({
    name: 'gst-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: onePagePdf(),
  });
  await expect(
    page.getByRole('region', { name: 'Brand summary' }).getByText('gst-certificate.pdf'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(
    page.getByRole('region', { name: 'Brand summary' }).getByText('Submitted', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Submitted for review');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'submitted');

  // The super admin forwards it to the carriers.
  const admin = await signedIn(browser, 'superadmin@portico.test');
  await openFromReviewList(admin, '/admin/my-brands', 'Submitted', brand);
  await expect(admin.getByText('gst-certificate.pdf')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshots(admin, 'admin-view');
  await admin.getByRole('button', { name: 'Forward to carriers', exact: true }).click();
  await expect(admin.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole('dialog').getByRole('button', { name: 'Forward to carriers' }).click();
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(
    admin
      .getByRole('region', { name: 'Brand summary' })
      .getByText('Forwarded to the carriers', { exact: true }),
  ).toBeVisible();

  // Reliance Jio approves for its network.
  const jio = await signedIn(browser, 'carrier-admin@portico.test');
  await openFromReviewList(jio, '/billing/my-brands', 'To review', brand);
  await expect(jio.getByRole('region', { name: 'Brand summary' })).not.toContainText('Bharti Airtel');
  expect(await seriousViolations(jio)).toEqual([]);
  await screenshots(jio, 'carrier-view');
  await decide(jio, 'Approve');
  await expect(
    jio.getByRole('region', { name: 'Brand summary' }).getByText('Approved by the carrier').first(),
  ).toBeVisible();

  // Bharti Airtel rejects, and must say why.
  const airtel = await signedIn(browser, 'airtel-admin@portico.test');
  await openFromReviewList(airtel, '/billing/my-brands', 'To review', brand);
  await airtel.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = airtel.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog.getByText('Give a reason: it is shown to the submitter.')).toBeVisible();
  expect(await seriousViolations(airtel)).toEqual([]);
  await screenshots(airtel, 'reject-dialog');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The developer reads the outcome and the reason in the history.
  await page.reload();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Rejected by the carrier · Bharti Airtel');
  await expect(history).toContainText(`Reason: ${reason}`);
  await expect(history).toContainText('Approved by the carrier · Reliance Jio');
  // The brand's own chip beside its name (the approving carrier's chip below reads Approved too).
  await expect(
    page.getByRole('region', { name: 'Brand summary' }).getByText('Approved', { exact: true }).first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'history');
});
