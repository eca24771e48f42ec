/**
 * Issue 2, accessibility: axe-core finds no serious or critical violation on the public pages, the
 * sign-in page and every role's shell (its home page, and with its menus open).
 */
import { expect, test } from '@playwright/test';
import { expectSignInPage, submitCredentials } from '../support/auth.ts';
import { ROLE_EXPECTATIONS } from '../support/roles.ts';
import { expectOpened, seriousViolations, shell } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

test.describe('public pages', () => {
  test('when a visitor opens the landing page then axe finds no serious or critical violation', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('when the sign-in page is shown, before and after a failed attempt, then axe finds no serious or critical violation', async ({
    page,
  }) => {
    await page.goto('/u/dashboard');
    await expectSignInPage(page);
    expect(await seriousViolations(page)).toEqual([]);

    await submitCredentials(page, 'carrier-user@portico.test', 'not-the-password');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('when the not-found page is shown then axe finds no serious or critical violation', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** One account per header variant and bar also gets its menus checked open (same components for the rest). */
const MENUS_CHECKED_FOR = new Set(['developer', 'aggregator-pending', 'carrier-admin', 'superadmin']);

for (const account of ROLE_EXPECTATIONS) {
  const withMenus = MENUS_CHECKED_FOR.has(account.role);
  test.describe(`signed in as ${account.role}`, () => {
    test.use({ storageState: storageStatePath(account.role) });

    test(`when ${account.email} is on ${account.home} then axe finds no serious or critical violation on the shell${withMenus ? ', with its menus open too' : ''}`, async ({
      page,
    }) => {
      await page.goto(account.home);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const ui = shell(page);
      if (account.header === 'bare') {
        await expect(ui.header.getByRole('button', { name: 'Sign out' })).toBeVisible();
      } else {
        await expect(ui.nav.getByRole('link')).toHaveCount(account.bar.length);
      }
      expect(await seriousViolations(page), 'home').toEqual([]);
      if (!withMenus) return;

      await ui.profileButton.click();
      const menu = page.getByRole('menu', { name: 'Profile menu' });
      await expect(menu.getByRole('menuitem')).toHaveCount(account.menu.length);
      await expectOpened(menu);
      expect(await seriousViolations(page), 'profile menu open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      await page.setViewportSize({ width: 600, height: 800 });
      await ui.navButton.click();
      const navMenu = page.getByRole('menu', { name: 'Open navigation' });
      await expect(navMenu.getByRole('menuitem')).toHaveCount(account.bar.length);
      await expectOpened(navMenu);
      expect(await seriousViolations(page), 'navigation menu open at 600 px').toEqual([]);
    });
  });
}

test.describe('a developer refused a page', () => {
  test.use({ storageState: storageStatePath('developer') });

  test('when the not-allowed page is shown then axe finds no serious or critical violation', async ({
    page,
  }) => {
    await page.goto('/admin/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: "You don't have access to this page" }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
