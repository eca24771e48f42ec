import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { STRIPE_SIGNATURE_HEADER } from './stripe.ts';

/**
 * PAYMENT_PROVIDER=stripe against a local HTTP server answering Stripe's documented
 * `POST /v1/checkout/sessions` shape (Stripe itself cannot be reached from tests); webhook events
 * are signed by the Stripe SDK's own test helper, as Stripe signs them.
 */
const SECURE = '/api/v1/secure';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const SECRET_KEY = 'sk_test_portico';
let t: TestApp;
let stripe: Server;
const sessions: {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}[] = [];
let refuseNext = false;
let failNext = 0;
/** The idempotency key of every creation request, answered or failed. */
const attempts: (string | undefined)[] = [];
const signWebhook = (secret: string, payload: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

beforeAll(async () => {
  stripe = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { message: 'Unrecognized request URL' } }));
        return;
      }
      attempts.push(request.headers['idempotency-key'] as string | undefined);
      if (failNext > 0) {
        failNext -= 1;
        response.statusCode = 500;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong' } }));
        return;
      }
      if (refuseNext) {
        refuseNext = false;
        response.statusCode = 400;
        response.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Amount too small' } }),
        );
        return;
      }
      const form = new URLSearchParams(body);
      sessions.push({
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        form,
      });
      const id = `cs_test_${sessions.length}`;
      response.end(
        JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }),
      );
    });
  });
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
  const { port } = stripe.address() as AddressInfo;
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: SECRET_KEY,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stripe.close(resolve));
});

async function balance(): Promise<string> {
  const body = expectEnvelope(
    await t.injectAs('DEVELOPER', { method: 'GET', url: `${SECURE}/wallet/balance` }),
    200,
  );
  return (body.data as { balance: string }).balance;
}

function event(type: string, topupId: string, extra: Record<string, unknown> = {}, signature?: string) {
  const body = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    type,
    data: {
      object: { id: 'cs_test_x', object: 'checkout.session', metadata: { topup_id: topupId }, ...extra },
    },
  });
  return t.app.inject({
    method: 'POST',
    url: '/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      [STRIPE_SIGNATURE_HEADER]: signature ?? signWebhook(WEBHOOK_SECRET, body),
    },
    payload: body,
  });
}

async function startTopup(amount: string) {
  const response = await t.injectAs('DEVELOPER', {
    method: 'POST',
    url: `${SECURE}/wallet/topups`,
    payload: { amount },
  });
  return response;
}

describe('top-up through Stripe Checkout', () => {
  it('when a top-up starts then a Checkout Session is created and the browser is sent to its URL', async () => {
    const topup = expectEnvelope(await startTopup('25.50'), 200).data as {
      topup_id: string;
      checkout_url: string;
    };
    expect(topup.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    const sent = sessions.at(-1);
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.idempotencyKey).toBe(`topup-${topup.topup_id}`);
    expect(sent?.form.get('mode')).toBe('payment');
    expect(sent?.form.get('client_reference_id')).toBe(topup.topup_id);
    expect(sent?.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent?.form.get('line_items[0][price_data][unit_amount]')).toBe('2550');
    expect(sent?.form.get('success_url')).toContain(`/u/my-wallet?topup=${topup.topup_id}`);
    // Reading the top-up again gives the same checkout.
    const again = expectEnvelope(
      await t.injectAs('DEVELOPER', { method: 'GET', url: `${SECURE}/wallet/topups/${topup.topup_id}` }),
      200,
    ).data as { checkout_url: string };
    expect(again.checkout_url).toBe(topup.checkout_url);
  });

  it('when Stripe reports the session paid then the wallet is credited once, even when the event comes twice', async () => {
    const before = Number(await balance());
    const topup = expectEnvelope(await startTopup('40'), 200).data as { topup_id: string };
    const paid = { payment_status: 'paid', payment_intent: 'pi_123' };
    expectEnvelope(await event('checkout.session.completed', topup.topup_id, paid), 200);
    expectEnvelope(await event('checkout.session.completed', topup.topup_id, paid), 200);
    expect(Number(await balance())).toBeCloseTo(before + 40, 6);
  });

  it('when a session completes unpaid and later fails, or expires, then nothing is credited', async () => {
    const before = await balance();
    const delayed = expectEnvelope(await startTopup('30'), 200).data as { topup_id: string };
    const unpaid = expectEnvelope(
      await event('checkout.session.completed', delayed.topup_id, { payment_status: 'unpaid' }),
      200,
    );
    expect(unpaid.data).toEqual({ status: 'ignored', credited: false });
    expectEnvelope(await event('checkout.session.async_payment_failed', delayed.topup_id), 200);
    const expired = expectEnvelope(await startTopup('30'), 200).data as { topup_id: string };
    expectEnvelope(await event('checkout.session.expired', expired.topup_id), 200);
    expect(await balance()).toBe(before);
    const status = (id: string) =>
      t.injectAs('DEVELOPER', { method: 'GET', url: `${SECURE}/wallet/topups/${id}` });
    expect((expectEnvelope(await status(delayed.topup_id), 200).data as { status: string }).status).toBe(
      'failed',
    );
    expect((expectEnvelope(await status(expired.topup_id), 200).data as { status: string }).status).toBe(
      'abandoned',
    );
  });

  it('when an event is not signed with the endpoint secret then 401 and nothing moves', async () => {
    const before = await balance();
    const topup = expectEnvelope(await startTopup('20'), 200).data as { topup_id: string };
    const forged = signWebhook('whsec_someone_else_123456', '{}');
    expectEnvelope(
      await event('checkout.session.completed', topup.topup_id, { payment_status: 'paid' }, forged),
      401,
    );
    expect(await balance()).toBe(before);
  });

  it('when Stripe fails once with a 500 then the creation is retried with the same idempotency key', async () => {
    failNext = 1;
    const before = attempts.length;
    const topup = expectEnvelope(await startTopup('12'), 200).data as {
      topup_id: string;
      checkout_url: string;
    };
    expect(attempts.slice(before)).toEqual([`topup-${topup.topup_id}`, `topup-${topup.topup_id}`]);
    expect(topup.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it('when Stripe refuses the session then the partner reads why', async () => {
    refuseNext = true;
    const refused = expectEnvelope(await startTopup('10'), 400);
    expect(refused.message).toBe('The payment provider refused the top-up: Amount too small');
  });
});
