/**
 * Issue 3, browser journeys: a new partner signs up through the dev mailbox's link, sets a password,
 * signs in through the real sign-in page, finishes the first-time flow and reaches the dashboard;
 * then changes the password and signs in with the new one.
 */
import { expect, test } from '@playwright/test';
import { signInForm, signInFromLanding, submitCredentials } from '../support/auth.ts';
import { followMailLink } from '../support/mailbox.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';

const PASSWORD = 'Fresh!Start2026';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NEW_PASSWORD = 'Second!Key2027';

test.use({ viewport: DESKTOP });

const screenshots = screenshotsIn('accounts');

test('when a new partner signs up then they verify, set a password, set up and reach the dashboard; a new password then signs in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `new-partner-${Date.now()}@example.com`;

  // Sign up from the landing page; bad input is explained and what was typed is kept.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const emailField = page.getByRole('textbox', { name: 'Work email' });
  await emailField.fill('not-an-email');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Accept the terms of service to continue.')).toBeVisible();
  await expect(emailField).toHaveValue('not-an-email');
  await screenshots(page, '01-sign-up-errors');
  // An email already registered gets the same answer as a new one (its owner is mailed instead):
  // the page tells nobody who has an account.
  await emailField.fill('developer@portico.test');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('developer@portico.test')).toBeVisible();
  await page.getByRole('button', { name: 'Use another email' }).click();

  await emailField.fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await screenshots(page, '02-check-inbox');

  // The dev mailbox shows the verification mail; its link opens the set-password step.
  await followMailLink(page, email, `${baseURL}/sign-up\\?token=`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.getByText(`Your email ${email} is verified.`)).toBeVisible();
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('weak');
  await expect(
    page.getByRole('list', { name: 'Password rules' }).getByText('A digit (not met yet)'),
  ).toBeAttached();
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('weak2');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(/The password is too weak/)).toBeVisible();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await screenshots(page, '03-set-password-errors');
  await password.fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  const verifyLink = page.url();

  // Sign in through the real sign-in page; the first-time flow follows, with the bare header.
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await submitCredentials(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/u\/setup-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await screenshots(page, '04-setup-user');
  await page.getByRole('textbox', { name: 'First name' }).fill('Nina');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Kapoor');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/u\/account-type$/);
  await page.getByRole('radio', { name: /Developer/ }).check();
  await screenshots(page, '05-account-type');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/setup-enterprise$/);
  await page.getByRole('textbox', { name: 'Company name' }).fill('Kapoor Foods');
  await page.getByRole('textbox', { name: 'Website' }).fill('kapoor');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Enter the website as https://example.com.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Kapoor Foods');
  await page.getByRole('textbox', { name: 'Website' }).fill('https://kapoor.example');
  await page.getByRole('combobox', { name: 'Industry' }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('12 Linking Road');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Mumbai');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('400050');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'India' });
  await screenshots(page, '06-setup-enterprise');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/u\/review-details$/);
  await expect(page.getByText('Nina Kapoor')).toBeVisible();
  await expect(page.getByText('12 Linking Road, Mumbai, 400050, India')).toBeVisible();
  await screenshots(page, '07-review');
  await page.getByRole('button', { name: 'Finish sign-up' }).click();

  await expect(page).toHaveURL(/\/signup-success$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Nina!' })).toBeVisible();
  await screenshots(page, '08-signup-success');
  await page.getByRole('link', { name: 'Go to my dashboard' }).click();
  await expect(page).toHaveURL(/\/u\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Edit profile: a picture (checked by content on the server) completes the profile.
  await page.goto('/u/edit-profile');
  await expect(page.getByText('Profile 90% complete')).toBeVisible();
  await expect(page.getByText('To complete your profile, add: Profile image.')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByText('Profile 100% complete')).toBeVisible();
  // The avatar now shows the stored WebP, loaded by the browser from our own origin (CSP img-src 'self').
  const avatar = page.locator('form img');
  await expect(avatar).toHaveAttribute('src', /^\/api\/v1\/files\/profile-images\/[^/]+\/[\w-]+\.webp$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
    .toBe(1);
  await screenshots(page, '08b-edit-profile');

  // The verification link is single-use, and says so.
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await screenshots(page, '09-link-used');

  // Change password: the current one is checked, the rules show while typing; then sign in again.
  await page.goto('/u/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('Wrong!Password1');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue(NEW_PASSWORD);
  await screenshots(page, '10-change-password-error');
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  // The provider session was revoked: the sign-in page asks again, and the old password fails.
  await submitCredentials(page, email, PASSWORD);
  await expect(signInForm(page).alert).toBeVisible();
  await submitCredentials(page, email, NEW_PASSWORD);
  // Signed in again, back where the session ended.
  await expect(page).toHaveURL(/\/u\/change-password$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('when ADMIN_BILLING invites a billing user then the invitee sets a password from the mail and signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const invitee = `billing-${Date.now()}@example.com`;
  await signInFromLanding(page, 'carrier-admin@portico.test');
  await page.goto('/billing/edit-profile?profile_tag=manage-users');
  await expect(page.getByRole('tab', { name: 'Manage users', selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await screenshots(page, '11-manage-users');

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Bina');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Shah');
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Billing user' });
  await screenshots(page, '12-invite-dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}. The link works for 72 hours.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(invitee) });
  await expect(row.getByText('Invited', { exact: true }).first()).toBeVisible();

  // The invitee, in a browser of their own, follows the mail's link and sets a password.
  const context = await browser.newContext({ viewport: DESKTOP });
  const invited = await context.newPage();
  await followMailLink(invited, invitee, `${baseURL}/set-password\\?token=`);
  await expect(invited.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await invited.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await invited.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
  await invited.getByRole('button', { name: 'Set password' }).click();
  await expect(invited.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await invited.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(invited, invitee, PASSWORD);
  await expect(invited).toHaveURL(/\/billing\/my-billing$/);
  await context.close();

  // The admin sees the user active now; deleting asks first.
  await page.reload();
  await expect(
    page
      .getByRole('row', { name: new RegExp(invitee) })
      .getByText('Active', { exact: true })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: `Delete ${invitee}` }).click();
  await expect(page.getByRole('dialog', { name: `Delete ${invitee}?` })).toBeVisible();
  await screenshots(page, '13-delete-confirm');
  await page.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText(`${invitee} was deleted.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(invitee) })).toHaveCount(0);
});

test('when a read-only child user opens manage users then they see the list with every control disabled', async ({
  page,
}) => {
  await signInFromLanding(page, 'child-readonly@portico.test');
  await page.goto('/u/edit-profile?profile_tag=manage-users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(
    page.getByText('You can see the users of your organisation; only your account owner can change them.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite user' })).toBeDisabled();
  const deletes = page.getByRole('button', { name: /^Delete / });
  for (const button of await deletes.all()) await expect(button).toBeDisabled();
  await screenshots(page, '14-manage-users-readonly');
  await page.getByRole('tab', { name: 'Account details' }).click();
  await expect(page.getByText(/Profile \d+% complete/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save profile' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeDisabled();
  await screenshots(page, '15-account-details-readonly');
});
