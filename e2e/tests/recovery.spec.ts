/**
 * Issue 26 point 3, browser journeys: a way back into a lost account ("Forgot password?" through the
 * dev mailbox, the same answer for an unknown address), and two-factor sign-in with an authenticator
 * app (codes computed here with otplib, as the app would), with axe at 1280 and 600 px. Each journey
 * makes an account of its own: no demo account's password or sign-in changes.
 */
import { expect, type Page, test } from '@playwright/test';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@portico/domain';
import { generate } from 'otplib';
import { apiHeaders, expectSignInPage, signInForm, submitCredentials } from '../support/auth.ts';
import { followMailLink } from '../support/mailbox.ts';
import { DESKTOP, NARROW, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations, shell } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

const PASSWORD = 'Fresh!Start2026';
const NEW_PASSWORD = 'Found!Again2027';
const XSRF = 'e2e-recovery-xsrf-token-0123456789abcdef';

test.use({ viewport: DESKTOP });
const screenshots = screenshotsIn('recovery');

/** Axe finds nothing serious at 1280 px and at 600 px. */
async function axeAtBothWidths(page: Page, what: string) {
  expect(await seriousViolations(page), `${what} at 1280 px`).toEqual([]);
  await page.setViewportSize(NARROW);
  expect(await seriousViolations(page), `${what} at 600 px`).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

interface MailboxMessage {
  to: string;
  template: string;
  text: string;
}
/** The dev mailbox's messages to this address (JSON), newest first. */
async function mailsTo(page: Page, email: string): Promise<MailboxMessage[]> {
  const response = await page.request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { data: { items: MailboxMessage[] } }).data.items;
}

/** A new partner whose password is set (sign-up through the public calls and the dev mailbox). */
async function newPartner(page: Page, label: string): Promise<string> {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/');
  await page.context().addCookies([{ name: XSRF_COOKIE_NAME, value: XSRF, url: new URL(page.url()).origin }]);
  const headers = { [XSRF_HEADER_NAME]: XSRF };
  expect(
    (
      await page.request.post('/api/v1/accounts/sign-up', { headers, data: { email, acceptTerms: true } })
    ).ok(),
  ).toBe(true);
  let token = '';
  await expect(async () => {
    const mail = (await mailsTo(page, email)).find((m) => m.template === 'verify-email');
    token = /\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const text = { ...headers, 'content-type': 'text/plain' };
  expect(
    (await page.request.post('/api/v1/accounts/verify-email', { headers: text, data: token })).ok(),
  ).toBe(true);
  const created = await page.request.post('/api/v1/accounts/create-user', {
    headers,
    data: { token, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(created.ok()).toBe(true);
  return email;
}

/** Finishes the first-time flow through its calls, as the signed-in page's user. */
async function finishSetup(page: Page): Promise<void> {
  const headers = await apiHeaders(page);
  const calls: [string, unknown][] = [
    ['/api/v1/secure/setup-user-details', { firstName: 'Ravi', lastName: 'Menon' }],
    ['/api/v1/secure/account-type', { accountType: 'developer' }],
    [
      '/api/v1/secure/update-company-details',
      {
        company: { name: 'Menon Tours', website: 'https://menon.example', industryTypeId: 1 },
        address: { line1: '3 MG Road', city: 'Kochi', postalCode: '682001', countryId: 'IN' },
      },
    ],
    ['/api/v1/secure/complete-setup', undefined],
  ];
  for (const [url, data] of calls) {
    const response = await page.request.post(url, { headers, ...(data === undefined ? {} : { data }) });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  }
}

const signOut = async (page: Page) => {
  await shell(page).profileButton.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectSignInPage(page);
};
/** Signed in (past the provider's pages), then on the security page. */
const backOnSecurityPage = async (page: Page) => {
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/u/'));
  await page.goto('/u/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in Security' })).toBeVisible();
};

test('when a partner forgets the password then a mailed link resets it, the same answer shows for an unknown address, and the used link says so', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const email = await newPartner(page, 'forgot');
  const unknown = `nobody-${Date.now()}@example.com`;

  // "Forgot password?" on the sign-in page opens the portal's page.
  await page.goto('/u/dashboard');
  await expectSignInPage(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await axeAtBothWidths(page, 'forgot password');
  await screenshots(page, '01-forgot-password');

  // An address with no account: the same answer as any other.
  await page.getByRole('textbox', { name: 'Email' }).fill(unknown);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  const answerFor = async (address: string) =>
    (
      await page
        .getByRole('main')
        .getByText(/we sent it a link/)
        .textContent()
    )?.replace(address, '<email>');
  const unknownAnswer = await answerFor(unknown);
  await axeAtBothWidths(page, 'check your inbox');
  await screenshots(page, '02-check-inbox');
  await page.getByRole('button', { name: 'Use another email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  expect(await answerFor(email)).toBe(unknownAnswer);

  // The mail's link opens the reset page; the rules are enforced with clear messages.
  await followMailLink(page, email, `${baseURL}/reset-password\\?token=`);
  expect(await mailsTo(page, unknown)).toEqual([]);
  const resetLink = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For ${email}.`, { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('weak');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('weak2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/The password is too weak/)).toBeVisible();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await axeAtBothWidths(page, 'reset password with errors');
  await screenshots(page, '03-reset-password-errors');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is reset' })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(page, email, PASSWORD);
  await expect(signInForm(page).alert).toBeVisible();
  await submitCredentials(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/u\/setup-user$/);

  // The link worked once: opened again, it says so and offers a new one.
  await page.goto(resetLink);
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await axeAtBothWidths(page, 'used link');
  await screenshots(page, '04-link-used');
});

test('when a partner turns on two-factor sign-in then sign-in asks for the app’s code or a recovery code, and it can be turned off', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const email = await newPartner(page, 'totp');
  await page.goto('/u/dashboard');
  await submitCredentials(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/u\/setup-user$/);
  await finishSetup(page);

  // From Edit Profile to Sign-in Security.
  await page.goto('/u/edit-profile');
  await page.getByRole('link', { name: 'Sign-in security' }).click();
  await expect(page).toHaveURL(/\/u\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in Security' })).toBeVisible();
  await axeAtBothWidths(page, 'sign-in security, off');
  await screenshots(page, '05-security-off');

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const start = page.getByRole('dialog', { name: 'Set up two-factor sign-in' });
  await start.getByRole('textbox', { name: 'Password', exact: true }).fill('not my password');
  await start.getByRole('button', { name: 'Continue' }).click();
  await expect(start.getByText('The password is not correct.').first()).toBeVisible();
  await start.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await start.getByRole('button', { name: 'Continue' }).click();

  const scan = page.getByRole('dialog', { name: 'Scan the code with your app' });
  await expect(scan.getByRole('img', { name: 'QR code of your authentication key' })).toBeVisible();
  const key = ((await scan.locator('code').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await axeAtBothWidths(page, 'set-up dialog');
  await screenshots(page, '06-scan');
  await scan.getByRole('textbox', { name: 'Code from the app' }).fill(await generate({ secret: key }));
  await scan.getByRole('button', { name: 'Turn on' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const codes = (
    await saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()
  ).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await axeAtBothWidths(page, 'recovery codes');
  await screenshots(page, '07-recovery-codes');
  await saved.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByText(/You have 10 unused recovery codes\./)).toBeVisible();

  // Sign in again: after the password, the app's code. A wrong one is refused; the next period's works
  // (the current one was just used to turn it on, and a code never works twice).
  await signOut(page);
  await submitCredentials(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await axeAtBothWidths(page, 'code step');
  await screenshots(page, '08-code-step');
  const code = page.getByRole('textbox', { name: 'Authentication code' });
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right.');
  await axeAtBothWidths(page, 'code step with an error');
  await code.fill(await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await backOnSecurityPage(page);

  // A recovery code signs in once instead of the app.
  await signOut(page);
  await submitCredentials(page, email, PASSWORD);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await backOnSecurityPage(page);
  await expect(page.getByText(/You have 9 unused recovery codes\./)).toBeVisible();

  // Turned off with the password and a (recovery) code; sign-in asks for the password alone again.
  await page.getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await off.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await off.getByRole('textbox', { name: 'Code from your app, or a recovery code' }).fill(codes[0] ?? '');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByText(/That code is not right/).first()).toBeVisible();
  await off.getByRole('textbox', { name: 'Code from your app, or a recovery code' }).fill(codes[1] ?? '');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  await signOut(page);
  await submitCredentials(page, email, PASSWORD);
  await backOnSecurityPage(page);
});

test.describe('the super admin', () => {
  test.use({ storageState: storageStatePath('superadmin') });

  test('when the super admin follows the link from manage users then the two-factor requirement shows each role group with its users', async ({
    page,
  }) => {
    await page.goto('/admin/edit-profile?profile_tag=manage-users');
    await page.getByRole('link', { name: 'Require two-factor sign-in for admin and carrier roles' }).click();
    await expect(page).toHaveURL(/\/admin\/security#two-factor-policy$/);
    const table = page.getByRole('table', { name: 'Two-factor sign-in by role group' });
    // The demo's security admin signs in with it; nothing is required by default.
    const admins = table.getByRole('row', { name: /Platform admin roles/ });
    await expect(admins).toBeVisible();
    await expect(admins.getByRole('cell').nth(2)).not.toHaveText('0');
    await expect(table.getByRole('switch')).toHaveCount(2);
    for (const toggle of await table.getByRole('switch').all()) await expect(toggle).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Save setting' })).toBeDisabled();
    await axeAtBothWidths(page, 'two-factor requirement');
    await screenshots(page, '09-requirement');
  });
});
