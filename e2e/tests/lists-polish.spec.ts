/**
 * Issue 26, points 7 and 8: the lists that gained search, header sort and Excel/PDF (manage users,
 * security records, press releases) and the screens whose dates and words changed (the wallet's
 * history, the day-first date fields). axe at 1280 and 600 px; screenshots at both widths.
 */
import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, NARROW } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

const SHOTS = process.env.POLISH_SHOTS_DIR;

async function checkBothWidths(page: Page, name: string) {
  for (const viewport of [DESKTOP, NARROW]) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('the super admin', () => {
  test.use({ storageState: storageStatePath('superadmin'), viewport: DESKTOP });

  test('when the security records are sorted by action and read then each is a sentence, and Excel downloads', async ({
    page,
  }) => {
    await page.goto('/admin/audit-log');
    const table = page.getByRole('table', { name: 'Security records' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^When/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await table.getByRole('button', { name: 'Action' }).click();
    await expect(table.getByRole('columnheader', { name: /^Action/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(/\.$/);
    await page.getByRole('textbox', { name: 'From' }).fill('01/01/2026');
    await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue('01/01/2026');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^security-records-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await checkBothWidths(page, 'security-records');
  });

  test('when the users are searched and sorted then the list follows, and PDF downloads', async ({
    page,
  }) => {
    await page.goto('/admin/edit-profile?profile_tag=manage-users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table).toBeVisible();
    await table.getByRole('button', { name: 'Name' }).click();
    await expect(table.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await page.getByRole('searchbox', { name: 'Search users' }).fill('admin-read');
    await expect(table.getByRole('row')).toHaveCount(3);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^users-.*\.pdf$/);
    await checkBothWidths(page, 'manage-users');
  });
});

test.describe('the marketing admin', () => {
  test.use({ storageState: storageStatePath('marketing'), viewport: DESKTOP });

  test('when the press releases are searched and sorted by title then the list follows, and Excel downloads', async ({
    page,
  }) => {
    await page.goto('/marketing/PressReleaseCms');
    const table = page.getByRole('table', { name: 'Press releases' });
    await expect(table).toBeVisible();
    await table.getByRole('button', { name: 'Title' }).click();
    await expect(table.getByRole('columnheader', { name: /^Title/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^press-releases-.*\.xlsx$/);
    await checkBothWidths(page, 'press-releases');
  });
});

test.describe('a developer', () => {
  test.use({ storageState: storageStatePath('developer'), viewport: DESKTOP });

  test('when the wallet history is read then references name what the money was for and dates read day first', async ({
    page,
  }) => {
    await page.goto('/u/my-wallet');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table).toBeVisible();
    await expect(table).not.toContainText(/sbx_|campaign:|bot:/);
    await page.getByRole('textbox', { name: 'From' }).fill('01/01/2026');
    await expect(page.getByRole('textbox', { name: 'From' })).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await checkBothWidths(page, 'wallet');
  });
});
