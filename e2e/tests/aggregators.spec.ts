/**
 * Issue 12 item 4, browser journey (read and decide-dialog only on the seeded aggregators: approving
 * the seeded pending aggregator would change the shell other journeys expect of it). The super admin
 * finds the pending aggregator, reads its details and users, and opens the decision dialog; a carrier
 * sees the aggregators forwarded to its network with their billing info. Then a new aggregator signs
 * up, finds billing, brands and campaigns disabled, sets up its billing info; the super admin
 * forwards it, a carrier approves it for its network, the super admin approves it, and the items are
 * enabled.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInFromLanding, submitCredentials } from '../support/auth.ts';
import { followMailLink } from '../support/mailbox.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations, shell } from '../support/shell.ts';

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
  // The decisions are in the bar kept at the window's bottom, with what each does.
  const decisions = page.getByRole('region', { name: 'Decisions on Nimbus Messaging Pvt Ltd' });
  await expect(decisions.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(decisions).toContainText('Forward sends the aggregator to each carrier of its country');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'details');

  await decisions.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give a reason: it is shown to the submitter.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('when a carrier opens its aggregators then it sees those forwarded to its network with their billing info, never the pending one, and a rejection asks why', async ({
  page,
}) => {
  await signInFromLanding(page, 'carrier-admin@portico.test');
  await page.goto('/billing/my-aggregators');
  const table = page.getByRole('table', { name: 'Aggregators' });
  // The first tab: the aggregators its network has still to review.
  await expect(table).toContainText('Kestrel Connect Pvt Ltd');
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(table).toContainText('Orbit Reach Communications');
  await expect(table).not.toContainText('Nimbus Messaging Pvt Ltd');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'carrier-list');

  await page.getByRole('link', { name: 'Kestrel Connect Pvt Ltd' }).click();
  await expect(page.getByRole('heading', { name: 'Kestrel Connect Pvt Ltd', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing info' })).toContainText('29AAGCK7788M1Z2');
  // Its own network's review only, never another carrier's.
  // The carrier's own network, named.
  const review = page.getByRole('region', { name: "Reliance Jio's review" });
  await expect(review).toContainText('Reliance Jio');
  await expect(review).not.toContainText('Bharti Airtel');
  const decisions = page.getByRole('region', { name: 'Decisions on Kestrel Connect Pvt Ltd' });
  await expect(decisions.getByRole('button', { name: 'Approve for Reliance Jio' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'carrier-details');
  await decisions.getByRole('button', { name: 'Reject for Reliance Jio' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject for Reliance Jio' }).click();
  await expect(dialog.getByText('Give a reason: it is shown to the submitter.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

const GATED = ['MY BILLING', 'MY BRANDS', 'MY CAMPAIGNS'];

async function expectGatedItems(page: Page, disabled: boolean): Promise<void> {
  const nav = shell(page).nav;
  for (const label of GATED) {
    const link = nav.getByRole('link', { name: label, exact: true });
    if (disabled) {
      await expect(link, label).toHaveAttribute('aria-disabled', 'true');
      await expect(link, label).toHaveAttribute('href', '/u/dashboard');
    } else {
      await expect(link, label).not.toHaveAttribute('aria-disabled', /.*/);
      await expect(link, label).not.toHaveAttribute('href', '/u/dashboard');
    }
  }
}

test('when a new aggregator signs up then billing, brands and campaigns stay disabled until the super admin approves it', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const email = `new-aggregator-${stamp}@example.com`;
  const company = `Relay Reach ${stamp}`;
  const password = 'Fresh!Start2026';

  // Sign up, follow the mail's link, set a password and sign in.
  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'Work email' }).fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await followMailLink(page, email, `${baseURL}/sign-up\\?token=`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await submitCredentials(page, email, password);

  // The first-time flow, choosing aggregator.
  await expect(page).toHaveURL(/\/u\/setup-user$/);
  await page.getByRole('textbox', { name: 'First name' }).fill('Ravi');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Menon');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/u\/account-type$/);
  await page.getByRole('radio', { name: /Aggregator/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/setup-enterprise$/);
  await page.getByRole('textbox', { name: 'Company name' }).fill(company);
  await page.getByRole('textbox', { name: 'Website' }).fill('https://relay-reach.example');
  await page.getByRole('combobox', { name: 'Industry' }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('4 Marine Drive');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Kochi');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('682031');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'India' });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/u\/review-details$/);
  await expect(page.getByText('Aggregator', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
  await expect(page).toHaveURL(/\/signup-success$/);
  await expect(page.getByText(/open once the platform approves your launch/)).toBeVisible();
  await page.getByRole('link', { name: 'Go to my dashboard' }).click();
  await expect(page).toHaveURL(/\/u\/dashboard$/);

  // Awaiting approval: the gated items are shown disabled and lead to the dashboard.
  await expectGatedItems(page, true);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'new-aggregator-pending');

  // While it waits, it sets up its billing info from its profile.
  await page.goto('/u/edit-profile');
  await page.getByRole('link', { name: 'Billing info' }).click();
  await expect(page).toHaveURL(/\/u\/billing-info$/);
  const billing = page.getByRole('form', { name: 'Billing info' });
  await billing.getByRole('button', { name: 'Save billing info' }).click();
  await expect(page.getByText('Please correct the highlighted fields.')).toBeVisible();
  await billing.getByRole('textbox', { name: 'Contact name' }).fill('Ravi Menon');
  await billing.getByRole('textbox', { name: 'Contact email' }).fill('not-an-email');
  await billing.getByRole('textbox', { name: 'Contact phone' }).fill('+914842001122');
  await billing.getByRole('textbox', { name: 'Tax id' }).fill('32aabcr1234k1z3');
  await billing.getByRole('combobox', { name: 'Billing category' }).selectOption({ label: 'Conversational' });
  await billing.getByRole('textbox', { name: 'Address line 1' }).fill('4 Marine Drive');
  await billing.getByRole('textbox', { name: 'City', exact: true }).fill('Kochi');
  await billing.getByRole('textbox', { name: 'Postal code' }).fill('682031');
  await billing.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'India' });
  await billing.getByRole('button', { name: 'Save billing info' }).click();
  await expect(billing.getByText('Enter a valid billing contact email address.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'billing-info-form');
  await billing.getByRole('textbox', { name: 'Contact email' }).fill('billing@relay-reach.example');
  await billing.getByRole('button', { name: 'Save billing info' }).click();
  await expect(page.getByText('The billing info is saved.')).toBeVisible();
  await expect(page.getByText('32AABCR1234K1Z3')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'billing-info-saved');

  // The super admin finds it and approves it.
  const adminContext = await browser.newContext({ viewport: { ...DESKTOP, height: 900 } });
  const admin = await adminContext.newPage();
  await signInFromLanding(admin, 'superadmin@portico.test');
  await admin.goto('/admin/aggregators');
  await admin.getByRole('textbox', { name: 'Search company or owner' }).fill(company);
  await admin.getByRole('link', { name: company }).click();
  const summary = admin.getByRole('region', { name: 'Aggregator summary' });
  await expect(summary).toContainText('Awaiting approval');
  await expect(summary).toContainText(email);
  await expect(admin.getByRole('region', { name: 'Billing info' })).toContainText('32AABCR1234K1Z3');
  // The platform forwards it to the carriers of its country first.
  const decisions = admin.getByRole('region', { name: `Decisions on ${company}` });
  await decisions.getByRole('button', { name: 'Forward to carriers' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forward to carriers' }).click();
  await expect(dialog).toBeHidden();
  await expect(summary).toContainText('Forwarded to the carriers');

  // One carrier approves it for its own network.
  const carrierContext = await browser.newContext({ viewport: { ...DESKTOP, height: 900 } });
  const carrier = await carrierContext.newPage();
  await signInFromLanding(carrier, 'carrier-admin@portico.test');
  await carrier.goto('/billing/my-aggregators');
  await carrier.getByRole('textbox', { name: 'Search company or owner' }).fill(company);
  await carrier.getByRole('link', { name: company }).click();
  const carrierDecisions = carrier.getByRole('region', { name: `Decisions on ${company}` });
  await carrierDecisions.getByRole('button', { name: 'Approve for Reliance Jio' }).click();
  const carrierDialog = carrier.getByRole('dialog');
  await carrierDialog.getByRole('button', { name: 'Approve for Reliance Jio' }).click();
  await expect(carrierDialog).toBeHidden();
  await expect(carrier.getByRole('region', { name: "Reliance Jio's review" })).toContainText(
    'Approved by the carrier',
  );
  await expect(carrier.getByRole('region', { name: 'History' })).toContainText('Approved by the carrier');
  expect(await seriousViolations(carrier)).toEqual([]);
  await screenshots(carrier, 'new-aggregator-approved-by-carrier');
  await carrierContext.close();

  // The platform reads the carrier's decision and approves.
  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Carrier reviews' })).toContainText(
    'Approved by the carrier',
  );
  await decisions.getByRole('button', { name: 'Approve' }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(summary).toContainText('Approved');
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshots(admin, 'new-aggregator-approved-by-admin');
  await adminContext.close();

  // After a reload the items are enabled.
  await page.reload();
  await expect(shell(page).nav).toBeVisible();
  await expectGatedItems(page, false);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'new-aggregator-enabled');
});
