import { CHANNEL_TYPE, parseMoney, ROLES, type TAnalyticsReport } from '@portico/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createMeteringForTest, insertBot } from '../../../test/metering.ts';
import { seedRatePlans } from '../wallet/wallet.seed.ts';
import { createAnalyticsRollups } from './analytics.rollups.ts';

let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;
let rollups: ReturnType<typeof createAnalyticsRollups>;

beforeAll(async () => {
  t = await createTestApp();
  await seedRatePlans(t.database);
  rollups = createAnalyticsRollups(t.database.sql);
  m = createMeteringForTest(t.database, { rollups });
});
afterAll(() => t.close());

const RECIPIENTS = ['+919810012345', '+919820054321', '+447400123456', '+12025550143', '+919868011122'];

type Op =
  | { op: 'send'; message: number; to: number; outcome: 'sent' | 'failed' }
  | { op: 'topup'; amount: number }
  | { op: 'settle' }
  | { op: 'catch-up' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('send' as const),
      message: fc.integer({ min: 0, max: 15 }),
      to: fc.integer({ min: 0, max: RECIPIENTS.length - 1 }),
      outcome: fc.constantFrom<'sent' | 'failed'>('sent', 'failed'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 90_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'settle' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'catch-up' as const }) },
);

/** The ledger's own figures for a partner, read straight from its tables. */
async function ledgerOf(partnerId: string) {
  const { rows } = await t.database.sql.query<{
    debits: string | null;
    topups: string | null;
    charged: string | null;
  }>(
    `SELECT (SELECT sum(amount)::text FROM ledger_transactions WHERE partner_id = $1 AND kind = 'debit') AS debits,
            (SELECT sum(amount)::text FROM ledger_transactions WHERE partner_id = $1 AND kind = 'topup') AS topups,
            (SELECT sum(amount)::text FROM metered_messages WHERE partner_id = $1 AND status = 'charged') AS charged`,
    [partnerId],
  );
  const row = rows[0];
  return {
    debits: BigInt(row?.debits ?? 0),
    topups: BigInt(row?.topups ?? 0),
    charged: BigInt(row?.charged ?? 0),
  };
}

describe('billing analytics reconcile with the ledger (fast-check)', () => {
  it('when random sends succeed or fail, top-ups arrive and settlements and catch-ups run in any order then the totals equal the ledger movements to the micro-unit', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const account = await t.factories.account(ROLES.DEVELOPER);
        const partnerId = account.partner.partnerId;
        const botId = await insertBot(t.database, partnerId);
        await m.ledger.credit({
          partnerId,
          idempotencyKey: 'start',
          amount: 200_000n,
          description: 'Top-up',
        });
        let key = 0;
        let failed = 0;
        for (const op of ops) {
          if (op.op === 'topup') {
            await m.ledger.credit({
              partnerId,
              idempotencyKey: `topup-${key++}`,
              amount: BigInt(op.amount),
              description: 'Top-up',
            });
          } else if (op.op === 'settle') {
            await m.metering.settleBatches();
          } else if (op.op === 'catch-up') {
            await rollups.catchUpLedger();
          } else {
            const messageId = `r${run}-m${op.message}`;
            const msisdn = RECIPIENTS[op.to] ?? '+919810012345';
            const price = await m.metering.price({ partnerId, botId, channel: CHANNEL_TYPE.rcs, msisdn });
            const reserved = await m.metering.reserve({
              partnerId,
              botId,
              messageId,
              channel: CHANNEL_TYPE.rcs,
              ...price,
            });
            if (!reserved.ok || reserved.replayed) continue;
            const settled = await m.metering.settle({ botId, messageId }, op.outcome);
            if (op.outcome === 'failed' && settled.changed) failed += 1;
          }
        }
        await m.metering.settleBatches();
        // A second catch-up counts nothing again.
        await rollups.catchUpLedger();
        expect(await rollups.catchUpLedger()).toBe(0);

        const ledger = await ledgerOf(partnerId);
        const token = await t.tokenFor(account.user.userId);
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/secure/analytics/billing?preset=7d&zone=%2B05%3A30',
          headers: { authorization: `Bearer ${token}` },
        });
        const r = expectEnvelope(res, 200).data as TAnalyticsReport;
        expect(parseMoney(r.money.spend)).toBe(ledger.debits);
        expect(parseMoney(r.money.top_ups)).toBe(ledger.topups);
        expect(parseMoney(r.totals.amount)).toBe(ledger.charged);
        expect(ledger.charged).toBe(ledger.debits);
        expect(r.totals.failed).toBe(failed);
        const daySum = r.series.reduce((sum, d) => sum + (parseMoney(d.amount) ?? 0n), 0n);
        expect(daySum).toBe(ledger.debits);
        const carrierSum = (r.breakdowns.carrier ?? []).reduce(
          (sum, c) => sum + (parseMoney(c.amount) ?? 0n),
          0n,
        );
        expect(carrierSum).toBe(ledger.debits);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
