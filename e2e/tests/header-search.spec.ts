/**
 * Issue 26, point 8: the header's search (bots, brands, templates, partners by name or id, within
 * what the role's own lists show) and header sort on the lists that lacked it. axe with the search
 * open at 1280 and 600 px; screenshots at both widths.
 */
import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, NARROW } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

const SHOTS = process.env.POLISH_SHOTS_DIR;

const searchButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Search bots, brands, templates and partners' });

/** Opens the search with its shortcut and types; the results are the dialog's listbox. */
async function search(page: Page, text: string) {
  await expect(searchButton(page)).toBeVisible();
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Bots, brands, templates and partners' }).fill(text);
  return dialog;
}

async function checkBothWidths(page: Page, name: string) {
  for (const viewport of [DESKTOP, NARROW]) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('the developer', () => {
  test.use({ storageState: storageStatePath('developer'), viewport: DESKTOP });

  test('when the developer searches a bot by name then its own bots, brands and templates are found and Enter opens the bot', async ({
    page,
  }) => {
    await page.goto('/u/dashboard');
    const first = page.getByRole('table', { name: 'Bots' }).getByRole('row').nth(1).getByRole('link').first();
    const name = (await first.textContent())?.trim() ?? '';
    expect(name.length).toBeGreaterThan(3);
    const dialog = await search(page, name.slice(0, 5));
    const listbox = dialog.getByRole('listbox');
    await expect(listbox.getByRole('option', { name: new RegExp(`^${name}`) }).first()).toBeVisible();
    await expect(listbox).toContainText('Bots');
    await checkBothWidths(page, 'header-search-developer');

    await dialog.getByRole('combobox').fill(name);
    await expect(listbox.getByRole('option').first()).toContainText(name);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/u\/view-bot-details\/[a-z-]+\?botId=/);
  });

  test('when the wallet history is sorted by amount then the largest charge comes first, and the header says so', async ({
    page,
  }) => {
    await page.goto('/u/my-wallet');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table).toBeVisible();
    await table.getByRole('button', { name: 'Amount' }).click();
    await expect(table.getByRole('columnheader', { name: /^Amount/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(table.getByRole('row').nth(1)).toContainText('-$');
    await table.getByRole('button', { name: 'Amount' }).click();
    await expect(table.getByRole('columnheader', { name: /^Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(table.getByRole('row').nth(1)).toContainText('+$');
  });
});

test.describe('the super admin', () => {
  test.use({ storageState: storageStatePath('superadmin'), viewport: DESKTOP });

  test("when a bot's id is pasted then exactly that bot is found, and it opens the platform's page of it", async ({
    page,
  }) => {
    // Every launch (the submitted tab may have been emptied by the bulk review's journey).
    await page.goto('/admin/bots?tab=all');
    const link = page.getByRole('table').first().getByRole('row').nth(1).getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    const botId = new URL(href, 'http://x').searchParams.get('bot_id') ?? '';
    expect(botId).toMatch(/^[0-9a-f-]{36}$/);
    const dialog = await search(page, botId);
    const options = dialog.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(1);
    await options.first().click();
    await expect(page).toHaveURL(new RegExp(`bot_id=${botId}`));
  });
});

test.describe('the carrier admin', () => {
  test.use({ storageState: storageStatePath('carrier-admin'), viewport: DESKTOP });

  test("when the carrier admin searches then hits open the carrier's own pages and no template is offered", async ({
    page,
  }) => {
    await page.goto('/billing/my-bots');
    const first = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
    const name = (await first.textContent())?.trim() ?? '';
    const dialog = await search(page, name.slice(0, 6));
    const listbox = dialog.getByRole('listbox');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect(listbox).not.toContainText('Templates');
    await checkBothWidths(page, 'header-search-carrier');
    await listbox
      .getByRole('option', { name: new RegExp(`^${name.slice(0, 6)}`) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/billing\/bot-details\?bot_id=/);
  });
});
