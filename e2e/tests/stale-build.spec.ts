/**
 * A tab opened before a deploy: the new build replaced the hashed chunks, so a screen the tab has
 * not loaded yet is gone from the server. The tab reloads once and shows the screen from the new
 * build instead of an error.
 */
import { expect, test } from '@playwright/test';
import { storageStatePath } from '../support/stack-env.ts';

test.use({ storageState: storageStatePath('developer') });

test('when a screen chunk of the running build is gone (a deploy) then the tab reloads once and opens the screen', async ({
  page,
}) => {
  await page.goto('/u/dashboard');
  await expect(page.getByRole('heading', { name: 'My Bots', level: 1 })).toBeVisible();
  // The Pricing screen's chunk answers 404 once, as after a deploy; the reload gets it.
  let refused = 0;
  await page.route(/\/assets\/PricingPage-[\w-]+\.js$/, async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('link', { name: 'PRICING' }).click();
  await reloaded;
  expect(refused).toBe(1);
  await expect(page).toHaveURL(/\/u\/my-carriers$/);
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
});
