/**
 * Role changes in Manage Users and the security records (/admin/audit-log): each journey signs in
 * through the real sign-in page as a seeded demo account, and changes only users it invites itself,
 * so the seeded accounts keep their roles for every other journey.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInForm, signInFromLanding, submitCredentials } from '../support/auth.ts';
import { DESKTOP, NARROW, screenshotsIn } from '../support/screenshots.ts';
import { chosenOption } from '../support/select';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: DESKTOP });

const screenshots = screenshotsIn('audit');

/** Invites a user through the tab's dialog with the role of this label. */
async function invite(page: Page, email: string, roleLabel: string): Promise<void> {
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Tara');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Menon');
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: roleLabel });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}. The link works for 72 hours.`)).toBeVisible();
}

/** Picks a new role in the user's row, checks the confirmation, and confirms. */
async function changeRole(page: Page, email: string, from: string, to: string): Promise<void> {
  const control = page.getByRole('combobox', { name: `Role of ${email}` });
  await expect(chosenOption(control)).toHaveText(from);
  await control.selectOption({ label: to });
  const dialog = page.getByRole('dialog', { name: `Change the role of ${email}?` });
  await expect(dialog).toContainText(`goes from ${from} to ${to}`);
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText(`${email} is now ${to}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(chosenOption(control)).toHaveText(to);
}

test("when a super admin changes an admin user's role then the list shows the new role and the security records list the change", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `admin-${Date.now()}@example.com`;
  // A mistyped password first: a failed sign-in is on record too.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(page, 'superadmin@portico.test', 'Not!ThePassword1');
  await expect(signInForm(page).alert).toBeVisible();
  await submitCredentials(page, 'superadmin@portico.test');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/edit-profile?profile_tag=manage-users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  // Nobody changes their own role: the super admin's row has no control.
  await expect(page.getByRole('combobox', { name: 'Role of superadmin@portico.test' })).toHaveCount(0);

  await invite(page, email, 'Admin (read-only)');
  // Cancelling leaves the role as it was.
  const control = page.getByRole('combobox', { name: `Role of ${email}` });
  await control.selectOption({ label: 'Marketing admin' });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(chosenOption(control)).toHaveText('Admin (read-only)');

  await changeRole(page, email, 'Admin (read-only)', 'Admin (read and write)');
  await page.reload();
  await expect(chosenOption(page.getByRole('combobox', { name: `Role of ${email}` }))).toHaveText(
    'Admin (read and write)',
  );
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await screenshots(page, 'manage-users-superadmin');

  // The profile page links to the security records; they list the invitation and the change.
  await page.getByRole('link', { name: 'Security records' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security Records' })).toBeVisible();
  await expect(page).toHaveTitle(/^Security Records · /);
  const records = page.getByRole('table', { name: 'Security records' });
  await expect(records).toBeVisible();
  await page.getByRole('searchbox', { name: 'Email' }).fill(email.toUpperCase());
  const rows = records.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Role changed');
  await expect(rows.nth(1)).toContainText('superadmin@portico.test');
  await expect(rows.nth(1)).toContainText(email);
  await expect(rows.nth(1)).toContainText('from Admin (read-only) to Admin (read and write).');
  await expect(rows.nth(2)).toContainText('User invited');
  await expect(rows.nth(2)).toContainText(`invited ${email} as Admin (read-only).`);

  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Role changed' });
  await expect(rows).toHaveCount(2);
  // The date fields read day first, as the spec's dates do.
  const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(today);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  await expect(rows).toHaveCount(2);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('01/01/2020');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('31/01/2020');
  await expect(page.getByRole('heading', { name: 'No security records match these filters' })).toBeVisible();
  await screenshots(page, 'security-records-empty');

  // The failed sign-in, found by action and part of the email.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Sign-in failed' });
  await page.getByRole('searchbox', { name: 'Email' }).fill('superadmin@');
  await expect(records.getByRole('row').nth(1)).toContainText('failed: wrong email or password.');
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Unfiltered (other journeys sign in meanwhile): this journey's records with everyone's sign-ins.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(records.getByRole('row', { name: new RegExp(email) })).toHaveCount(2);
  await expect(
    records.getByRole('row', { name: /Signed in.*superadmin@portico\.test/ }).first(),
  ).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await screenshots(page, 'security-records');
  // At 600 px the records are cards: every field in sight, the record as a sentence.
  await page.setViewportSize(NARROW);
  const cards = page.getByRole('list', { name: 'Security records' });
  await expect(cards.getByRole('listitem').filter({ hasText: email }).first()).toContainText('What happened');
  expect(await seriousViolations(page, 'main')).toEqual([]);
  await page.setViewportSize(DESKTOP);
});

test('when a developer owner changes a child user to read-write then the list shows the new role', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `child-${Date.now()}@example.com`;
  await signInFromLanding(page, 'developer@portico.test');
  await page.goto('/u/edit-profile?profile_tag=manage-users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  // No link to the security records outside the provider's admins.
  await expect(page.getByRole('link', { name: 'Security records' })).toHaveCount(0);

  await invite(page, email, 'Read-only');
  await changeRole(page, email, 'Read-only', 'Read and write');
  await page.reload();
  await expect(chosenOption(page.getByRole('combobox', { name: `Role of ${email}` }))).toHaveText(
    'Read and write',
  );
  await screenshots(page, 'manage-users-developer');
});

test('when a read-only child opens manage users then the role control is shown disabled', async ({
  page,
}) => {
  await signInFromLanding(page, 'child-readonly@portico.test');
  await page.goto('/u/edit-profile?profile_tag=manage-users');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role of child-readwrite@portico.test' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Role of child-readonly@portico.test' })).toHaveCount(0);
});

test('when the marketing admin opens the security records then the page refuses them', async ({ page }) => {
  await signInFromLanding(page, 'marketing@portico.test');
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { name: 'Security records are for platform admins' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Security records' })).toHaveCount(0);
  await screenshots(page, 'security-records-refused');
});
