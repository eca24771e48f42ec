/**
 * Issue 26, point 6: journeys by keyboard alone. No click, fill or check: every step is a Tab, an
 * arrow, Enter, Space or typed text, as someone without a mouse works. Each page's heading takes the
 * focus after a navigation, the profile menu opens from Tab and moves with the arrows, and the focus
 * ring shows where the keyboard is.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/roles.ts';
import { chosenOption } from '../support/select';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Chooses a select's first option by keyboard: a native select takes ArrowDown as the next choice. */
async function chooseByKeyboard(page: Page, name: string): Promise<void> {
  const select = page.getByRole('combobox', { name, exact: true });
  await tabTo(page, select);
  await page.keyboard.press('ArrowDown');
  await expect(chosenOption(select)).not.toHaveText(/^\s*$/);
}

/** The visible focus ring of the focused element: its outline, in pixels. */
const outlineWidth = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? Number.parseFloat(getComputedStyle(el).outlineWidth) || 0 : 0;
  });

/** Signs in from the landing page by keyboard: Tab to the header's Sign in, then the form. */
async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/');
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
  await tabTo(page, signIn);
  expect(await outlineWidth(page)).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await typeInto(page, page.getByRole('textbox', { name: 'Email', exact: true }), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/oidc') && url.pathname !== '/callback');
}

/** Opens the profile menu by keyboard and follows one of its items with the arrow keys. */
async function profileMenuItem(page: Page, name: string): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: 'Open profile menu' }));
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Profile menu' });
  await expect(menu).toBeVisible();
  // The first item has the focus; the arrows move through the menu.
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  const item = menu.getByRole('menuitem', { name });
  for (let i = 0; i < 12 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
}

/** After a navigation the page's heading has the focus and is announced. */
async function headingHasFocus(page: Page, name: string | RegExp): Promise<void> {
  const heading = page.getByRole('heading', { name, level: 1 });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(name);
}

test('when a developer signs in and tops up the wallet by keyboard alone then the top-up is received', async ({
  page,
}) => {
  await signInByKeyboard(page, 'aggregator@portico.test');
  await profileMenuItem(page, 'My Wallet');
  await headingHasFocus(page, 'My Wallet');

  await typeInto(page, page.getByRole('textbox', { name: 'Amount' }), '25');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /^Pay/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/u\/my-wallet\?topup=.*outcome=succeeded/);
  await expect(page.getByRole('status').filter({ hasText: 'Top-up of $25.00 received' })).toBeVisible();
  // The history names the top-up, not an id.
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toContainText(
    'Top-up of $25.00',
  );
});

test('when a developer creates a bot draft by keyboard alone then the draft is saved', async ({ page }) => {
  const name = `Keyboard Bot ${Date.now().toString(36)}`;
  await signInByKeyboard(page, 'aggregator@portico.test');
  await expect(page.getByRole('heading', { name: 'My Bots', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Create RCS bot' }));
  await page.keyboard.press('Enter');
  await headingHasFocus(page, 'Create RCS Bot');

  await typeInto(page, page.getByRole('textbox', { name: 'Display name', exact: true }), name);
  await typeInto(
    page,
    page.getByRole('textbox', { name: 'Description', exact: true }),
    'Typed without a mouse.',
  );
  await typeInto(page, page.getByRole('textbox', { name: 'Brand colour', exact: true }), '#1A237E');
  await typeInto(page, page.getByRole('textbox', { name: 'Phone number 1' }), '+919876543210');
  await typeInto(page, page.getByRole('textbox', { name: 'Label phone 1' }), 'Orders');
  await typeInto(
    page,
    page.getByRole('textbox', { name: 'Privacy policy URL' }),
    'https://keys.example/privacy',
  );
  await typeInto(
    page,
    page.getByRole('textbox', { name: 'Terms of service URL' }),
    'https://keys.example/terms',
  );
  for (const select of ['Message category', 'Region', 'Billing category', 'Hosting region']) {
    await chooseByKeyboard(page, select);
  }
  await tabTo(page, page.getByRole('button', { name: 'Save draft' }));
  expect(await outlineWidth(page)).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/u\/create-bot\/rcs-bot-details\?botId=/);
  await expect(page.getByText(/^Draft saved/)).toBeVisible();
});

test('when a platform admin approves a submitted brand by keyboard alone then it is forwarded to the carriers', async ({
  page,
}) => {
  // The demo's brand waiting for the platform that no other journey decides on (the submitted demo
  // launches are the bulk review's).
  const brand = 'Masala Metro';
  await signInByKeyboard(page, 'superadmin@portico.test');
  await page.goto('/admin/my-brands');
  await expect(page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('tab', { name: /^Submitted/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /^Submitted/ })).toHaveAttribute('aria-selected', 'true');
  await typeInto(page, page.getByRole('textbox', { name: 'Search brand or partner' }), brand);
  const link = page.getByRole('link', { name: brand });
  await tabTo(page, link);
  expect(await outlineWidth(page)).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  // The brand's page: its heading has the focus.
  await headingHasFocus(page, brand);

  await tabTo(page, page.getByRole('button', { name: 'Forward to carriers', exact: true }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Forward to carriers', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Brand summary' }).getByText('Forwarded', { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Forwarded to the carriers');
});
