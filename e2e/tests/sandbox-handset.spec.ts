/**
 * Issue 4, browser journey: a platform admin sends a rich card and a carousel through the RBM
 * connector (the secure test-send call, as the portal's client makes it), opens the virtual handset
 * at /sandbox, sees them rendered as a phone shows them, taps a suggestion and types a reply; both
 * reach our webhook as real RBM user events. axe finds no serious or critical violation on the page.
 */
import { generateKeyPairSync } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { googleAuthorization, publicServiceAccount, RBM_SCOPE } from '@portico/api/networks/google-auth';
import { apiHeaders, signInFromLanding } from '../support/auth.ts';
import { seriousViolations } from '../support/shell.ts';

const ADMIN_EMAIL = 'superadmin@portico.test';
const HANDSET = '+919812345671';

const card = (title: string, postback: string) => ({
  title,
  description: `${title}: 20% off all week, in store and online.`,
  media: { fileUrl: 'https://cdn.example.com/offers/festive.png', height: 'MEDIUM' },
  suggestions: [{ type: 'reply', text: `Choose ${title}`, postbackData: postback }],
});

async function sendTest(request: APIRequestContext, headers: Record<string, string>, content: unknown) {
  const response = await request.post('/api/v1/secure/network-messages/test', {
    headers,
    data: { network: 'rbm', recipient: HANDSET, content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { message_id: string; status: string };
}

async function userEvents(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.get('/api/v1/secure/network-events?network=rbm&start=0&end=100', {
    headers,
  });
  const items = (await response.json()).data.items as Array<{
    kind: string;
    sender: string;
    text: string;
    postback_data: string | null;
  }>;
  return items.filter((e) => e.sender === HANDSET && e.kind !== 'status');
}

test('when a rich card is sent through the RBM connector then the virtual handset shows it and a tapped suggestion reaches the webhook', async ({
  page,
}, testInfo) => {
  await signInFromLanding(page, ADMIN_EMAIL);
  const headers = await apiHeaders(page);

  const standalone = await sendTest(page.request, headers, {
    kind: 'rich_card',
    card: card('Festive offer', 'offer-festive'),
    suggestions: [
      { type: 'reply', text: 'Tell me more', postbackData: 'more-info' },
      { type: 'dial', text: 'Call us', postbackData: 'call', phoneNumber: '+14155550100' },
      { type: 'open_url', text: 'Open website', postbackData: 'web', url: 'https://example.com/' },
    ],
  });
  expect(standalone.status).toBe('sent');
  await sendTest(page.request, headers, {
    kind: 'carousel',
    cards: [card('Shoes', 'pick-shoes'), card('Bags', 'pick-bags'), card('Watches', 'pick-watches')],
    suggestions: [],
  });

  // Pick the number on the handset page, as a person would.
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { name: 'Virtual handsets', level: 1 })).toBeVisible();
  await page.getByLabel('Phone number').fill(HANDSET);
  await page.getByRole('button', { name: 'Open handset' }).click();
  await expect(page).toHaveURL(/\/sandbox\/?\?msisdn=/);

  const phone = page.getByRole('region', { name: `Virtual handset ${HANDSET}` });
  await expect(phone.getByRole('heading', { name: 'Festive offer' })).toBeVisible();
  await expect(phone.getByLabel('Carousel of 3 cards')).toBeVisible();
  for (const title of ['Shoes', 'Bags', 'Watches'])
    await expect(phone.getByRole('heading', { name: title })).toBeAttached();
  await expect(phone.getByRole('button', { name: 'Tell me more' })).toBeVisible();
  await expect(phone.getByRole('button', { name: /Call us/ })).toBeVisible();

  // Receipts come back through the webhook: the handset shows read, and so does the message.
  await expect(phone.getByText(/· read$/).first()).toBeVisible();
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/v1/secure/network-messages/${standalone.message_id}`, {
        headers,
      });
      return (await response.json()).data.status;
    })
    .toBe('read');

  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`sandbox-handset-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await phone.getByRole('button', { name: 'Tell me more' }).click();
  await expect(phone.locator('.message.sent').getByText('Tell me more')).toBeVisible();
  await phone.getByRole('button', { name: 'Choose Bags' }).click();
  await phone.getByLabel('Reply').fill('Do you deliver to Pune?');
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(phone.locator('.message.sent').getByText('Do you deliver to Pune?')).toBeVisible();

  await expect
    .poll(async () =>
      (await userEvents(page.request, headers)).map((e) => `${e.kind}:${e.postback_data ?? e.text}`).sort(),
    )
    .toEqual([
      'suggestion_response:more-info',
      'suggestion_response:pick-bags',
      'user_message:Do you deliver to Pune?',
    ]);
  await page.screenshot({ path: testInfo.outputPath('sandbox-handset-after-tap.png'), fullPage: true });
});

test('when the number typed is not a phone number then the page says so and keeps what was typed', async ({
  page,
}) => {
  await page.goto('/sandbox');
  await page.getByLabel('Phone number').fill('98123');
  await page.getByRole('button', { name: 'Open handset' }).click();
  await expect(page.getByText('Enter a number in international format, e.g. +919876543210.')).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveValue('98123');
  await expect(page.getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
});

test('when an RBM agent invites a tester then the person accepts it on the handset and the network reports ACCEPTED', async ({
  page,
  request,
}, testInfo) => {
  const tester = '+919812345672';
  // The agent's call, as the RBM connector makes it: with an access token minted from a service
  // account (a key of our own, registered with the sandbox like a key uploaded to Google).
  const key = {
    type: 'service_account' as const,
    client_email: 'e2e-agent@portico-e2e.iam.gserviceaccount.com',
    private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  };
  const upload = await request.post('/sandbox/oauth2/service-accounts', {
    form: { client_email: key.client_email, public_key: publicServiceAccount(key).publicKey },
  });
  expect(upload.status()).toBe(200);
  const rbm = {
    authorization: await googleAuthorization(
      { kind: 'service_account', key, tokenUrl: `${testInfo.project.use.baseURL}/sandbox/oauth2/token` },
      RBM_SCOPE,
      { timeoutMs: 10_000 },
    ).header(),
  };
  const invite = await request.post(
    `/sandbox/rbm/v1/phones/${encodeURIComponent(tester)}/testers?agentId=acme-agent`,
    {
      headers: rbm,
      data: {},
    },
  );
  expect(await invite.json()).toEqual({ name: `phones/${tester}/testers`, inviteStatus: 'PENDING' });

  await page.goto('/sandbox');
  for (const width of [1280, 600]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`sandbox-picker-${width}.png`), fullPage: true });
  }
  await page.goto(`/sandbox/?msisdn=${encodeURIComponent(tester)}`);
  const phone = page.getByRole('region', { name: `Virtual handset ${tester}` });
  await expect(phone.getByText('acme-agent invites you to test its RCS agent.')).toBeVisible();
  await expect(phone.getByText('No messages yet. Send one through a connector.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('sandbox-invite-600.png'), fullPage: true });
  await phone.getByRole('button', { name: 'Accept' }).click();
  await expect(phone.getByText('acme-agent invites you to test its RCS agent.')).toBeHidden();

  const status = await request.get(
    `/sandbox/rbm/v1/phones/${encodeURIComponent(tester)}/testers?agentId=acme-agent`,
    { headers: rbm },
  );
  expect((await status.json()).inviteStatus).toBe('ACCEPTED');
});
