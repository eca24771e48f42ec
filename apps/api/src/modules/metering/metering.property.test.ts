import { CHANNEL_TYPE } from '@portico/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMeteringForTest, insertBot, walletFigures } from '../../../test/metering.ts';

let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;

beforeAll(async () => {
  t = await createTestApp();
  m = createMeteringForTest(t.database);
});
afterAll(() => t.close());

/** What happens to one send attempt after its reservation. */
type Outcome = 'sent' | 'failed' | 'network-error-then-sent' | 'killed';
type Op =
  | { op: 'send'; message: number; price: number; outcome: Outcome }
  | { op: 'topup'; amount: number }
  | { op: 'settle' }
  /** A settlement batch whose process dies before commit: its transaction is abandoned. */
  | { op: 'settle-killed' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('send' as const),
      // A small pool of message ids: retries with the same id happen often.
      message: fc.integer({ min: 0, max: 11 }),
      price: fc.integer({ min: 0, max: 40_000 }),
      outcome: fc.constantFrom<Outcome>('sent', 'failed', 'network-error-then-sent', 'killed'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 60_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'settle' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'settle-killed' as const }) },
);

class Killed extends Error {}

describe('metered charging is exact (fast-check)', () => {
  it('when random sends fail, are retried with the same id, and senders or settlers are killed then after settlement the message charges equal the wallet debits to the micro-unit, nothing twice, nothing free, and a send the wallet cannot cover is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 80_000 }),
        fc.array(opArb, { minLength: 1, maxLength: 30 }),
        async (funds, ops) => {
          const partnerId = (await t.factories.partner({ kind: 'developer', hasEwallet: true })).partnerId;
          const botId = await insertBot(t.database, partnerId);
          let key = 0;
          const credit = (amount: number) =>
            m.ledger.credit({
              partnerId,
              idempotencyKey: `fund-${key++}`,
              amount: BigInt(amount),
              description: 'Top-up',
            });
          if (funds > 0) await credit(funds);

          // The model: the wallet's balance and reserved money, and each message id's state and price.
          let balance = BigInt(funds);
          let reserved = 0n;
          let debited = 0n;
          const messages = new Map<
            string,
            { state: 'reserved' | 'sent' | 'released' | 'charged'; price: bigint }
          >();
          const settleModel = () => {
            for (const message of messages.values()) {
              if (message.state !== 'sent') continue;
              message.state = 'charged';
              balance -= message.price;
              reserved -= message.price;
              debited += message.price;
            }
          };

          for (const op of ops) {
            if (op.op === 'topup') {
              await credit(op.amount);
              balance += BigInt(op.amount);
            } else if (op.op === 'settle') {
              await m.metering.settleBatches();
              settleModel();
            } else if (op.op === 'settle-killed') {
              await expect(
                t.database.transaction(async () => {
                  await m.metering.settleBatches();
                  throw new Killed('the settler died before commit');
                }),
              ).rejects.toBeInstanceOf(Killed);
            } else {
              const messageId = `m${op.message}`;
              const price = BigInt(op.price);
              const known = messages.get(messageId);
              const result = await m.metering.reserve({
                partnerId,
                botId,
                messageId,
                channel: CHANNEL_TYPE.rcs,
                unitPriceMicros: price,
                carrierId: null,
                countryId: 'IN',
                ratePlanId: null,
              });
              if (known && known.state !== 'released') {
                // A retry of a message already reserved, sent or charged: a replay, nothing new reserved.
                expect(result).toEqual({ ok: true, replayed: true, status: known.state });
                continue;
              }
              if (balance - reserved < price) {
                expect(result).toEqual({ ok: false, reason: 'insufficient_funds' });
                continue;
              }
              expect(result).toEqual({ ok: true, replayed: false, status: 'reserved' });
              reserved += price;
              const message = { state: 'reserved' as const, price };
              messages.set(messageId, message);
              if (op.outcome === 'killed') continue; // the sender died: no settle call
              if (op.outcome === 'failed') {
                await m.metering.settle({ botId, messageId }, 'failed');
                await m.metering.settle({ botId, messageId }, 'failed'); // a retried callback changes nothing
                reserved -= price;
                messages.set(messageId, { state: 'released', price });
              } else {
                if (op.outcome === 'network-error-then-sent') {
                  // The settle call's answer was lost: it is called again.
                  await m.metering.settle({ botId, messageId }, 'sent');
                }
                await m.metering.settle({ botId, messageId }, 'sent');
                messages.set(messageId, { state: 'sent', price });
              }
            }
            const figures = await walletFigures(t.database, partnerId);
            expect(figures.balance).toBe(balance);
            expect(figures.reserved).toBe(reserved);
          }

          // Restart: abandoned reservations are charged as sent, then everything is settled.
          const later = createMeteringForTest(t.database, {
            abandonAfterMs: 60_000,
            now: () => new Date(Date.now() + 3_600_000),
          });
          await later.metering.settleAbandoned();
          for (const message of messages.values()) if (message.state === 'reserved') message.state = 'sent';
          await later.metering.settleBatches();
          settleModel();

          const figures = await walletFigures(t.database, partnerId);
          expect(figures.reserved).toBe(0n);
          expect(figures.debits).toBe(debited);
          expect(figures.charges).toBe(debited);
          expect(figures.balance).toBe(balance);
          const { rows } = await t.database.sql.query<{
            n: number;
            charged: string | null;
            batched: string | null;
          }>(
            `SELECT count(*)::int AS n,
                  (SELECT sum(amount)::text FROM metered_messages WHERE partner_id = $1 AND status = 'charged') AS charged,
                  (SELECT sum(amount)::text FROM metering_batches WHERE partner_id = $1) AS batched
             FROM metered_messages WHERE partner_id = $1 AND status = 'charged' AND batch_id IS NULL`,
            [partnerId],
          );
          // Every charged message is in exactly one batch, and the batches add up to the charges.
          expect(rows[0]?.n).toBe(0);
          expect(BigInt(rows[0]?.batched ?? 0)).toBe(BigInt(rows[0]?.charged ?? 0));
          const expected = [...messages.values()]
            .filter((x) => x.state === 'charged')
            .reduce((s, x) => s + x.price, 0n);
          expect(figures.charges).toBe(expected);
        },
      ),
      { numRuns: 30 },
    );
  }, 240_000);
});
