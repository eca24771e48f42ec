import {
  CHANNEL_TYPE,
  formatMicros,
  MESSAGE_TYPES,
  ZPartnerUsage,
  ZPendingCharges,
  ZTestMessagePrice,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { type createMeteringForTest, walletFigures } from '../../../test/metering.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  fundedDeveloper,
  QUIET_SANDBOX,
  seedWhatsappCard,
} from '../../../test/partner-api.ts';

/**
 * Issue 25 points 1, 2 and 9: each message is priced by what it is, through the partner API (RBM and
 * WhatsApp shapes), the bot test console and the usage page, with the one pricing function; the
 * charge shows as pending at once, then settles; the wallet is exact to the micro-unit.
 */

/** Airtel India's plan: a price per message type (micros), BASIC_MESSAGE. */
const RCS_PRICES: Record<(typeof MESSAGE_TYPES)[number], bigint> = {
  Transactional: 3_000n,
  Promotional: 4_000n,
  OTP: 2_500n,
  'Multi-Use': 3_500n,
};
/** India's WhatsApp rate card in force (a newer version than the helper's), per Meta category. */
const WA_PRICES = { marketing: 10_700n, utility: 1_400n, authentication: 2_100n, service: 500n } as const;
const FUNDS = 1_000_000n;
const WABA = '200000000000001';

let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;
let partnerId: string;
let developerToken: string;
let serial = 0;

beforeAll(async () => {
  t = await createPartnerApiApp({
    SANDBOX_BEHAVIOUR: JSON.stringify({ ...QUIET_SANDBOX, templateReviewDelayMs: 0 }),
  });
  let airtel: number;
  ({ m, partnerId, developerToken, airtel } = await fundedDeveloper(t));
  // The helper's plan prices Transactional; the same version gets the other types.
  await t.database.sql.query(
    `INSERT INTO rate_plan_prices (rate_plan_id, billing_category, message_type, price)
     SELECT rate_plan_id, 'BASIC_MESSAGE', type, price
       FROM rate_plans, unnest($2::text[], $3::bigint[]) AS p(type, price) WHERE carrier_id = $1`,
    [
      airtel,
      ['Promotional', 'OTP', 'Multi-Use'],
      [RCS_PRICES.Promotional, RCS_PRICES.OTP, RCS_PRICES['Multi-Use']].map(String),
    ],
  );
  // A newer version of India's card than the helper's (which prices every category at 3,000): the
  // version in force decides.
  await t.database.sql.query(
    "UPDATE whatsapp_rate_cards SET effective_from = now() - interval '2 days' WHERE country_id = 'IN'",
  );
  await seedWhatsappCard(t, 'IN', WA_PRICES);
});
afterAll(() => t.close());

async function rcsBot(messageCategory: string | null) {
  serial += 1;
  const agentId = `pricing_agent_${serial}`;
  const bot = await botWithAccessToken(
    t,
    { id: partnerId, token: developerToken },
    {
      channels: [CHANNEL_TYPE.rcs],
      name: `Pricing RBM ${serial}`,
      rbmBrand: 'brands/pricing',
      rbmAgent: `brands/pricing/agents/${agentId}`,
      billingCategory: 'BASIC_MESSAGE',
      messageCategory,
    },
    { clientAuth: 'basic' },
  );
  return { ...bot, agentId };
}

function sendRbm(bot: { accessToken: string; agentId: string }, messageId: string, trafficType?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(AIRTEL_RECIPIENT)}/agentMessages?messageId=${messageId}&agentId=${bot.agentId}`,
    headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      contentMessage: { text: 'Hello' },
      ...(trafficType ? { messageTrafficType: trafficType } : {}),
    }),
  });
}

async function metered(botId: string, messageId?: string) {
  const { rows } = await t.database.sql.query<{ amount: string; priced_as: string; status: string }>(
    `SELECT amount::text AS amount, priced_as, status FROM metered_messages
      WHERE bot_id = $1 AND ($2::text IS NULL OR message_id = $2) ORDER BY created_at`,
    [botId, messageId ?? null],
  );
  return rows.map((r) => ({ amount: BigInt(r.amount), pricedAs: r.priced_as, status: r.status }));
}

/** A WhatsApp template approved on the sandbox and known to Portico with its category. */
async function approvedTemplate(botId: string, name: string, category: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: `/sandbox/whatsapp/v21.0/${WABA}/message_templates`,
    headers: { authorization: 'Bearer sandbox-whatsapp-token', 'content-type': 'application/json' },
    payload: JSON.stringify({
      name,
      language: 'en_US',
      category,
      components: [{ type: 'BODY', text: 'Your order is ready' }],
    }),
  });
  expect(created.statusCode, created.body).toBe(200);
  const { rows } = await t.database.sql.query<{ template_id: string }>(
    `INSERT INTO templates (partner_id, bot_id, name, channel, language, type, status_code, active_version)
     VALUES ($1, $2, $3, 'whatsapp', 'en_US', 'text', 31, 1) RETURNING template_id`,
    [partnerId, botId, name],
  );
  await t.database.sql.query(
    `INSERT INTO template_versions (template_id, version, status_code, content) VALUES ($1, 1, 31, $2)`,
    [rows[0]?.template_id, JSON.stringify({ category, body: { text: 'Your order is ready' } })],
  );
}

async function whatsappBot() {
  serial += 1;
  const phoneNumberId = `pn-pricing-${serial}`;
  const bot = await botWithAccessToken(
    t,
    { id: partnerId, token: developerToken },
    { channels: [CHANNEL_TYPE.whatsapp], name: `Pricing WA ${serial}`, whatsappPhoneNumberId: phoneNumberId },
    { clientAuth: 'form' },
  );
  return { ...bot, phoneNumberId };
}

function sendWhatsapp(bot: { accessToken: string; phoneNumberId: string }, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/whatsapp/v21.0/${bot.phoneNumberId}/messages`,
    headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ messaging_product: 'whatsapp', to: AIRTEL_RECIPIENT.slice(1), ...body }),
  });
}

const secure = (url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/secure${url}`,
    headers: { authorization: `Bearer ${developerToken}` },
  });

/** What every test sent, summed: the wallet must move by exactly this. */
let expectedTotal = 0n;

describe('partner API: an RCS message is priced by its message type (decision 0032)', () => {
  it.each(MESSAGE_TYPES)('when a %s bot sends through RBM then its type prices it', async (type) => {
    const bot = await rcsBot(type);
    const answer = await sendRbm(bot, `m-${type}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await metered(bot.botId)).toEqual([{ amount: RCS_PRICES[type], pricedAs: type, status: 'sent' }]);
    expectedTotal += RCS_PRICES[type];
  });

  it('when the message carries its own traffic type then it wins over the bot category', async () => {
    const bot = await rcsBot('Multi-Use');
    expect((await sendRbm(bot, 'promo', 'PROMOTION')).statusCode).toBe(200);
    expect((await sendRbm(bot, 'otp', 'AUTHENTICATION')).statusCode).toBe(200);
    expect((await sendRbm(bot, 'plain')).statusCode).toBe(200);
    expect((await metered(bot.botId)).map((r) => [r.pricedAs, r.amount])).toEqual([
      ['Promotional', RCS_PRICES.Promotional],
      ['OTP', RCS_PRICES.OTP],
      ['Multi-Use', RCS_PRICES['Multi-Use']],
    ]);
    expectedTotal += RCS_PRICES.Promotional + RCS_PRICES.OTP + RCS_PRICES['Multi-Use'];
  });

  it('when a bot has no message category then Transactional prices it, as before', async () => {
    const bot = await rcsBot(null);
    expect((await sendRbm(bot, 'legacy')).statusCode).toBe(200);
    expect(await metered(bot.botId)).toEqual([
      { amount: RCS_PRICES.Transactional, pricedAs: 'Transactional', status: 'sent' },
    ]);
    expectedTotal += RCS_PRICES.Transactional;
  });
});

describe('partner API: a WhatsApp message is priced by the country rate card and its category (0033)', () => {
  it('when templates of each category and a text are sent then each costs its category on the card', async () => {
    const bot = await whatsappBot();
    for (const [name, category] of [
      ['pricing_marketing', 'MARKETING'],
      ['pricing_utility', 'UTILITY'],
      ['pricing_authentication', 'AUTHENTICATION'],
    ] as const) {
      await approvedTemplate(bot.botId, name, category);
    }
    // The sandbox approves a template on its next tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const name of ['pricing_marketing', 'pricing_utility', 'pricing_authentication']) {
      const answer = await sendWhatsapp(bot, {
        type: 'template',
        template: { name, language: { code: 'en_US' } },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const text = await sendWhatsapp(bot, { type: 'text', text: { body: 'Thanks for your reply' } });
    expect(text.statusCode, text.body).toBe(200);
    expect((await metered(bot.botId)).map((r) => [r.pricedAs, r.amount])).toEqual([
      ['marketing', WA_PRICES.marketing],
      ['utility', WA_PRICES.utility],
      ['authentication', WA_PRICES.authentication],
      ['service', WA_PRICES.service],
    ]);
    expectedTotal += WA_PRICES.marketing + WA_PRICES.utility + WA_PRICES.authentication + WA_PRICES.service;
  });

  it('when the recipient country has no WhatsApp rate card then the send is refused and nothing is reserved', async () => {
    const bot = await whatsappBot();
    const answer = await sendWhatsapp(bot, { to: '14155550123', type: 'text', text: { body: 'Hi' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('no WhatsApp rate card');
    expect(await metered(bot.botId)).toEqual([]);
  });
});

describe('the test console shows the price the same function gives', () => {
  it.each([
    ['Promotional', formatMicros(RCS_PRICES.Promotional)],
    ['OTP', formatMicros(RCS_PRICES.OTP)],
  ] as const)(
    'when the bot is %s then a console message to the device would cost %s, not charged',
    async (type, price) => {
      const bot = await rcsBot(type);
      const device = await insertDevice(bot.botId, 'rcs');
      const answer = await secure(`/bots/${bot.botId}/test-devices/${device}/price`);
      expect(ZTestMessagePrice.parse(expectEnvelope(answer, 200).data)).toEqual({
        price,
        currency: 'USD',
        priced_as: type,
        charged: false,
      });
    },
  );

  it('when the device is a WhatsApp number then the console reply is priced as service on the card', async () => {
    const bot = await whatsappBot();
    const device = await insertDevice(bot.botId, 'whatsapp');
    const answer = await secure(`/bots/${bot.botId}/test-devices/${device}/price`);
    expect(ZTestMessagePrice.parse(expectEnvelope(answer, 200).data)).toMatchObject({
      price: formatMicros(WA_PRICES.service),
      priced_as: 'service',
    });
  });

  async function insertDevice(botId: string, channel: 'rcs' | 'whatsapp') {
    const { rows } = await t.database.sql.query<{ device_id: string }>(
      `INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn, invite_status)
       VALUES ($1, $2, $3, $4, $5) RETURNING device_id`,
      [botId, partnerId, channel, AIRTEL_RECIPIENT, channel === 'rcs' ? 'accepted' : null],
    );
    return rows[0]?.device_id ?? '';
  }
});

describe('charges pending at once, then settled; the wallet exact (point 9)', () => {
  it('when messages were sent and not settled then usage and the wallet show them pending; after settlement, charged', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const pending = ZPendingCharges.parse(expectEnvelope(await secure('/wallet/pending-charges'), 200).data);
    expect(pending.count).toBe(12);
    expect(pending.amount).toBe(formatMicros(expectedTotal));
    expect(pending.since).not.toBeNull();

    // The usage page of the WhatsApp bot: its four messages pending, nothing charged yet.
    const { rows } = await t.database.sql.query<{ bot_id: string }>(
      "SELECT bot_id FROM metered_messages WHERE priced_as = 'marketing'",
    );
    const waBot = rows[0]?.bot_id ?? '';
    const usageOf = async () =>
      ZPartnerUsage.parse(
        expectEnvelope(await secure(`/partner-api/usage?bot_id=${waBot}&from=${day}&to=${day}`), 200).data,
      ).totals;
    const waTotal = WA_PRICES.marketing + WA_PRICES.utility + WA_PRICES.authentication + WA_PRICES.service;
    expect(await usageOf()).toMatchObject({
      sent: 0,
      pending: 4,
      charged: formatMicros(0n),
      pending_amount: formatMicros(waTotal),
    });

    const before = await walletFigures(t.database, partnerId);
    expect(before.reserved).toBe(expectedTotal);
    expect(before.balance).toBe(FUNDS);

    const report = await m.metering.settleBatches();
    expect(report.amount).toBe(expectedTotal);

    expect(await usageOf()).toMatchObject({
      sent: 4,
      pending: 0,
      charged: formatMicros(waTotal),
      pending_amount: formatMicros(0n),
    });
    expect(
      ZPendingCharges.parse(expectEnvelope(await secure('/wallet/pending-charges'), 200).data),
    ).toMatchObject({
      count: 0,
      amount: formatMicros(0n),
      since: null,
    });
    const after = await walletFigures(t.database, partnerId);
    expect(after).toMatchObject({
      balance: FUNDS - expectedTotal,
      reserved: 0n,
      debits: expectedTotal,
      charges: expectedTotal,
    });
  });
});
