/**
 * Issue 15, browser journeys: a developer builds an RCS carousel with suggestions watching the live
 * preview, submits it, tests it on a sandbox handset where the person taps a suggestion, and the
 * test summary shows delivered, read and the tap; the platform admin approves it. A WhatsApp
 * template goes PENDING to APPROVED through the sandbox's (Meta's) webhook.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiHeaders, signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });
// Long journeys (a handset, a second user, Meta's review) with axe checks on a shared machine.
test.describe.configure({ timeout: 240_000 });

const shoot = screenshotsIn('templates');
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}
const DEVELOPER = 'developer@portico.test';
const ADMIN = 'admin-readwrite@portico.test';

interface TestBot {
  bot_id: string;
  testable: ('rcs' | 'whatsapp')[];
  invites_testers: boolean;
}

/** The developer's bots testable on the channel (RCS: those that invite testers), in list order. */
async function testableBots(page: Page, channel: 'rcs' | 'whatsapp'): Promise<string[]> {
  const headers = await apiHeaders(page);
  const list = await page.request.get('/api/v1/secure/bots?start=0&end=50', { headers });
  const ids = ((await list.json()).data.items as { bot_id: string }[]).map((b) => b.bot_id);
  const testable: string[] = [];
  for (const id of ids) {
    const response = await page.request.get(`/api/v1/secure/bots/${id}/testing`, { headers });
    if (!response.ok()) continue;
    const bot = (await response.json()).data as TestBot;
    if (bot.testable.includes(channel) && (channel === 'whatsapp' || bot.invites_testers)) testable.push(id);
  }
  return testable;
}

/** One of the developer's bots testable on the channel. */
async function testableBot(page: Page, channel: 'rcs' | 'whatsapp'): Promise<string> {
  const [id] = await testableBots(page, channel);
  if (!id) throw new Error(`the demo developer has no bot testable on ${channel}`);
  return id;
}

/** A bot testable on RCS with a test device whose tester invite is accepted, and that device. */
async function botWithAcceptedDevice(page: Page): Promise<{ botId: string; msisdn: string }> {
  const headers = await apiHeaders(page);
  for (const botId of await testableBots(page, 'rcs')) {
    const devices = await page.request.get(
      `/api/v1/secure/bots/${botId}/test-devices?start=0&end=50&channel=rcs&invite_status=ACCEPTED`,
      { headers },
    );
    if (!devices.ok()) continue;
    const [accepted] = (await devices.json()).data.items as { msisdn: string }[];
    if (accepted) return { botId, msisdn: accepted.msisdn };
  }
  throw new Error('no demo RCS bot has an accepted test device');
}

async function handset(context: BrowserContext, msisdn: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/sandbox?msisdn=${encodeURIComponent(msisdn)}`);
  return page;
}

test('when a developer builds a carousel with suggestions then the preview follows; tested on a handset the summary shows delivered, read and the tap; the admin approves it', async ({
  page,
  context,
  browser,
}) => {
  const stamp = String(Date.now() % 100000).padStart(5, '0');
  const name = `Monsoon offers ${stamp}`;
  await signInFromLanding(page, DEVELOPER);
  // A demo RCS bot with a test device that accepted its tester invite (the bot-testing demo seed).
  // Other journeys change and add bots, so the list's order says nothing: look for the device.
  const { botId, msisdn } = await botWithAcceptedDevice(page);
  const phone = await handset(context, msisdn);

  await page.goto(`/u/addTemplate?botId=${botId}`);
  await expect(page.getByRole('heading', { name: 'Add Template', level: 1 })).toBeVisible();
  const preview = page.getByRole('figure', { name: 'RCS template preview' });
  await page.getByRole('textbox', { name: 'Template name' }).fill(name);
  await page.getByRole('button', { name: 'Carousel' }).click();
  await expect(preview.getByTestId('preview-card')).toHaveCount(2);

  const titles = page.getByRole('textbox', { name: 'Card title' });
  const descriptions = page.getByRole('textbox', { name: 'Card description' });
  await titles.nth(0).fill('Masala chai for {{first_name}}');
  await expect(preview.getByTestId('preview-card').nth(0)).toContainText('Masala chai for [first_name]');
  await page.getByRole('textbox', { name: 'Sample {{first_name}}' }).fill('Asha');
  await expect(preview.getByTestId('preview-card').nth(0)).toContainText('Masala chai for Asha');
  await descriptions.nth(0).fill('Brewed fresh, 20% off today.');
  await titles.nth(1).fill('Ginger tea');
  await descriptions.nth(1).fill('Warm and spicy.');

  // A suggestion on the first card, and one for the message; a chip over RBM's 25 characters is refused at its field.
  const firstCard = page.getByRole('region', { name: 'Card 1' });
  await firstCard.getByRole('button', { name: 'Add suggestion' }).click();
  const chip = firstCard.getByRole('textbox', { name: 'Suggestion 1 text' });
  await chip.fill('Order a large masala chai now please');
  await expect(firstCard.getByText('A suggestion text', { exact: false })).toBeVisible();
  await chip.fill('Order now');
  await expect(firstCard.getByText('A suggestion text', { exact: false })).toBeHidden();
  await firstCard.getByRole('textbox', { name: 'Postback data' }).fill('order_chai');
  await expect(preview.getByTestId('preview-suggestion').filter({ hasText: 'Order now' })).toBeVisible();
  const messageSuggestions = page.getByRole('group', { name: /Message suggestions/ });
  await messageSuggestions.getByRole('button', { name: 'Add suggestion' }).click();
  await messageSuggestions.getByRole('textbox', { name: 'Suggestion 1 text' }).fill('See the menu');
  await messageSuggestions.getByRole('textbox', { name: 'Postback data' }).fill('menu');
  await expect(preview.getByTestId('preview-suggestion')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'builder-carousel');

  await page.getByRole('button', { name: 'Save and submit for approval' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Versions' }).getByText('Pending approval')).toBeVisible();

  // Test on the handset: the person taps the card's suggestion.
  await page.getByRole('checkbox', { name: msisdn }).check();
  await page.getByRole('textbox', { name: 'Value of {{first_name}}' }).fill('Ravi');
  await page.getByRole('button', { name: 'Send test' }).click();
  const onPhone = phone.getByRole('region', { name: `Virtual handset ${msisdn}` });
  await expect(onPhone.getByText('Masala chai for Ravi')).toBeVisible();
  await onPhone.getByRole('button', { name: 'Order now' }).click();
  const row = page.getByTestId('test-result').filter({ hasText: msisdn });
  await expect(row.getByRole('cell').nth(5)).toHaveText('Order now', { timeout: 10_000 });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Yes');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Yes');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'details-tested');

  // The platform admin approves it from the pending templates.
  const adminContext = await browser.newContext({ viewport: { ...DESKTOP, height: 900 } });
  const admin = await adminContext.newPage();
  await signInFromLanding(admin, ADMIN);
  await admin.goto('/admin/templates');
  await expect(admin.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'BOTS' }).first()).toHaveAttribute('aria-current', 'page');
  await admin.getByRole('textbox', { name: 'Search template, bot or partner' }).fill(name);
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshots(admin, 'admin-pending');
  await admin.getByRole('link', { name }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('table', { name: 'Versions' }).getByText('Approved')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await screenshots(admin, 'admin-approved');
  await adminContext.close();
});

test('when a developer submits a WhatsApp template then it is PENDING and the sandbox webhook makes it APPROVED', async ({
  page,
}) => {
  const stamp = String(Date.now() % 100000).padStart(5, '0');
  await signInFromLanding(page, DEVELOPER);
  const botId = await testableBot(page, 'whatsapp');
  await page.goto(`/u/addTemplate?botId=${botId}`);
  await expect(page.getByRole('form', { name: /template$/ })).toBeVisible();
  const channel = page.getByRole('group', { name: 'Channel' });
  if (await channel.isVisible()) await channel.getByRole('button', { name: 'WhatsApp' }).click();
  await expect(page.getByRole('form', { name: 'WhatsApp template' })).toBeVisible();
  const preview = page.getByRole('figure', { name: 'WhatsApp template preview' });
  await page.getByRole('textbox', { name: 'Template name' }).fill(`order_update_${stamp}`);
  await page.getByRole('combobox', { name: 'Header' }).selectOption({ label: 'Text' });
  await page.getByRole('textbox', { name: 'Header text' }).fill('Your order');
  await page.getByRole('textbox', { name: 'Body' }).fill('Hi {{1}}, your order {{2}} is on its way.');
  await page.getByRole('textbox', { name: 'Example of {{1}}' }).fill('Asha');
  await page.getByRole('textbox', { name: 'Example of {{2}}' }).fill('#4821');
  await expect(preview.getByTestId('preview-text')).toHaveText('Hi Asha, your order #4821 is on its way.');
  await page.getByRole('textbox', { name: 'Footer (optional)' }).fill('Chai Point');
  await page.getByRole('button', { name: 'Add button' }).click();
  await page.getByRole('textbox', { name: 'Button 1 text' }).fill('Track it');
  await expect(preview.getByTestId('preview-button')).toHaveText('Track it');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'builder-whatsapp');

  await page.getByRole('button', { name: 'Save and submit for approval' }).click();
  await expect(page.getByRole('heading', { name: `order_update_${stamp}`, level: 1 })).toBeVisible();
  const versions = page.getByRole('table', { name: 'Versions' });
  await expect(versions.getByText(/Pending approval|Approved/)).toBeVisible();
  // Meta's sandbox reviews it and its webhook approves it; the page follows while it is pending.
  await expect(versions.getByText('Approved')).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'whatsapp-approved');
});
