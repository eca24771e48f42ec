/**
 * Every screen reads at 600 px without scrolling sideways: the tables that used to (the delivery
 * log on /u/api, the template versions, the wallet's transactions, the users, pricing and rate
 * plans with their price grids, the brands, aggregators and templates lists) turn into lists of
 * labelled values below the theme's `md` breakpoint, stay tables at 1280 px, and axe stays clean.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiHeaders } from '../support/auth.ts';
import { NARROW, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

const screenshots = screenshotsIn('narrow');

test.use({ viewport: NARROW });

/**
 * Where the page, or anything inside it, scrolls sideways. Code samples (`pre`) and the tab strips
 * scroll on purpose and are left out.
 */
async function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (root && root.scrollWidth > window.innerWidth) found.push(`the page (${root.scrollWidth} px)`);
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      if (element.tagName === 'PRE' || element.closest('.MuiTabs-root')) continue;
      if (!['auto', 'scroll'].includes(getComputedStyle(element).overflowX)) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const name = element.querySelector('table')?.getAttribute('aria-label') ?? element.tagName;
        found.push(`${name} (${element.scrollWidth} px in ${element.clientWidth} px)`);
      }
    }
    return found;
  });
}

/**
 * At 600 px: nothing scrolls sideways, the rows are a labelled list, axe finds nothing serious; at
 * 1280 px a table. `opened`: the names of tables shown inside an opened row (a price grid), lists too at 600 px.
 */
async function expectNarrowList(page: Page, name: string, shot: string, opened: string[] = []) {
  for (const each of [name, ...opened]) {
    await expect(page.getByRole('list', { name: each, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: each, exact: true })).toHaveCount(0);
  }
  expect(await sidewaysScrolling(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, shot);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const each of [name, ...opened])
    await expect(page.getByRole('table', { name: each, exact: true })).toBeVisible();
  await page.setViewportSize(NARROW);
}

test.describe('as a developer', () => {
  test.use({ storageState: storageStatePath('developer') });

  test('when the API page is opened at 600 px then the delivery log is a list and nothing scrolls sideways', async ({
    page,
  }) => {
    // A demo bot with a webhook log and credentials (the page itself opens on the bot changed last,
    // which may be one another journey made, with neither).
    await page.goto('/u/api');
    const list = await page.request.get('/api/v1/secure/bots?search=Saffron%20Stays&start=0&end=10', {
      headers: await apiHeaders(page),
    });
    const items = (await list.json()).data.items as { bot_id: string; name: string }[];
    const bot = items.find((item) => item.name === 'Saffron Stays');
    expect(bot).toBeDefined();
    await page.goto(`/u/api?botId=${bot?.bot_id}`);
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Credentials', exact: true })).toBeVisible();
    await expectNarrowList(page, 'Webhook deliveries', 'api');
  });

  test('when a template is opened at 600 px then its versions are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/u/add-view-template');
    await page.locator('main a[href*="/u/view-template-details"]').first().click();
    await expect(page.getByRole('heading', { name: 'Versions' })).toBeVisible();
    await expectNarrowList(page, 'Versions', 'template-details');
  });

  test('when the wallet is opened at 600 px then its transactions are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/u/my-wallet');
    await expectNarrowList(page, 'Transactions', 'wallet');
  });

  test('when Manage Users is opened at 600 px then the users are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/u/edit-profile?profile_tag=manage-users');
    await expectNarrowList(page, 'Users', 'manage-users');
  });

  test('when Pricing is opened at 600 px then the carriers and the prices a carrier opens onto are lists and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/u/my-carriers');
    const show = page.getByRole('button', { name: 'Show Reliance Jio prices' });
    await show.click();
    await expect(page.getByRole('button', { name: 'Hide Reliance Jio prices' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('list', { name: 'Reliance Jio prices per message' })).toContainText(
      'Single Message',
    );
    await expectNarrowList(page, 'Carrier prices', 'pricing', ['Reliance Jio prices per message']);
  });

  test('when My Brands is opened at 600 px then the brands are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/u/my-brands');
    await expectNarrowList(page, 'Brands', 'my-brands');
    // A long state ("Approved by the platform, pending from the carriers") wraps in its chip, not cut off.
    const cut = await page
      .getByRole('list', { name: 'Brands' })
      .locator('.MuiChip-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
  });

  test('when the templates are opened at 600 px then they are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/u/add-view-template');
    await expectNarrowList(page, 'Templates', 'templates');
  });

  test('when Change Password is opened at 600 or 1280 px then the page does not scroll sideways', async ({
    page,
  }) => {
    // The password rules' screen-reader text once took the page's width (sx read its width 1 as
    // 100%), so the page scrolled sideways at every width.
    await page.goto('/u/change-password');
    await expect(page.getByRole('heading', { name: 'Change Password', level: 1 })).toBeVisible();
    expect(await sidewaysScrolling(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await sidewaysScrolling(page)).toEqual([]);
  });
});

test.describe('as the platform', () => {
  test.use({ storageState: storageStatePath('superadmin') });

  test('when a template is reviewed at 600 px then its versions are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/admin/templates');
    await page.locator('main a[href*="/admin/template-details"]').first().click();
    await expect(page.getByRole('heading', { name: 'Versions' })).toBeVisible();
    await expectNarrowList(page, 'Versions', 'admin-template-details');
  });

  test('when the rate plans are opened at 600 px then the versions and the prices a version opens onto are lists and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/admin/rate-plans');
    await page
      .getByRole('button', { name: /^Show prices of / })
      .first()
      .click();
    const prices = page.getByRole('list', { name: /^Prices of .* version / });
    await expect(prices).toContainText('Single Message');
    const name = (await prices.getAttribute('aria-label')) ?? '';
    await expectNarrowList(page, 'Rate plan versions', 'rate-plans', [name]);
  });

  test('when the aggregators are opened at 600 px then they are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/admin/aggregators?tab=approved');
    await expectNarrowList(page, 'Aggregators', 'aggregators');
  });

  test('when the templates are reviewed at 600 px then they are a list and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/admin/templates');
    await expectNarrowList(page, 'Templates', 'admin-templates');
  });
});
