/**
 * Issue 13, browser journeys (points 4 and 5): a developer adds a test device to an RCS bot, the
 * person accepts the tester invite on the sandbox handset, the developer sends a rich card from the
 * console, the person taps its suggestion on the handset and the tap appears in the console (pushed
 * by server-sent events). The same for a WhatsApp bot: no invite; send, and the typed reply appears.
 * The bots are the demo developer's console bots (the bot-testing demo seed).
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiHeaders, signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const shoot = screenshotsIn('bot-console');
/** Full-page shots from the top, so the sticky header sits where it belongs. */
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}
const DEVELOPER = 'developer@portico.test';
/** The demo developer's console bots (bot-testing.seed.ts), when the bots seed registered none. */
const FALLBACK = {
  rcs: '00000000-0000-4000-8e00-000000000001',
  whatsapp: '00000000-0000-4000-8e00-000000000002',
};

interface TestBot {
  bot_id: string;
  testable: ('rcs' | 'whatsapp')[];
  invites_testers: boolean;
}

/**
 * One of the developer's bots that can be tested on the channel (RCS: one that invites testers),
 * found as the console finds them: the bots list (when the bots module serves it), then each bot's
 * testing view; else the bot-testing seed's own console bot.
 */
async function testableBot(page: Page, channel: 'rcs' | 'whatsapp'): Promise<TestBot> {
  const headers = await apiHeaders(page);
  const list = await page.request.get('/api/v1/secure/bots?start=0&end=50', { headers });
  const ids: string[] = list.ok()
    ? ((await list.json()).data.items as { bot_id: string }[]).map((b) => b.bot_id)
    : [];
  for (const id of [...ids, FALLBACK[channel]]) {
    const response = await page.request.get(`/api/v1/secure/bots/${id}/testing`, { headers });
    if (!response.ok()) continue;
    const bot = (await response.json()).data as TestBot;
    if (!bot.testable.includes(channel)) continue;
    if (channel === 'rcs' && !bot.invites_testers) continue;
    return bot;
  }
  throw new Error(`the demo developer has no bot testable on ${channel}`);
}

async function handset(context: BrowserContext, msisdn: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/sandbox?msisdn=${encodeURIComponent(msisdn)}`);
  return page;
}

function deviceRow(page: Page, msisdn: string) {
  return page.getByRole('list', { name: 'Test devices' }).getByRole('listitem').filter({ hasText: msisdn });
}

async function addDevice(page: Page, msisdn: string, channel: 'rcs' | 'whatsapp' = 'rcs') {
  const form = page.getByRole('form', { name: 'Add a test device' });
  await form.getByLabel('Phone number').fill(msisdn);
  await form
    .getByRole('combobox', { name: 'Channel' })
    .selectOption({ label: channel === 'rcs' ? 'RCS' : 'WhatsApp' });
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(page.getByRole('list', { name: 'Test devices' }).getByText(msisdn)).toBeVisible();
}

test('when a developer adds an RCS test device then it is invited, accepts on the handset, gets a rich card and its tap shows in the console', async ({
  page,
  context,
}) => {
  // Several network round trips (invite, accept, send, delivered, read, tap), each through the
  // sandbox's webhooks: on a loaded 2-core machine they take longer than the default minute.
  test.slow();
  const msisdn = `+91981230${String(Date.now() % 10000).padStart(4, '0')}1`;
  await signInFromLanding(page, DEVELOPER);
  const bot = await testableBot(page, 'rcs');
  await page.goto(`/u/bot-console?botId=${bot.bot_id}`);
  await expect(page.getByRole('heading', { name: 'Bot Console', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test devices' })).toBeVisible();

  // A wrong number is refused on this side with the contract's message.
  const form = page.getByRole('form', { name: 'Add a test device' });
  await form.getByLabel('Phone number').fill('98123');
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(
    form.getByText(
      'Enter the phone number in international format, with its country code, e.g. +919876543210.',
    ),
  ).toBeVisible();

  await addDevice(page, msisdn);
  // The new device opens in the console; its invite is pending.
  await expect(page).toHaveURL(/deviceId=/);
  const conversation = page.getByRole('heading', { name: `Conversation with ${msisdn}` });
  await expect(conversation).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText('The tester invite is pending', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'rcs-invite-pending');

  // The person accepts the invite on the virtual handset; the console learns it from the network's event.
  const phone = await handset(context, msisdn);
  await phone.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('The tester invite is pending', { exact: false })).toBeHidden();
  await expect(deviceRow(page, msisdn).getByText('Accepted')).toBeVisible();

  // A rich card with a suggested reply, composed with its preview.
  const composer = page.getByRole('form', { name: 'Compose a test message' });
  await composer.getByRole('button', { name: 'Rich card' }).click();
  await composer.getByLabel('Title').fill('Your order has shipped');
  await composer.getByLabel('Description').fill('Order #4821 arrives on Thursday.');
  await composer.getByRole('button', { name: 'Add suggestion' }).click();
  await composer.getByLabel('Chip text').fill('Track order');
  await expect(
    composer.getByRole('figure', { name: 'Preview' }).getByText('Your order has shipped'),
  ).toBeVisible();
  await composer.getByRole('button', { name: 'Send test message' }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Your order has shipped')).toBeVisible();
  await expect(messages.getByText(/^(Delivered|Read)$/).first()).toBeVisible();

  // The person sees the card on the handset and taps the suggestion: the console shows the tap.
  const onPhone = phone.getByRole('region', { name: `Virtual handset ${msisdn}` });
  await expect(onPhone.getByRole('heading', { name: 'Your order has shipped' })).toBeVisible();
  await onPhone.getByRole('button', { name: 'Track order' }).click();
  await expect(messages.getByText('Tapped “Track order”')).toBeVisible({ timeout: 3000 });
  await expect(messages.getByText('Read')).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'rcs-conversation');

  // The developer answers from the console.
  await composer.getByRole('button', { name: 'Text' }).click();
  await composer.getByLabel('Message text').fill('Thanks! Here is the tracking link.');
  await composer.getByRole('button', { name: 'Send test message' }).click();
  await expect(onPhone.getByText('Thanks! Here is the tracking link.')).toBeVisible();
});

test('when a developer tests a WhatsApp bot then there is no invite; a sent message is answered on the handset and the answer shows in the console', async ({
  page,
  context,
}) => {
  const msisdn = `+91981240${String(Date.now() % 10000).padStart(4, '0')}2`;
  await signInFromLanding(page, DEVELOPER);
  const bot = await testableBot(page, 'whatsapp');
  await page.goto(`/u/bot-console?botId=${bot.bot_id}`);
  await addDevice(page, msisdn, 'whatsapp');
  await expect(page.getByRole('heading', { name: `Conversation with ${msisdn}` })).toBeVisible();
  await expect(deviceRow(page, msisdn).getByText('No invite (WhatsApp)')).toBeVisible();

  const composer = page.getByRole('form', { name: 'Compose a test message' });
  await composer.getByLabel('Message text').fill('Your table for two is booked for 8 pm.');
  await composer.getByRole('button', { name: 'Add suggestion' }).click();
  await composer.getByLabel('Chip text').fill('Change time');
  await composer.getByRole('button', { name: 'Send test message' }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Your table for two is booked for 8 pm.')).toBeVisible();

  const phone = await handset(context, msisdn);
  const onPhone = phone.getByRole('region', { name: `Virtual handset ${msisdn}` });
  await expect(onPhone.getByText('Your table for two is booked for 8 pm.')).toBeVisible();
  await expect(messages.getByText('Read')).toBeVisible();
  await phone.getByLabel('Reply').fill('Can we make it 9?');
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByText('Can we make it 9?')).toBeVisible({ timeout: 3000 });
  await onPhone.getByRole('button', { name: 'Change time' }).click();
  await expect(messages.getByText('Tapped “Change time”')).toBeVisible({ timeout: 3000 });

  // The capability of a WhatsApp number comes from the delivery of the message.
  await deviceRow(page, msisdn).getByRole('button', { name: 'Check capability' }).click();
  await expect(deviceRow(page, msisdn).getByText(/^Capable/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'whatsapp-conversation');
});

test('when a device is deleted then a confirmation comes first and the device is gone', async ({ page }) => {
  const msisdn = `+91981250${String(Date.now() % 10000).padStart(4, '0')}3`;
  await signInFromLanding(page, DEVELOPER);
  const bot = await testableBot(page, 'rcs');
  await page.goto(`/u/bot-console?botId=${bot.bot_id}`);
  await addDevice(page, msisdn);
  await page.getByRole('button', { name: `Delete ${msisdn}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${msisdn}?` });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('list', { name: 'Test devices' }).getByText(msisdn)).toBeHidden();
  await expect(page.getByRole('heading', { name: `Conversation with ${msisdn}` })).toBeHidden();
});
