import type { TMessageContent } from '@portico/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMeteringForTest, walletFigures } from '../../../test/metering.ts';
import { AIRTEL_PRICE, AIRTEL_RECIPIENT, seedAirtelPrice } from '../../../test/partner-api.ts';
import { NetworkError } from '../../networks/errors.ts';
import type { NetworkConnector } from '../../networks/types.ts';
import { createPartnerApiRepository } from './partner-api.repository.ts';
import { createPartnerSendsService, SendRefused } from './partner-sends.service.ts';

/**
 * The partner send pipeline charges exactly: random sends through it (the real bot lookup, pricing,
 * reservation and settlement; a connector that accepts, refuses, never answers or crashes), retries
 * with the same message id, top-ups and settlements, then a restart that charges what was left
 * reserved: the wallet's debits equal the message charges to the micro-unit, nothing twice,
 * nothing free, and a send the wallet cannot cover is refused with nothing sent.
 */

const PRICE = AIRTEL_PRICE;
let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;

beforeAll(async () => {
  t = await createTestApp();
  m = createMeteringForTest(t.database);
  await seedAirtelPrice(t);
});
afterAll(() => t.close());

/** What the network does with one send. */
type Outcome = 'accepted' | 'refused' | 'no-answer' | 'crash';
type Op =
  | { op: 'send'; message: number; outcome: Outcome }
  | { op: 'topup'; amount: number }
  | { op: 'settle' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('send' as const),
      // A small pool of message ids (Idempotency-Key / messageId): retries with the same id are common.
      message: fc.integer({ min: 0, max: 7 }),
      outcome: fc.constantFrom<Outcome>('accepted', 'refused', 'no-answer', 'crash'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 12_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ op: 'settle' as const }) },
);

const CONTENT: TMessageContent = { kind: 'text', text: 'Hello', suggestions: [] };

describe('partner sends charge exactly (fast-check)', () => {
  it('when random sends are accepted, refused, unanswered or crash and are retried with the same id then after a restart and settlement the charges equal the debits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 15_000 }),
        fc.array(opArb, { minLength: 1, maxLength: 25 }),
        async (funds, ops) => {
          const partnerId = (await t.factories.partner({ kind: 'developer', hasEwallet: true })).partnerId;
          const { rows } = await t.database.sql.query<{ bot_id: string }>(
            `INSERT INTO bots (partner_id, channels, name, status, whatsapp_phone_number_id)
           VALUES ($1, ARRAY[2], 'Property bot', 10, 'pn-property') RETURNING bot_id`,
            [partnerId],
          );
          const botId = rows[0]?.bot_id ?? '';
          let key = 0;
          const credit = (amount: number) =>
            m.ledger.credit({
              partnerId,
              idempotencyKey: `fund-${key++}`,
              amount: BigInt(amount),
              description: 'Top-up',
            });
          if (funds > 0) await credit(funds);

          let next: Outcome = 'accepted';
          let networkSends = 0;
          const connector = {
            async send() {
              networkSends += 1;
              if (next === 'refused')
                throw new NetworkError('whatsapp', 'invalid_content', 'refused', {
                  httpStatus: 400,
                  code: 131009,
                });
              if (next === 'no-answer') throw new NetworkError('whatsapp', 'network_down', 'timed out');
              if (next === 'crash') throw new Error('the process died mid-send');
              return { networkMessageId: `wamid.${networkSends}` };
            },
          } as unknown as NetworkConnector;
          const sends = createPartnerSendsService({
            repository: createPartnerApiRepository(t.database),
            credentials: { authenticate: () => Promise.reject(new Error('not used')) },
            metering: m.metering,
            // Nobody opted out here: the property is about money, not the opt-out list.
            optOuts: { isOptedOut: async () => false },
            connectors: { get: () => connector },
            testers: { inviteTesterForPartner: () => Promise.reject(new Error('not used')) },
            counters: { add: async (_key, n) => ({ hits: n, resetAt: Date.now() + 1000 }) },
            ratePerSecond: 1_000_000,
          });
          const caller = { botId, partnerId, credentialId: 'c', clientId: 'pci_x' };

          // The model: spendable money and each message id's state.
          let balance = BigInt(funds);
          let reserved = 0n;
          const states = new Map<string, 'reserved' | 'sent' | 'released' | 'charged'>();
          let expectedNetworkSends = 0;
          const settleModel = () => {
            for (const [id, state] of states)
              if (state === 'sent') {
                states.set(id, 'charged');
                balance -= PRICE;
                reserved -= PRICE;
              }
          };

          for (const op of ops) {
            if (op.op === 'topup') {
              await credit(op.amount);
              balance += BigInt(op.amount);
              continue;
            }
            if (op.op === 'settle') {
              await m.metering.settleBatches();
              settleModel();
              continue;
            }
            const messageId = `order-${op.message}`;
            next = op.outcome;
            const attempt = sends
              .send(caller, {
                network: 'whatsapp',
                sender: 'pn-property',
                recipient: AIRTEL_RECIPIENT,
                content: CONTENT,
                messageId,
              })
              .then(
                () => 'ok' as const,
                (error: unknown) => (error instanceof SendRefused ? error.refusal.reason : 'crash'),
              );
            const result = await attempt;
            const state = states.get(messageId);
            if (state && state !== 'released') {
              expect(result).toBe('duplicate');
            } else if (balance - reserved < PRICE) {
              expect(result).toBe('insufficient_funds');
            } else {
              expectedNetworkSends += 1;
              reserved += PRICE;
              if (op.outcome === 'accepted') {
                expect(result).toBe('ok');
                states.set(messageId, 'sent');
              } else if (op.outcome === 'refused') {
                expect(result).toBe('network');
                reserved -= PRICE;
                states.set(messageId, 'released');
              } else {
                // No answer, or a crash: the outcome is unknown, the money stays reserved.
                expect(result).toBe(op.outcome === 'crash' ? 'crash' : 'network');
                states.set(messageId, 'reserved');
              }
            }
            expect(networkSends).toBe(expectedNetworkSends);
            const figures = await walletFigures(t.database, partnerId);
            expect(figures.balance).toBe(balance);
            expect(figures.reserved).toBe(reserved);
          }

          // A restart: reservations left by unknown outcomes are charged as sent, then all is settled.
          const later = createMeteringForTest(t.database, {
            abandonAfterMs: 60_000,
            now: () => new Date(Date.now() + 3_600_000),
          });
          await later.metering.settleAbandoned();
          for (const [id, state] of states) if (state === 'reserved') states.set(id, 'sent');
          await later.metering.settleBatches();
          settleModel();

          const figures = await walletFigures(t.database, partnerId);
          const charged = [...states.values()].filter((s) => s === 'charged').length;
          expect(figures.reserved).toBe(0n);
          expect(figures.charges).toBe(BigInt(charged) * PRICE);
          expect(figures.debits).toBe(figures.charges);
          expect(figures.balance).toBe(balance);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
