/**
 * Issue 13, browser journeys (web): a developer creates an RCS bot and watches the handset preview
 * follow what they type, picks one of their brands (the agent is registered on the sandbox network),
 * chooses carriers and finds the bot in MY BOTS; then the same for a WhatsApp bot. Screenshots at
 * 1280 and 600 px, axe on every screen.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { png } from '../support/files.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { chooseOption } from '../support/select';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const screenshots = screenshotsIn('bots');

async function choose(page: Page, field: string | RegExp, option: string | RegExp) {
  await chooseOption(page.getByRole('combobox', { name: field }), option);
}

test('when a developer creates an RCS bot with a brand then the preview follows their typing, the agent is registered, carriers are chosen and the bot shows in MY BOTS', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Journey Chai ${Date.now().toString(36)}`;

  await signInFromLanding(page, 'developer@portico.test');
  await page.goto('/u/dashboard');
  await expect(page.getByRole('heading', { name: 'My Bots', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bots' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'my-bots');

  await page.getByRole('link', { name: 'Create RCS bot' }).click();
  await expect(page.getByRole('heading', { name: 'Create RCS Bot', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bot creation steps' })).toContainText('RCS Bot Details');
  // Nothing filled in: every field says why.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Please correct the highlighted fields.')).toBeVisible();
  await expect(page.getByText('Display name is required.')).toBeVisible();

  const preview = page.getByRole('figure', { name: 'RCS preview' });
  await page.getByRole('textbox', { name: 'Display name', exact: true }).fill(name);
  await expect(preview.getByTestId('preview-name')).toContainText(name);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Order chai and snacks to your desk.');
  await expect(preview.getByTestId('preview-description')).toHaveText('Order chai and snacks to your desk.');
  // A colour too light on white is refused with its contrast, a dark one passes.
  const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true });
  await colour.fill('#FFEB3B');
  await expect(page.getByText(/too light on white: contrast/)).toBeVisible();
  await colour.fill('#1A237E');
  await expect(page.getByText(/too light on white/)).toBeHidden();
  await page.getByRole('textbox', { name: 'Phone number 1' }).fill('+919876543210');
  await page.getByRole('textbox', { name: 'Label phone 1' }).fill('Orders');
  await expect(preview).toContainText('+919876543210');
  await page.getByRole('button', { name: 'Add website' }).click();
  await page.getByRole('textbox', { name: 'Website URL 1' }).fill('https://journey-chai.example');
  await page.getByRole('textbox', { name: 'Label website 1' }).fill('Menu');
  await expect(preview).toContainText('https://journey-chai.example');
  await page
    .getByRole('textbox', { name: 'Privacy policy URL' })
    .fill('https://journey-chai.example/privacy');
  await page
    .getByRole('textbox', { name: 'Terms of service URL' })
    .fill('https://journey-chai.example/terms');
  await choose(page, /Message category/, 'Transactional');
  await choose(page, /^Region/, 'India');
  await choose(page, /Billing category/, 'Conversational');
  await choose(page, /Hosting region/, 'Asia Pacific');
  // A logo of the wrong shape: picked before the draft exists, sent with the first save, and the
  // server's exact size problem lands on the field (the draft is kept).
  const logo = page.locator('input[type="file"][data-kind="logo"]');
  await logo.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(300, 100, [26, 35, 126]) });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/u\/create-bot\/rcs-bot-details\?botId=/);
  await expect(page.getByText(/The logo must be 224 x 224 px .*this picture is 300 x 100 px/)).toBeVisible();
  await expect(page.getByText(/^Draft saved/)).toBeVisible();
  // The right size is sent at once now that the draft exists, and the preview shows it.
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(224, 224, [26, 35, 126]) });
  await expect(preview.getByRole('img', { name: `${name} logo` })).toBeVisible();
  await expect(page.getByText(/The logo must be/)).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'create-rcs');

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/u\/create-bot\/brand-details\?botId=/);
  await expect(page.getByRole('heading', { name: 'Brand Details', level: 1 })).toBeVisible();
  await choose(page, 'Your brand', /Saffron Stays/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'brand-details');
  await page.getByRole('button', { name: 'Register the bot and continue' }).click();

  await expect(page).toHaveURL(/\/u\/create-bot\/select-carriers\?botId=/);
  await expect(page.getByRole('heading', { name: 'Carrier Selection', level: 1 })).toBeVisible();
  await choose(page, 'Country', 'India');
  await page.getByRole('checkbox', { name: 'Reliance Jio' }).check();
  await page.getByRole('checkbox', { name: 'Bharti Airtel' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'select-carriers');
  await page.getByRole('button', { name: 'Save carriers' }).click();

  await expect(page).toHaveURL(/\/u\/view-bot-details\/rcs\?botId=/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Carriers' })).toContainText('Reliance Jio');
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Saffron Stays');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'view-rcs');

  await page.goto('/u/dashboard');
  await page.getByRole('textbox', { name: 'Search bots' }).fill(name);
  const bots = page.getByRole('table', { name: 'Bots' });
  await expect(bots.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(bots).toContainText('Saffron Stays');
  await expect(bots).toContainText('Bharti Airtel');
  // Registered and carriers chosen: a draft until launch, resumed at the carrier step.
  await expect(bots).toContainText('Draft: registered on the network');
  await expect(bots.getByRole('link', { name: `Resume ${name}` })).toHaveAttribute(
    'href',
    /\/u\/create-bot\/select-carriers\?botId=/,
  );
  await screenshots(page, 'my-bots-found');
});

test('when a developer registers a WhatsApp bot then the profile preview follows their typing, the bot shows in MY BOTS and, after a confirmation, it is deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Journey Tea House ${Date.now().toString(36)}`;
  await signInFromLanding(page, 'developer@portico.test');
  await page.goto('/u/dashboard');
  await page.getByRole('link', { name: 'Create WhatsApp bot' }).click();
  await expect(page.getByRole('heading', { name: 'Create WhatsApp Bot', level: 1 })).toBeVisible();

  const preview = page.getByRole('figure', { name: 'WhatsApp preview' });
  const displayName = page.getByRole('textbox', { name: 'Display name', exact: true });
  // Meta's naming rules are checked on the page.
  await displayName.fill('TEA HOUSE DELIVERY');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/must not be all capitals/)).toBeVisible();
  await displayName.fill(name);
  await expect(preview.getByTestId('preview-name')).toHaveText(name);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+919812345678');
  await page.getByRole('textbox', { name: 'WABA id' }).fill('104857600123');
  await page.getByRole('textbox', { name: 'About' }).fill('Fresh tea, delivered.');
  await expect(preview.getByTestId('preview-about')).toHaveText('Fresh tea, delivered.');
  await choose(page, /Category/, 'Restaurant');
  await expect(preview.getByTestId('preview-category')).toHaveText('Restaurant');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'create-whatsapp');

  await page.getByRole('button', { name: 'Register the sender' }).click();
  await expect(page).toHaveURL(/\/u\/view-bot-details\/whatsapp\?botId=/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'WhatsApp sender' })).toContainText('+919812345678');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'view-whatsapp');

  await page.goto('/u/dashboard');
  await choose(page, 'Channel', 'WhatsApp');
  await page.getByRole('textbox', { name: 'Search bots' }).fill(name);
  const bots = page.getByRole('table', { name: 'Bots' });
  await expect(bots.getByRole('link', { name, exact: true })).toBeVisible();

  // A registered draft may be deleted, after a confirmation; its sender goes from the network too.
  await bots.getByRole('link', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'delete-whatsapp');
  await dialog.getByRole('button', { name: 'Delete bot' }).click();
  await expect(page).toHaveURL(/\/u\/dashboard$/);
  await page.getByRole('textbox', { name: 'Search bots' }).fill(name);
  await expect(page.getByText('No bots match')).toBeVisible();
});
