/**
 * Issue 16, browser journey (what H8 covers without H5's send endpoint and H6's metering): a
 * developer sets the bot's webhook on /u/api to a small local receiver (verified by Google's RBM
 * challenge), gets the signing secret once, sends a test ping, then a rich card reaches the sandbox
 * handset (through the bot console's test message) and the person's tap on the handset reaches the
 * webhook as Google's Pub/Sub push, X-Goog-Signature verified the way Google documents it. The
 * delivery log shows the deliveries. Screenshots at 1280 and 600 px, axe on the page.
 */
import { createHmac } from 'node:crypto';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiHeaders, signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { type Delivery, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const shoot = screenshotsIn('partner-api');
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}
const DEVELOPER = 'developer@portico.test';

let receiver: WebhookReceiver;
let receiverUrl: string;
let deliveries: Delivery[];

test.beforeAll(async () => {
  receiver = await startWebhookReceiver('/rbm-events');
  receiverUrl = receiver.url;
  deliveries = receiver.deliveries;
});
test.afterAll(() => receiver.close());

/** The developer's first bot with an RBM agent (Google API), as the bot console finds testable bots. */
async function rbmBot(page: Page): Promise<string> {
  const headers = await apiHeaders(page);
  const list = await page.request.get('/api/v1/secure/bots?start=0&end=50', { headers });
  const ids = ((await list.json()).data.items as { bot_id: string }[]).map((b) => b.bot_id);
  for (const id of ids) {
    const response = await page.request.get(`/api/v1/secure/bots/${id}/testing`, { headers });
    if (!response.ok()) continue;
    const bot = (await response.json()).data as { invites_testers: boolean; testable: string[] };
    if (!bot.invites_testers || !bot.testable.includes('rcs')) continue;
    // A demo bot (its seeded log has dead letters): other journeys add bots without a webhook.
    const dead = await page.request.get(
      `/api/v1/secure/bots/${id}/webhook/deliveries?status=dead&start=0&end=1`,
      { headers },
    );
    if (dead.ok() && ((await dead.json()).data.items as unknown[]).length > 0) return id;
  }
  throw new Error('the demo developer has no Google RBM bot with a seeded webhook log');
}

/** The RBM event of a Google-shaped delivery (a bot with WhatsApp too also gets Meta-shaped ones). */
const eventOf = (d: Delivery) => {
  const push = JSON.parse(d.body) as { message?: { data: string } };
  if (!push.message) return { bytes: Buffer.alloc(0), event: {} as Record<string, never> };
  return {
    bytes: Buffer.from(push.message.data, 'base64'),
    event: JSON.parse(Buffer.from(push.message.data, 'base64').toString()),
  };
};
const signedWith = (d: Delivery, secret: string) =>
  d.headers['x-goog-signature'] === createHmac('sha512', secret).update(eventOf(d).bytes).digest('base64');

async function handset(context: BrowserContext, msisdn: string): Promise<Page> {
  const phone = await context.newPage();
  await phone.goto(`/sandbox?msisdn=${encodeURIComponent(msisdn)}`);
  return phone;
}

test('when a developer sets a webhook on /u/api then the ping and a tap on the handset reach it, signed, and the log shows them', async ({
  page,
  context,
}) => {
  // Two webhook round trips, the handset, and the log: about a minute on two busy cores.
  test.setTimeout(150_000);
  await signInFromLanding(page, DEVELOPER);
  const botId = await rbmBot(page);
  await page.goto(`/u/api?botId=${botId}`);
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhook' })).toBeVisible();
  // The demo log has every state (read through the API: other journeys' events may fill the page).
  const log = page.getByRole('table', { name: 'Webhook deliveries' });
  await expect(log.getByRole('row').nth(1)).toBeVisible();
  // (Retrying rows are retried by the worker meanwhile and may be dead-lettered by now.)
  for (const status of ['dead', 'delivered']) {
    const rows = await page.request.get(
      `/api/v1/secure/bots/${botId}/webhook/deliveries?status=${status}&start=0&end=1`,
      { headers: await apiHeaders(page) },
    );
    expect(((await rows.json()).data.items as unknown[]).length, status).toBe(1);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'api-page');

  // Webhook update: verified by the challenge, then the secret is rotated and shown once.
  const form = page.getByRole('form', { name: 'Webhook URL' });
  await form.getByLabel('Webhook URL').fill(receiverUrl);
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith(`/bots/${botId}/webhook`),
  );
  await form.getByRole('button', { name: 'Verify and save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(/^Verified /)).toBeVisible();
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page
    .getByRole('dialog', { name: 'Rotate the signing secret?' })
    .getByRole('button', { name: 'Rotate' })
    .click();
  const secretDialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
  const secret = (await secretDialog.getByTestId('one-time-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[\w-]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'secret-once');
  await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByText(`Ends in …${secret.slice(-4)}`, { exact: false })).toBeVisible();

  // The test ping arrives in Google's shape, signed with the secret.
  await page.getByRole('button', { name: 'Send test ping' }).click();
  await expect.poll(() => deliveries.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const ping = deliveries.find((d) => eventOf(d).event.eventType === 'PORTICO_TEST_PING');
  expect(ping && signedWith(ping, secret)).toBe(true);

  // A rich card to a test device on the sandbox handset; the person taps its suggestion.
  const msisdn = `+91981250${String(Date.now() % 10000).padStart(4, '0')}3`;
  const headers = await apiHeaders(page);
  const added = await page.request.post(`/api/v1/secure/bots/${botId}/test-devices`, {
    headers,
    data: { msisdn, channel: 'rcs' },
  });
  expect(added.status()).toBe(201);
  const deviceId = (await added.json()).data.device_id as string;
  const phone = await handset(context, msisdn);
  await phone.getByRole('button', { name: 'Accept' }).click();
  await expect
    .poll(
      async () => {
        const r = await page.request.post(`/api/v1/secure/bots/${botId}/test-devices/${deviceId}/messages`, {
          headers,
          data: {
            content: {
              kind: 'rich_card',
              card: {
                title: 'Your order has shipped',
                description: 'Order #4821 arrives on Thursday.',
                suggestions: [{ type: 'reply', text: 'Track order', postbackData: 'track' }],
              },
              suggestions: [],
            },
          },
        });
        return r.status();
      },
      { timeout: 15_000 },
    )
    .toBe(201);
  const onPhone = phone.getByRole('region', { name: `Virtual handset ${msisdn}` });
  await expect(onPhone.getByRole('heading', { name: 'Your order has shipped' })).toBeVisible();
  await onPhone.getByRole('button', { name: 'Track order' }).click();

  await expect
    .poll(
      () =>
        deliveries.some(
          (d) =>
            eventOf(d).event.suggestionResponse?.postbackData === 'track' &&
            eventOf(d).event.senderPhoneNumber === msisdn,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  const tapDelivery = deliveries.find((d) => eventOf(d).event.suggestionResponse?.postbackData === 'track');
  expect(tapDelivery && signedWith(tapDelivery, secret)).toBe(true);

  // The log lists the tap as delivered.
  await page.reload();
  await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Tap' });
  await expect(log.getByRole('row').filter({ hasText: msisdn }).getByText('Delivered').first()).toBeVisible({
    timeout: 15_000,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'delivery-log');
});
