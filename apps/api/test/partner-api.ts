import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLES, ZCloudApiError, ZIssuedPartnerCredential } from '@portico/domain';
import { expect } from 'vitest';
import { WhatsAppAPI } from 'whatsapp-api-js';
import { bots } from '../src/modules/bots/bots.schema.ts';
import { seedCarrierPrefixes } from '../src/modules/metering/metering.seed.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from './helpers.ts';
import { createMeteringForTest } from './metering.ts';

/** Airtel India (+91 98100...) costs 3,000 micro-units a basic message on the seeded rate plan. */
export const AIRTEL_PRICE = 3_000n;
/** An Airtel India number (E.164). */
export const AIRTEL_RECIPIENT = '+919810012345';
/** What a funded developer's wallet starts with. */
const FUNDS = 1_000_000n;

/** The sandbox answering at once: no rate limits, no delivery receipts. */
export const QUIET_SANDBOX = { rateLimits: { enabled: false }, receipts: false };

/** A listening app (the partner API calls the mounted sandbox over HTTP) with a quiet sandbox. */
export function createPartnerApiApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ listen: true, env: { SANDBOX_BEHAVIOUR: JSON.stringify(QUIET_SANDBOX), ...env } });
}

/**
 * Carrier prefixes and a rate plan pricing Airtel India's basic Transactional messages, and India's
 * WhatsApp rate card at the same price for every category; the carrier's id.
 */
export async function seedAirtelPrice(t: TestApp, price = AIRTEL_PRICE): Promise<number> {
  await seedCarrierPrefixes(t.database);
  const airtel = await t.factories.carrierId('Bharti Airtel', 'IN');
  const { rows } = await t.database.sql.query<{ rate_plan_id: number }>(
    `INSERT INTO rate_plans (carrier_id, plan_code, partner_code, currency, effective_from, verification_price)
     VALUES ($1, 'MPG02', 'DG', 'USD', now() - interval '1 day', 1) RETURNING rate_plan_id`,
    [airtel],
  );
  await t.database.sql.query(
    `INSERT INTO rate_plan_prices (rate_plan_id, billing_category, message_type, price)
     VALUES ($1, 'BASIC_MESSAGE', 'Transactional', $2)`,
    [rows[0]?.rate_plan_id, price.toString()],
  );
  await seedWhatsappCard(t, 'IN', {
    marketing: price,
    utility: price,
    authentication: price,
    service: price,
  });
  return airtel;
}

/** A WhatsApp rate card version of a country, in force since yesterday: its id. */
export async function seedWhatsappCard(
  t: Pick<TestApp, 'database'>,
  countryId: string,
  prices: Partial<Record<'marketing' | 'utility' | 'authentication' | 'service', bigint>>,
): Promise<number> {
  const { rows } = await t.database.sql.query<{ rate_card_id: number }>(
    `INSERT INTO whatsapp_rate_cards (country_id, currency, effective_from)
     VALUES ($1, 'USD', now() - interval '1 day') RETURNING rate_card_id`,
    [countryId],
  );
  const rateCardId = rows[0]?.rate_card_id ?? 0;
  for (const [category, micros] of Object.entries(prices)) {
    await t.database.sql.query(
      'INSERT INTO whatsapp_rate_card_prices (rate_card_id, category, price) VALUES ($1, $2, $3)',
      [rateCardId, category, micros.toString()],
    );
  }
  return rateCardId;
}

/** A partner and one of its users' bearer token. */
export interface Owner {
  id: string;
  token: string;
}

/** A developer partner and a signed-in user's bearer token. */
export async function developer(t: TestApp): Promise<Owner> {
  const account = await t.factories.account(ROLES.DEVELOPER);
  return { id: account.partner.partnerId, token: await t.tokenFor(account.user.userId) };
}

/**
 * What the partner-API tests start from: Airtel India priced, a developer whose wallet holds
 * FUNDS, and the real metering over the test database.
 */
export async function fundedDeveloper(t: TestApp) {
  const m = createMeteringForTest(t.database);
  const owner = await developer(t);
  const airtel = await seedAirtelPrice(t);
  await m.ledger.credit({
    partnerId: owner.id,
    idempotencyKey: 'fund',
    amount: FUNDS,
    description: 'Top-up',
  });
  return { m, owner, partnerId: owner.id, developerToken: owner.token, airtel };
}

/**
 * A bot of the owner's partner (the values given; launched unless told) with a credential issued by
 * the owner through the secure API and a partner access token from the OAuth endpoint; the client
 * authenticates with HTTP Basic or in the form body.
 */
export async function botWithAccessToken(
  t: TestApp,
  owner: Owner,
  values: Omit<typeof bots.$inferInsert, 'partnerId' | 'status'>,
  options: { launched?: boolean | undefined; clientAuth: 'basic' | 'form' },
): Promise<{ botId: string; accessToken: string }> {
  const [row] = await t.database.db
    .insert(bots)
    .values({ ...values, partnerId: owner.id, status: options.launched === false ? -1 : 10 })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/secure/bots/${row.botId}/credentials`,
    headers: { authorization: `Bearer ${owner.token}`, ...xsrfHeaders() },
  });
  const { client_secret, credential } = ZIssuedPartnerCredential.parse(expectEnvelope(created, 200).data);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const token = await t.app.inject(
    options.clientAuth === 'basic'
      ? {
          method: 'POST',
          url: '/api/v1/oauth/token',
          headers: {
            ...form,
            authorization: `Basic ${Buffer.from(`${credential.client_id}:${client_secret}`).toString('base64')}`,
          },
          payload: 'grant_type=client_credentials',
        }
      : {
          method: 'POST',
          url: '/api/v1/oauth/token',
          headers: form,
          payload: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: credential.client_id,
            client_secret,
          }).toString(),
        },
  );
  expect(token.statusCode, token.body).toBe(200);
  return { botId: row.botId, accessToken: (token.json() as { access_token: string }).access_token };
}

/** The owner revokes the bot's (first) credential through the secure API: its tokens stop working. */
export async function revokeCredential(t: TestApp, owner: Owner, botId: string): Promise<void> {
  const { rows } = await t.database.sql.query<{ credential_id: string }>(
    'SELECT credential_id FROM partner_credentials WHERE bot_id = $1',
    [botId],
  );
  const revoked = await t.app.inject({
    method: 'POST',
    url: `/api/v1/secure/bots/${botId}/credentials/${rows[0]?.credential_id}/revoke`,
    headers: { authorization: `Bearer ${owner.token}`, ...xsrfHeaders() },
  });
  expectEnvelope(revoked, 200);
}

/**
 * A partner's webhook receiver for a test with the whole stack and receipts on: it answers each
 * network's verification challenge (Meta's GET hub.challenge, RBM's secret, MaaP's challenge) and
 * keeps every event posted to it. `bot` makes a bot with an access token whose webhook is this one.
 */
export async function receiptsHarness(deliveryDelayMs: number) {
  const received: unknown[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const challenge = new URL(request.url ?? '/', 'http://x').searchParams.get('hub.challenge');
      if (request.method === 'GET') return response.end(challenge ?? '');
      const json = JSON.parse(body || '{}') as Record<string, unknown>;
      if (typeof json.secret === 'string' && json.clientToken !== undefined) return response.end(json.secret);
      if (typeof json.challenge === 'string') return response.end(json.challenge);
      received.push(json);
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  const t = await createPartnerApiApp({ PORTICO_ROLE: 'all', WEBHOOK_RETRY_BASE_MS: '10' });
  const { owner } = await fundedDeveloper(t);
  // Receipts on, soon: delivered after deliveryDelayMs, read 100 ms later.
  await fetch(`${t.config.PUBLIC_URL}/sandbox/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rateLimits: { enabled: false }, deliveryDelayMs, readDelayMs: 100 }),
  });
  return {
    t,
    owner,
    received,
    async bot(values: Parameters<typeof botWithAccessToken>[2]) {
      const bot = await botWithAccessToken(t, owner, values, { clientAuth: 'basic' });
      const set = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/secure/bots/${bot.botId}/webhook`,
        headers: { authorization: `Bearer ${owner.token}`, ...xsrfHeaders() },
        payload: { url },
      });
      expectEnvelope(set, 200);
      return bot;
    },
    async close() {
      await t.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}

/**
 * whatsapp-api-js pointed at Portico: the library calls https://graph.facebook.com/{v}/...; a partner
 * moves it by giving it a fetch that swaps that origin for the bot's base URL: the only change.
 */
export function whatsappClient(t: TestApp, accessToken: string): WhatsAppAPI {
  const base = `${t.config.PUBLIC_URL}/api/v1/partner/whatsapp`;
  const toPortico: typeof fetch = (input, init) =>
    fetch(
      String(input instanceof Request ? input.url : input).replace('https://graph.facebook.com', base),
      init,
    );
  return new WhatsAppAPI({ token: accessToken, secure: false, v: 'v21.0', ponyfill: { fetch: toPortico } });
}

/** A Graph API error of this HTTP status and Meta code; the error. */
export function metaError(response: { statusCode: number; body: string }, status: number, code: number) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = ZCloudApiError.parse(JSON.parse(response.body));
  expect(error.code).toBe(code);
  return error;
}

/** How many messages metering holds for the bot (reserved, sent or charged). */
export async function meteredCount(t: TestApp, botId: string): Promise<number> {
  const { rows } = await t.database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM metered_messages WHERE bot_id = $1',
    [botId],
  );
  return rows[0]?.n ?? 0;
}
