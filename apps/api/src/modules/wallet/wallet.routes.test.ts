import { APPROVAL_AREA_MESSAGES, PROVIDER_APPROVED_STATUS, ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmCheckout,
  newBrowser,
  openCheckout,
  startTopup as startTopupIn,
} from '../../../test/checkout.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { neutraliseFormula } from '../../platform/export/tables.ts';
import { SIGNATURE_HEADER, sandboxWebhookSecret, signWebhook } from './payments.ts';
import { seedRatePlans } from './wallet.seed.ts';

const SECURE = '/api/v1/secure';
let t: TestApp;
let secret: string;
let jioId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedRatePlans(t.database);
  secret = await sandboxWebhookSecret(t.database, undefined);
  jioId = await t.factories.carrierId('Reliance Jio', 'IN');
});
afterAll(() => t.close());

async function balanceOf(subject: 'DEVELOPER' | null = 'DEVELOPER') {
  const body = expectEnvelope(
    await t.injectAs(subject, { method: 'GET', url: `${SECURE}/wallet/balance` }),
    200,
  );
  return body.data as {
    balance: string;
    held: string;
    low_balance: boolean;
    low_balance_threshold: string | null;
  };
}

const browser = newBrowser();
const startTopup = (amount: string, subject: 'DEVELOPER' | null = 'DEVELOPER') =>
  startTopupIn(t, subject, amount, browser);

function webhook(topupId: string, outcome: string, signature?: string) {
  const body = JSON.stringify({ topup_id: topupId, outcome, payment_id: 'pay_1' });
  return t.app.inject({
    method: 'POST',
    url: '/payments/webhooks/sandbox',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signature ?? signWebhook(secret, body),
    },
    payload: body,
  });
}

describe('top-up through the sandbox provider', () => {
  it('when the tester pays on the hosted checkout then the wallet is credited once, even if the callback comes again or late', async () => {
    const before = await balanceOf();
    const topup = await startTopup('40.50');
    expect(topup.checkout_url).toMatch(new RegExp(`^/payments/sandbox/checkout/${topup.topup_id}\\?token=`));

    const page = await openCheckout(t, topup.checkout_url, browser);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$40.50');
    expect(page.body).not.toMatch(/<script/i);

    const paid = await confirmCheckout(t, topup.checkout_url, 'succeeded', browser);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/u/my-wallet?topup=${topup.topup_id}&outcome=succeeded`);
    const after = await balanceOf();
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(40.5, 6);

    // The same callback again, and a late "failed" after success: nothing moves.
    expectEnvelope(await webhook(topup.topup_id, 'succeeded'), 200);
    expectEnvelope(await webhook(topup.topup_id, 'failed'), 200);
    expect((await balanceOf()).balance).toBe(after.balance);
    const status = expectEnvelope(
      await t.injectAs('DEVELOPER', { method: 'GET', url: `${SECURE}/wallet/topups/${topup.topup_id}` }),
      200,
    ).data as { status: string };
    expect(status.status).toBe('succeeded');

    const history = expectEnvelope(
      await t.injectAs('DEVELOPER', { method: 'GET', url: `${SECURE}/wallet/transactions?kind=topup` }),
      200,
    ).data as { items: { amount: string; running_balance: string }[]; total: number };
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({ amount: '40.50', running_balance: after.balance });
  });

  it('when the checkout fails or is abandoned then nothing is credited; a success arriving late credits once (decision 0014)', async () => {
    const before = await balanceOf();
    const failed = await startTopup('15');
    expect((await confirmCheckout(t, failed.checkout_url, 'failed', browser)).statusCode).toBe(303);
    const abandoned = await startTopup('20');
    expect((await confirmCheckout(t, abandoned.checkout_url, 'abandoned', browser)).statusCode).toBe(303);
    expect((await balanceOf()).balance).toBe(before.balance);
    // The provider took the money after all: a late success credits exactly once, after an
    // abandonment as after a failure.
    expectEnvelope(await webhook(abandoned.topup_id, 'succeeded'), 200);
    expectEnvelope(await webhook(abandoned.topup_id, 'succeeded'), 200);
    expect(Number((await balanceOf()).balance) - Number(before.balance)).toBeCloseTo(20, 6);
    expectEnvelope(await webhook(failed.topup_id, 'succeeded'), 200);
    expect(Number((await balanceOf()).balance) - Number(before.balance)).toBeCloseTo(35, 6);
    // A closed checkout cannot be paid again.
    const page = await openCheckout(t, abandoned.checkout_url, browser);
    expect(page.body).toContain('Checkout closed');
  });

  it('when a webhook is forged, stale or unsigned then 401 and nothing moves', async () => {
    const before = await balanceOf();
    const topup = await startTopup('30');
    expectEnvelope(await webhook(topup.topup_id, 'succeeded', signWebhook('wrong-secret', '{}')), 401);
    const body = JSON.stringify({ topup_id: topup.topup_id, outcome: 'succeeded', payment_id: 'pay_1' });
    expectEnvelope(
      await webhook(
        topup.topup_id,
        'succeeded',
        signWebhook(secret, body, Math.floor(Date.now() / 1000) - 3600),
      ),
      401,
    );
    expectEnvelope(await webhook(topup.topup_id, 'succeeded', 'nonsense'), 401);
    // Signed, but not an event we know: 400, nothing moves.
    const odd = JSON.stringify({ topup_id: topup.topup_id, outcome: 'refunded' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, odd) },
      payload: odd,
    });
    expectEnvelope(response, 400);
    expect((await balanceOf()).balance).toBe(before.balance);
  });

  it('when the amount is out of range or not money then 400 naming the field', async () => {
    for (const amount of ['5', '10000.01', '12.1234567', 'abc', '-20']) {
      const response = await t.injectAs('DEVELOPER', {
        method: 'POST',
        url: `${SECURE}/wallet/topups`,
        payload: { amount },
      });
      const body = expectEnvelope(response, 400);
      expect(body.message).toMatch(/amount/i);
    }
  });

  it('when the partner has no wallet then 403', async () => {
    const { user } = await t.factories.account('DEVELOPER', { partner: { hasEwallet: false } });
    const response = await t.app.inject({
      method: 'GET',
      url: `${SECURE}/wallet/balance`,
      headers: { authorization: `Bearer ${await t.tokenFor(user.userId)}` },
    });
    expect(expectEnvelope(response, 403).message).toBe('This account has no wallet.');
  });
});

describe('the approved-partner rule', () => {
  it('when an aggregator awaits approval then every wallet write is refused with why, reads stay open, and approval opens them', async () => {
    const { user, partner } = await t.factories.account(ROLES.DEVELOPER, {
      partner: { isAggregator: true, launchApproved: false, approvalStatus: null, hasEwallet: true },
    });
    const token = await t.tokenFor(user.userId);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${SECURE}${url}`,
        headers: { authorization: `Bearer ${token}`, ...(method === 'GET' ? {} : xsrfHeaders()) },
        ...(payload ? { payload } : {}),
      });
    const topup = () => call('POST', '/wallet/topups', { amount: '40' });
    const threshold = () => call('PUT', '/wallet/low-balance', { threshold: '60' });
    const writes = [
      topup,
      threshold,
      () =>
        call('POST', '/wallet/holds', {
          carrier_ids: [jioId],
          reference: 'agg-1',
          idempotency_key: 'agg-key-1',
        }),
      () =>
        call('POST', '/wallet/holds/00000000-0000-4000-8000-000000000000/capture', { idempotency_key: 'k' }),
    ];
    for (const write of writes) {
      expect(expectEnvelope(await write(), 403).message).toBe(APPROVAL_AREA_MESSAGES.billing);
    }
    expectEnvelope(await call('GET', '/wallet/balance'), 200);

    await t.database.sql.query(
      'UPDATE partners SET launch_approved = true, approval_status = $2 WHERE partner_id = $1',
      [partner.partnerId, PROVIDER_APPROVED_STATUS],
    );
    expectEnvelope(await topup(), 200);
    expectEnvelope(await threshold(), 200);
  });
});

describe('verification payment and low-balance alert', () => {
  it('when a verification is held, captured and released then each settles once and the balance follows', async () => {
    const topup = await startTopup('100', null);
    expectEnvelope(await webhook(topup.topup_id, 'succeeded'), 200);
    const pricing = expectEnvelope(
      await t.injectAs(null, {
        method: 'GET',
        url: `${SECURE}/wallet/verification-pricing?carrier_ids=${jioId}`,
      }),
      200,
    ).data as { total: string };
    expect(pricing.total).toBe('25.00');

    const hold = async (key: string) =>
      expectEnvelope(
        await t.injectAs(null, {
          method: 'POST',
          url: `${SECURE}/wallet/holds`,
          payload: { carrier_ids: [jioId], reference: 'bot-1', idempotency_key: key },
        }),
        200,
      ).data as { hold_id: string; status: string };
    const first = await hold('verify-bot-1');
    const again = await hold('verify-bot-1');
    expect(again.hold_id).toBe(first.hold_id);
    expect(await balanceOf(null)).toMatchObject({ balance: '75.00', held: '25.00' });

    const settle = (holdId: string, outcome: string, key: string) =>
      t.injectAs(null, {
        method: 'POST',
        url: `${SECURE}/wallet/holds/${holdId}/${outcome}`,
        payload: { idempotency_key: key },
      });
    expect(
      (
        expectEnvelope(await settle(first.hold_id, 'capture', 'capture-bot-1'), 200).data as {
          status: string;
        }
      ).status,
    ).toBe('captured');
    expectEnvelope(await settle(first.hold_id, 'capture', 'capture-bot-1'), 200);
    expectEnvelope(await settle(first.hold_id, 'release', 'release-bot-1'), 409);
    expect(await balanceOf(null)).toMatchObject({ balance: '75.00', held: '0.00' });

    const second = await hold('verify-bot-2');
    expectEnvelope(await settle(second.hold_id, 'release', 'release-bot-2'), 200);
    expect(await balanceOf(null)).toMatchObject({ balance: '75.00', held: '0.00' });

    // The history sorts by time (the default, newest first) or by amount, either way, every row once.
    const amounts = async (query: string) =>
      (
        expectEnvelope(
          await t.injectAs(null, {
            method: 'GET',
            url: `${SECURE}/wallet/transactions?start=0&end=30${query}`,
          }),
          200,
        ).data as { items: { amount: string }[] }
      ).items.map((item) => Number(item.amount));
    const newest = await amounts('');
    expect(await amounts('&sort=created_at&order=asc')).toEqual([...newest].reverse());
    const ascending = await amounts('&sort=amount&order=asc');
    expect(ascending).toEqual([...newest].sort((a, b) => a - b));
    expect(await amounts('&sort=amount&order=desc')).toEqual([...ascending].reverse());
    expect(ascending[ascending.length - 1]).toBe(100);
    const refused = await t.injectAs(null, {
      method: 'GET',
      url: `${SECURE}/wallet/transactions?sort=balance`,
    });
    expect(expectEnvelope(refused, 400).message).toMatch(/sort must be one of created_at, amount/);
  });

  it('when the balance crosses below the threshold then one alert is recorded (not one per debit) and the balance says low', async () => {
    const { partner } = await t.accountOf(null);
    expectEnvelope(
      await t.injectAs(null, {
        method: 'PUT',
        url: `${SECURE}/wallet/low-balance`,
        payload: { threshold: '60' },
      }),
      200,
    );
    for (const key of ['v-3', 'v-4']) {
      await t.injectAs(null, {
        method: 'POST',
        url: `${SECURE}/wallet/holds`,
        payload: { carrier_ids: [jioId], reference: key, idempotency_key: `verify-${key}` },
      });
    }
    const balance = await balanceOf(null);
    expect(balance).toMatchObject({ balance: '25.00', low_balance: true, low_balance_threshold: '60.00' });
    const { rows } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM wallet_alerts WHERE partner_id = $1',
      [partner.partnerId],
    );
    expect(rows[0]?.n).toBe(1);
    const jobs = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'wallet.low-balance-alert' AND data->>'partnerId' = $1",
      [partner.partnerId],
    );
    expect(jobs.rows[0]?.n).toBe(1);
  });
});

describe('rate plans and pricing', () => {
  const future = () => new Date(Date.now() + 24 * 3600_000).toISOString();
  const plan = (effective_from: string) => ({
    carrier_id: jioId,
    currency: 'USD',
    effective_from,
    verification_price: '30',
    prices: [{ billing_category: 'SINGLE_MESSAGE', message_type: 'OTP', price: '0.0045' }],
  });

  it("when a read-write admin adds a version from tomorrow then today's price is unchanged and the old version ends tomorrow", async () => {
    const body = expectEnvelope(
      await t.injectAs('ADMIN_PORTICO_READWRITE', {
        method: 'POST',
        url: `${SECURE}/rate-plans`,
        payload: plan(future()),
      }),
      200,
    ).data as { plan_code: string; partner_code: string; prices: { price: string }[] };
    expect(body).toMatchObject({ plan_code: 'MPG01', partner_code: 'DG' });
    expect(body.prices[0]?.price).toBe('0.0045');
    const { user } = await t.factories.account('DEVELOPER', { partner: { address: { countryId: 'IN' } } });
    const pricing = expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: `${SECURE}/pricing?start=0&end=30`,
        headers: { authorization: `Bearer ${await t.tokenFor(user.userId)}` },
      }),
      200,
    ).data as {
      region: string;
      items: {
        carrier_id: number;
        plan: { verification_price: string; effective_to: string | null } | null;
      }[];
    };
    const jio = pricing.items.find((i) => i.carrier_id === jioId);
    expect(jio?.plan?.verification_price).toBe('25.00');
    expect(jio?.plan?.effective_to).not.toBeNull();
  });

  it('when the effective date is in the past then 400: the past is never rewritten', async () => {
    const response = await t.injectAs('SUPER_ADMIN_PORTICO', {
      method: 'POST',
      url: `${SECURE}/rate-plans`,
      payload: plan('2024-01-01T00:00:00Z'),
    });
    expect(expectEnvelope(response, 400).message).toMatch(/past/);
  });

  it('when a read-only admin tries to edit a plan then 403', async () => {
    const response = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'POST',
      url: `${SECURE}/rate-plans`,
      payload: plan(future()),
    });
    expectEnvelope(response, 403);
  });

  it("when a developer in India asks for pricing then only India's carriers are listed", async () => {
    const { user } = await t.factories.account('DEVELOPER', { partner: { address: { countryId: 'IN' } } });
    const response = await t.app.inject({
      method: 'GET',
      url: `${SECURE}/pricing`,
      headers: { authorization: `Bearer ${await t.tokenFor(user.userId)}` },
    });
    const data = expectEnvelope(response, 200).data as {
      region: string;
      items: { country_id: string; plan: unknown }[];
    };
    expect(data.region).toBe('India');
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.every((i) => i.country_id === 'IN' && i.plan !== null)).toBe(true);
  });
});

describe('exports', () => {
  it('when the history is exported then xlsx and pdf files come back with safe names', async () => {
    for (const format of ['xlsx', 'pdf'] as const) {
      const response = await t.injectAs('DEVELOPER', {
        method: 'GET',
        url: `${SECURE}/wallet/transactions/export?format=${format}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="wallet-history-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
      );
      expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe(
        format === 'xlsx' ? 'PK\u0003\u0004' : '%PDF',
      );
    }
  });

  it('when a cell starts like a formula then it is neutralised', () => {
    expect(neutraliseFormula('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(neutraliseFormula('+1')).toBe("'+1");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('Top-up')).toBe('Top-up');
  });
});
