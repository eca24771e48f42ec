/**
 * Issue 2, browser journey 1: every seeded account signs in through the real sign-in page and gets
 * exactly its header, bar, profile menu, footer and route access (spec sections 2 and 6).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { ROLE_EXPECTATIONS, type RoleExpectation, SEEDED_EMAILS } from '../support/roles.ts';
import { cursorOf, expectFooter, expectNotAllowed, shell } from '../support/shell.ts';
import { EXTERNAL_LINKS } from '../support/stack-env.ts';

const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 600, height: 800 };

test.use({ viewport: DESKTOP });

test.beforeAll(() => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

test('when the seed is compared with the journeys then every seeded account has an expectation', () => {
  expect([...SEEDED_EMAILS].sort()).toEqual(ROLE_EXPECTATIONS.map((role) => role.email).sort());
});

async function expectBar(page: Page, account: RoleExpectation): Promise<void> {
  const links = shell(page).nav.getByRole('link');
  await expect(links).toHaveText(account.bar.map((item) => item.label));
  for (const [index, item] of account.bar.entries()) {
    const link = links.nth(index);
    await expect(link, item.label).toHaveAttribute('href', item.href);
    if (item.disabled) {
      await expect(link, item.label).toHaveAttribute('aria-disabled', 'true');
      await expect.poll(() => cursorOf(link), { message: `${item.label} cursor` }).toBe('not-allowed');
    } else {
      await expect(link, item.label).not.toHaveAttribute('aria-disabled', /.*/);
      await expect.poll(() => cursorOf(link), { message: `${item.label} cursor` }).not.toBe('not-allowed');
    }
  }
}

/** Only one bar item is the current page, and it is `label`. */
async function expectHighlighted(page: Page, label: string): Promise<void> {
  const current = shell(page).nav.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(label);
}

async function expectProfileMenu(page: Page, account: RoleExpectation): Promise<void> {
  const { profileButton } = shell(page);
  // Keyboard-operable: the menu opens from the keyboard with its first item focused.
  const dialog = page.getByRole('dialog', { name: account.fullName });
  // The sign-in ends with an in-app navigation, after which the page's heading takes the focus
  // (RouteFocus): a focus given to the button before that moment goes to the heading, and Enter
  // with it. So the button is focused and pressed again until the menu opens, never twice once open.
  await expect(async () => {
    const expanded = await page
      .getByRole('button', { name: 'Open profile menu', includeHidden: true })
      .getAttribute('aria-expanded');
    if (expanded !== 'true') {
      await profileButton.focus();
      await page.keyboard.press('Enter');
    }
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The open popover is modal: the rest of the page (the button too) is hidden from assistive tech.
  const hiddenButton = page.getByRole('button', { name: 'Open profile menu', includeHidden: true });
  await expect(hiddenButton).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog).toContainText(account.email);

  const progress = dialog.getByRole('progressbar', { name: 'Profile completion' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(account.profileCompleted));
  await expect(dialog).toContainText(`${account.profileCompleted}%`);
  const complete = dialog.getByRole('link', { name: 'Complete Profile' });
  if (account.profileCompleted < 100) {
    await expect(complete).toHaveAttribute('href', account.completeProfileHref ?? '');
  } else {
    await expect(complete).toHaveCount(0);
  }

  const menu = dialog.getByRole('menu', { name: 'Profile menu' });
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveCount(account.menu.length);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();

  for (const [index, entry] of account.menu.entries()) {
    const item = items.nth(index);
    await expect(item).toHaveAccessibleName(entry.label);
    if (entry.href !== undefined) {
      await expect(item, entry.label).toHaveAttribute('href', entry.href);
      await expect(item, entry.label).not.toHaveAttribute('target', /.*/);
    } else if (entry.external) {
      // Opens the configured external tool in a new tab, carrying the reference token as `ref`.
      await expect(item, entry.label).toHaveAttribute('href', /[?&]ref=[^&]+/);
      await expect(item, entry.label).toHaveAttribute('target', '_blank');
      await expect(item, entry.label).toHaveAttribute('rel', /noopener/);
      const href = new URL((await item.getAttribute('href')) ?? '');
      expect(`${href.origin}${href.pathname}`).toBe(EXTERNAL_LINKS[entry.external]);
      expect([...href.searchParams.keys()]).toEqual(['ref']);
      expect(href.searchParams.get('ref')?.length ?? 0).toBeGreaterThan(16);
    } else {
      // Logout: an action, not a link.
      await expect(item, entry.label).not.toHaveAttribute('href', /.*/);
    }
  }
  const labels = account.menu.map((entry) => entry.label);
  if (!labels.includes('Manage Users')) await expect(menu).not.toContainText('Manage Users');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(profileButton).toHaveAttribute('aria-expanded', 'false');
}

/** Below the md breakpoint the bar becomes the "Open navigation" menu with the same items. */
async function expectNarrowNavigation(page: Page, account: RoleExpectation): Promise<void> {
  const { nav, navButton } = shell(page);
  await expect(nav.getByRole('link')).toHaveCount(0); // the row of links is display:none
  await navButton.click();
  const menu = page.getByRole('menu', { name: 'Open navigation' });
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveText(account.bar.map((item) => item.label));
  for (const [index, item] of account.bar.entries()) {
    await expect(items.nth(index), item.label).toHaveAttribute('href', item.href);
    if (item.disabled) {
      await expect(items.nth(index), item.label).toHaveAttribute('aria-disabled', 'true');
      await expect
        .poll(() => cursorOf(items.nth(index)), { message: `${item.label} cursor` })
        .toBe('not-allowed');
    }
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

async function screenshot(page: Page, name: string): Promise<void> {
  // No focus ring left over from the keyboard checks; fonts in place.
  await page.evaluate(async () => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    await document.fonts.ready;
  });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
}

for (const account of ROLE_EXPECTATIONS) {
  const variant =
    account.header === 'bare'
      ? 'the bare header (logo only)'
      : `its bar (${account.bar.map((item) => item.label).join(', ')}) and profile menu`;
  const refused = account.refused.join(' and ');

  test(`when ${account.email} signs in through the sign-in page then ${account.home} shows ${variant}, the footer, and ${refused} is refused`, async ({
    page,
  }) => {
    const ui = shell(page);

    await test.step('sign in and land on the home page', async () => {
      await signInFromLanding(page, account.email);
      await expect(page).toHaveURL(account.home);
      await expect(ui.logo).toHaveAttribute('href', account.home);
      await expect(ui.signInButton).toHaveCount(0);
    });

    if (account.header === 'bare') {
      await test.step('the header is bare: the logo, no bar, no profile menu (only a way to sign out)', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(ui.nav).toHaveCount(0);
        await expect(ui.navButton).toHaveCount(0);
        await expect(ui.profileButton).toHaveCount(0);
        await expect(ui.header.getByRole('link')).toHaveCount(1);
        await expect(ui.header.getByRole('button')).toHaveText(['Sign out']);
      });
    } else {
      await test.step('the bar lists its items with their exact targets', async () => {
        await expectBar(page, account);
        await expectHighlighted(page, account.homeItem ?? '');
      });

      if (account.bar.some((item) => item.disabled)) {
        await test.step('a disabled item leads to the dashboard', async () => {
          await ui.nav.getByRole('link', { name: 'PRICING' }).click();
          await expect(page).toHaveURL('/u/my-carriers');
          // aria-disabled makes Playwright see it as not enabled; the link still leads to the dashboard.
          await ui.nav.getByRole('link', { name: 'MY BILLING' }).click({ force: true });
          await expect(page).toHaveURL('/u/dashboard');
        });
      }

      await test.step('the profile menu has the role items and the completion', async () => {
        await expectProfileMenu(page, account);
      });
    }

    await test.step('the footer has its text and four links opening a new tab', async () => {
      await expectFooter(page);
    });

    await test.step('screenshots at desktop width and at 600 px', async () => {
      await screenshot(page, `${account.role}-desktop`);
      await page.setViewportSize(NARROW);
      if (account.header === 'full') {
        await expectNarrowNavigation(page, account);
      } else {
        await expect(ui.navButton).toHaveCount(0);
      }
      await screenshot(page, `${account.role}-600`);
      await page.setViewportSize(DESKTOP);
    });

    if (account.highlight) {
      const { path, label } = account.highlight;
      await test.step(`${path} highlights ${label}`, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectHighlighted(page, label);
      });
    }

    for (const route of account.refused) {
      await test.step(`${route} is refused with the not-allowed page`, async () => {
        await page.goto(route);
        await expectNotAllowed(page, account.home);
        await expect(page).toHaveURL(route);
        await expect(ui.footer).toBeVisible();
        if (account.header === 'full') await expect(ui.nav).toBeVisible();
      });
    }
  });
}
