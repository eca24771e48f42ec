/**
 * Issue 16, browser journey: a developer creates a credential on /u/api (its secret shown once),
 * sets the bot's webhook to a small local receiver (verified by Google's RBM challenge) and gets
 * its signing secret once, then sends a rich card with curl through the partner API (the token
 * endpoint and the Google-shaped base URL read from the page). The card reaches the sandbox
 * handset of an accepted test device; the person's tap reaches the webhook in Google's Pub/Sub
 * shape with a valid X-Goog-Signature; the credential shows it was used; My Wallet shows the
 * message charged by the metering settlement batch, and the page's usage counts it; the API
 * reference linked from the page documents the call. Screenshots at 1280 and 600 px, axe on every
 * screen.
 */
import { execFile } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { formatDate } from '@portico/domain';
import { apiHeaders, signInFromLanding } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { type Delivery, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const run = promisify(execFile);
const shoot = screenshotsIn('partner-send');
/**
 * Axe first (no serious violation), then the two widths. With a dialog open, axe checks the dialog:
 * the page behind it is inert and dimmed by the backdrop (its red text fails contrast only there).
 */
async function lookedAt(page: Page, name: string, include?: string) {
  expect(await seriousViolations(page, include), name).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}
const DEVELOPER = 'developer@portico.test';

let receiver: WebhookReceiver;
let receiverUrl: string;
let deliveries: Delivery[];

test.beforeAll(async () => {
  receiver = await startWebhookReceiver('/partner-send-events');
  receiverUrl = receiver.url;
  deliveries = receiver.deliveries;
});
test.afterAll(() => receiver.close());

/**
 * A demo RBM bot of the developer that invites testers and has the seeded webhook log (so a demo
 * bot, not one another journey added). The last one: the partner-api journey takes the first, and
 * the two must not set each other's webhook when they run side by side.
 */
async function rbmBot(page: Page): Promise<string> {
  const headers = await apiHeaders(page);
  const list = await page.request.get('/api/v1/secure/bots?start=0&end=50', { headers });
  const ids = ((await list.json()).data.items as { bot_id: string }[]).map((b) => b.bot_id).reverse();
  for (const id of ids) {
    const response = await page.request.get(`/api/v1/secure/bots/${id}/testing`, { headers });
    if (!response.ok()) continue;
    const bot = (await response.json()).data as { invites_testers: boolean; testable: string[] };
    if (!bot.invites_testers || !bot.testable.includes('rcs')) continue;
    const dead = await page.request.get(
      `/api/v1/secure/bots/${id}/webhook/deliveries?status=dead&start=0&end=1`,
      { headers },
    );
    if (!dead.ok() || ((await dead.json()).data.items as unknown[]).length === 0) continue;
    const info = await page.request.get(`/api/v1/secure/bots/${id}/credentials`, { headers });
    const endpoints = (await info.json()).data.endpoints as { api_type: string; base_url: string | null }[];
    if (endpoints.some((e) => e.api_type === 'google' && e.base_url)) return id;
  }
  throw new Error('the demo developer has no Google RBM bot with a seeded webhook log');
}

/** The RBM event of a Google-shaped delivery (a bot with WhatsApp too also gets Meta-shaped ones). */
const eventOf = (d: Delivery) => {
  const push = JSON.parse(d.body) as { message?: { data: string } };
  if (!push.message) return { bytes: Buffer.alloc(0), event: {} as Record<string, never> };
  const bytes = Buffer.from(push.message.data, 'base64');
  return { bytes, event: JSON.parse(bytes.toString()) };
};
const signedWith = (d: Delivery, secret: string) =>
  d.headers['x-goog-signature'] === createHmac('sha512', secret).update(eventOf(d).bytes).digest('base64');

async function handset(context: BrowserContext, msisdn: string): Promise<Page> {
  const phone = await context.newPage();
  await phone.goto(`/sandbox?msisdn=${encodeURIComponent(msisdn)}`);
  return phone;
}

/** curl, as a partner's shell runs it: the answer's status code on the last line. */
async function curl(args: string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['-s', '-w', '\n%{http_code}', ...args]);
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) };
}

interface WalletRow {
  created_at: string;
  kind: string;
  description: string;
  amount: string;
}

test('when a developer creates credentials on /u/api and sends a rich card with curl then the handset shows it, the tap reaches the webhook signed and My Wallet shows the charge', async ({
  page,
  context,
}) => {
  // Two network round trips, the handset, and the metering settlement that runs once a minute.
  test.setTimeout(240_000);
  await signInFromLanding(page, DEVELOPER);
  const botId = await rbmBot(page);
  await page.goto(`/u/api?botId=${botId}`);
  await expect(page.getByRole('heading', { name: 'API', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Google API (RCS)' })).toBeVisible();
  await lookedAt(page, 'api-page');

  // A new credential: the secret is shown once, with the client id it belongs to.
  const table = page.getByRole('table', { name: 'Credentials' });
  // Counted once the list has loaded (the bot may already have credentials from the demo or a journey).
  await expect(table.or(page.getByText('No credentials yet'))).toBeVisible();
  const before = await table.getByRole('row').count();
  await page.getByRole('button', { name: 'Create credential' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Client secret' });
  const clientSecret = (await secretDialog.getByTestId('one-time-secret').textContent()) ?? '';
  expect(clientSecret.length).toBeGreaterThanOrEqual(32);
  const clientId = (await secretDialog.getByText(/client id/).textContent())?.match(/client id (\S+);/)?.[1];
  expect(clientId).toBeTruthy();
  await lookedAt(page, 'client-secret-once', '[role="dialog"]');
  await secretDialog.getByRole('button', { name: 'I have stored it' }).click();
  await expect(secretDialog).toBeHidden();
  await expect(table.getByRole('row')).toHaveCount(Math.max(before, 1) + 1);
  const row = table.getByRole('row').filter({ hasText: clientId ?? '' });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(`…${clientSecret.slice(-4)}`);
  await expect(row).toContainText('Never');
  // The secret is never shown again: the page holds only its last characters.
  await expect(page.getByText(clientSecret)).toHaveCount(0);

  // Webhook update: verified by the challenge, then its signing secret is rotated and shown once.
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
  const signingDialog = page.getByRole('dialog', { name: 'Webhook signing secret' });
  const signingSecret = (await signingDialog.getByTestId('one-time-secret').textContent()) ?? '';
  expect(signingSecret).toMatch(/^[\w-]{32}$/);
  await signingDialog.getByRole('button', { name: 'I have stored it' }).click();
  await lookedAt(page, 'webhook-set');

  // What the partner copies from the page: the token endpoint, the base URL and the agent id.
  const tokenUrl = (await page.getByLabel('Token endpoint', { exact: true }).textContent()) ?? '';
  const baseUrl = (await page.getByLabel('Google API (RCS) base URL', { exact: true }).textContent()) ?? '';
  const example =
    (await page.getByLabel('curl example (Google API (RCS))', { exact: true }).textContent()) ?? '';
  const scope = example.match(/scope=(\S+)/)?.[1] ?? '';
  const agentId = example.match(/agentId=([^"&\s]+)/)?.[1] ?? '';
  expect(example).toContain(`curl -s -u "${clientId}:$CLIENT_SECRET"`);
  expect(tokenUrl).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/oauth\/token$/);
  // Google's origin (its own port by default): the RBM paths are at its root.
  expect(baseUrl).toMatch(/^http:\/\/localhost:\d+(\/\S*)?$/);
  expect(scope).not.toBe('');
  expect(agentId).not.toBe('');

  // A test device on the sandbox handset (the bot is not launched: only its testers are reached).
  const msisdn = `+91981251${String(Date.now() % 10000).padStart(4, '0')}7`;
  const headers = await apiHeaders(page);
  const added = await page.request.post(`/api/v1/secure/bots/${botId}/test-devices`, {
    headers,
    data: { msisdn, channel: 'rcs' },
  });
  expect(added.status()).toBe(201);
  const phone = await handset(context, msisdn);
  await phone.getByRole('button', { name: 'Accept' }).click();
  await lookedAt(phone, 'handset-accepted');

  // The partner's server: a token with the new credential, then Google's agentMessages with curl.
  const token = await curl([
    '-u',
    `${clientId}:${clientSecret}`,
    '-d',
    'grant_type=client_credentials',
    '-d',
    `scope=${scope}`,
    tokenUrl,
  ]);
  expect(token.status, token.body).toBe(200);
  const accessToken = (JSON.parse(token.body) as { access_token: string }).access_token;
  const richCard = {
    contentMessage: {
      richCard: {
        standaloneCard: {
          cardOrientation: 'VERTICAL',
          cardContent: {
            title: 'Your parcel is out for delivery',
            description: 'Parcel #7315 arrives today between 2 and 4 pm.',
            suggestions: [{ reply: { text: 'Track parcel', postbackData: 'track-7315' } }],
          },
        },
      },
    },
    messageTrafficType: 'TRANSACTION',
  };
  const messageId = randomUUID();
  const sendUrl = `${baseUrl}/v1/phones/${encodeURIComponent(msisdn)}/agentMessages?messageId=${messageId}&agentId=${agentId}`;
  const sendArgs = [
    '-X',
    'POST',
    sendUrl,
    '-H',
    `Authorization: Bearer ${accessToken}`,
    '-H',
    'Content-Type: application/json',
    '-d',
    JSON.stringify(richCard),
  ];
  // The tester's acceptance (the network's event) reaches the send pipeline within its few seconds
  // of caching; the bot console need not have looked at the device.
  let sent = { status: 0, body: '' };
  await expect
    .poll(
      async () => {
        sent = await curl(sendArgs);
        return sent.status === 200 ? 200 : `${sent.status} ${sent.body}`;
      },
      { timeout: 20_000, intervals: [1000, 2000] },
    )
    .toBe(200);
  const sentAt = Date.now();
  expect(JSON.parse(sent.body)).toMatchObject({
    name: `phones/${msisdn}/agentMessages/${messageId}`,
    contentMessage: richCard.contentMessage,
  });
  // The same message id again is never sent (nor charged) twice.
  const again = await curl(sendArgs);
  expect(again.status).toBe(409);

  // The handset shows the card; the person taps its suggestion.
  const onPhone = phone.getByRole('region', { name: `Virtual handset ${msisdn}` });
  await expect(onPhone.getByRole('heading', { name: 'Your parcel is out for delivery' })).toBeVisible();
  await lookedAt(phone, 'handset-card');
  await onPhone.getByRole('button', { name: 'Track parcel' }).click();

  // The tap reaches the webhook in Google's shape, signed with the signing secret.
  await expect
    .poll(
      () =>
        deliveries.some(
          (d) =>
            eventOf(d).event.suggestionResponse?.postbackData === 'track-7315' &&
            eventOf(d).event.senderPhoneNumber === msisdn,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  const tap = deliveries.find((d) => eventOf(d).event.suggestionResponse?.postbackData === 'track-7315');
  expect(tap && signedWith(tap, signingSecret)).toBe(true);
  expect(tap && signedWith(tap, `${signingSecret}x`)).toBe(false);

  // The page: the credential was used, and the delivery log lists the tap as delivered.
  await page.reload();
  await expect(row).not.toContainText('Never');
  const log = page.getByRole('table', { name: 'Webhook deliveries' });
  await page.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Tap' });
  await expect(log.getByRole('row').filter({ hasText: msisdn }).getByText('Delivered').first()).toBeVisible({
    timeout: 15_000,
  });
  await lookedAt(page, 'after-send');

  // My Wallet: the settlement job (once a minute) charges the message in a "Messages sent" batch.
  const charged = async () => {
    const r = await page.request.get('/api/v1/secure/wallet/transactions?kind=debit&start=0&end=30', {
      headers: await apiHeaders(page),
    });
    const rows = (await r.json()).data.items as WalletRow[];
    return rows.find((t) => t.description.startsWith('Messages sent') && Date.parse(t.created_at) >= sentAt);
  };
  await expect.poll(charged, { timeout: 150_000, intervals: [5000] }).toBeTruthy();
  const charge = (await charged()) as WalletRow;
  expect(Number(charge.amount)).toBeLessThan(0);
  await page.goto('/u/my-wallet');
  await expect(page.getByRole('heading', { name: 'My Wallet', level: 1 })).toBeVisible();
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.getByRole('row').filter({ hasText: charge.description }).first()).toBeVisible();
  await lookedAt(page, 'wallet-charge');

  // Usage on /u/api: today's row counts the message sent (the settlement writes the day's usage).
  await page.goto(`/u/api?botId=${botId}`);
  // The UTC day as the page writes it (the spec's D Mon YYYY).
  const today = formatDate(new Date().toISOString().slice(0, 10));
  const usageRow = page
    .getByRole('table', { name: 'Usage per day' })
    .getByRole('row')
    .filter({ hasText: today });
  await expect(usageRow).toBeVisible();
  expect(
    Number((await usageRow.getByRole('cell').nth(1).textContent())?.replace(/,/g, '')),
  ).toBeGreaterThanOrEqual(1);
  await page.getByRole('heading', { name: 'Usage', level: 2 }).scrollIntoViewIfNeeded();
  expect(await seriousViolations(page), 'usage').toEqual([]);
  await shoot(page, 'usage');

  // The API reference the page links to documents the call the partner just made.
  const [docs] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /API reference/ }).click(),
  ]);
  await expect(docs.getByText('/v1/phones/{msisdn}/agentMessages').first()).toBeVisible({ timeout: 20_000 });
  await shoot(docs, 'api-reference');
});
