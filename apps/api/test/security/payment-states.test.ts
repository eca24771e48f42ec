// Finding 9 (issue 10): one rule for payment states, as real providers behave (decision 0014): a
// late success is credited exactly once, after "failed" as after "abandoned"; nothing undoes a
// success; redelivered and concurrent events never credit twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, sandboxWebhookSecret, signWebhook } from '../../src/modules/wallet/payments.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';

const SECURE = '/api/v1/secure';
let t: TestApp;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  secret = await sandboxWebhookSecret(t.database, undefined);
});
afterAll(() => t.close());

async function balance(): Promise<number> {
  const body = expectEnvelope(
    await t.injectAs(null, { method: 'GET', url: `${SECURE}/wallet/balance` }),
    200,
  );
  return Number((body.data as { balance: string }).balance);
}

async function startTopup(amount: string): Promise<string> {
  const body = expectEnvelope(
    await t.injectAs(null, { method: 'POST', url: `${SECURE}/wallet/topups`, payload: { amount } }),
    200,
  );
  return (body.data as { topup_id: string }).topup_id;
}

async function status(topupId: string): Promise<string> {
  const body = expectEnvelope(
    await t.injectAs(null, { method: 'GET', url: `${SECURE}/wallet/topups/${topupId}` }),
    200,
  );
  return (body.data as { status: string }).status;
}

async function event(topupId: string, outcome: string) {
  const body = JSON.stringify({ topup_id: topupId, outcome, payment_id: `pay_${outcome}` });
  const response = await t.app.inject({
    method: 'POST',
    url: '/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, body) },
    payload: body,
  });
  return expectEnvelope(response, 200).data as { status: string; credited: boolean };
}

describe('payment states (decision 0014)', () => {
  it('when a success arrives after "failed" then it is credited once and the top-up is succeeded', async () => {
    const before = await balance();
    const id = await startTopup('25');
    expect(await event(id, 'failed')).toEqual({ status: 'failed', credited: false });
    expect(await balance()).toBeCloseTo(before, 6);
    expect(await event(id, 'succeeded')).toEqual({ status: 'succeeded', credited: true });
    expect(await event(id, 'succeeded')).toEqual({ status: 'succeeded', credited: false });
    expect(await balance()).toBeCloseTo(before + 25, 6);
    expect(await status(id)).toBe('succeeded');
  });

  it('when a success arrives after "abandoned" then it is credited once too', async () => {
    const before = await balance();
    const id = await startTopup('30');
    await event(id, 'abandoned');
    expect(await event(id, 'succeeded')).toEqual({ status: 'succeeded', credited: true });
    expect(await balance()).toBeCloseTo(before + 30, 6);
  });

  it('when "failed" or "abandoned" arrives after a success then nothing changes', async () => {
    const id = await startTopup('12');
    await event(id, 'succeeded');
    const after = await balance();
    expect(await event(id, 'failed')).toEqual({ status: 'succeeded', credited: false });
    expect(await event(id, 'abandoned')).toEqual({ status: 'succeeded', credited: false });
    expect(await balance()).toBeCloseTo(after, 6);
    expect(await status(id)).toBe('succeeded');
  });

  it('when a closed checkout is told another way to close then it keeps its first status', async () => {
    const id = await startTopup('14');
    await event(id, 'failed');
    expect(await event(id, 'abandoned')).toEqual({ status: 'failed', credited: false });
  });

  it('when successes and failures of one top-up arrive at once then it is credited exactly once', async () => {
    const before = await balance();
    const id = await startTopup('40');
    const outcomes = ['failed', 'succeeded', 'abandoned', 'succeeded', 'failed', 'succeeded', 'succeeded'];
    const results = await Promise.all(outcomes.map((outcome) => event(id, outcome)));
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await balance()).toBeCloseTo(before + 40, 6);
    expect(await status(id)).toBe('succeeded');
  });
});
