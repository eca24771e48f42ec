import { randomUUID } from 'node:crypto';
import { BOT_CARRIER_MACHINE, BOT_MACHINE, ROLES, type Role } from '@portico/domain';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createBotReviewForTest, launchFixtures } from '../../../test/launch-review.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { reviewHistory } from '../../platform/review/review.schema.ts';
import { botCarriers, bots } from '../bots/bots.schema.ts';
import { launches } from '../launches/launches.schema.ts';

/**
 * The verification hold under random sequences of the platform's and the carriers' decisions, each
 * maybe sent twice at once (a retry) or killed before it commits (the process dying between the
 * decision and the money), with resubmissions taking new holds: every hold is captured or released
 * at most once, exactly as the decisions that committed say, and the ledger stays exact.
 */
let t: TestApp;
let f: ReturnType<typeof launchFixtures>;
let review: ReturnType<typeof createBotReviewForTest>['service'];
let jio: number;
let airtel: number;
let admin: AuthenticatedUser;
const carrierUsers = new Map<number, AuthenticatedUser>();

const userOf = async (role: Role, carrierId?: number): Promise<AuthenticatedUser> => {
  const account = await t.factories.account(role, carrierId ? { partner: { carrierId } } : {});
  return {
    userId: account.user.userId,
    partnerId: account.partner.partnerId,
    email: account.user.email,
    role,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  f = launchFixtures(t);
  review = createBotReviewForTest(t).service;
  jio = await t.factories.carrierId();
  airtel = await t.factories.carrierId('Bharti Airtel');
  admin = await userOf(ROLES.ADMIN_PORTICO_READWRITE);
  carrierUsers.set(jio, await userOf(ROLES.ADMIN_BILLING, jio));
  carrierUsers.set(airtel, await userOf(ROLES.MANAGER_BILLING, airtel));
});
afterAll(() => t.close());

/** The bot's actions that settle the verification hold, in the order they come. */
const SETTLING = [
  'approve',
  'approve-decided',
  'carriers-approved',
  'launched',
  'reject',
  'carriers-rejected',
];

type Op =
  | { op: 'forward' | 'approve' | 'reject' | 'resubmit'; retry: boolean; kill: boolean }
  | { op: 'carrier-approve' | 'carrier-reject'; carrier: 0 | 1; retry: boolean; kill: boolean };

const flags = { retry: fc.boolean(), kill: fc.boolean() };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constantFrom('forward' as const, 'approve' as const, 'reject' as const, 'resubmit' as const),
    ...flags,
  }),
  fc.record({
    op: fc.constantFrom('carrier-approve' as const, 'carrier-reject' as const),
    carrier: fc.constantFrom(0 as const, 1 as const),
    ...flags,
  }),
);

/** The developer resubmits after a rejection (what the launches module's submit does): a new hold, the bot and its carriers submitted. */
async function resubmit(partnerId: string, botId: string): Promise<string | null> {
  return t.database.transaction(async () => {
    const [bot] = await t.database.db.select().from(bots).where(eq(bots.botId, botId)).for('update');
    if (bot?.status !== BOT_MACHINE.states.bot_rejected_by_portico.code) return null;
    const held = await f.ledger.hold({
      partnerId,
      idempotencyKey: `resubmit-${randomUUID()}`,
      amount: 50_000_000n,
      description: 'Bot verification hold',
    });
    await t.database.db
      .update(launches)
      .set({ holdId: held.transaction.transactionId, submittedAt: new Date() })
      .where(eq(launches.botId, botId));
    await t.database.db
      .update(bots)
      .set({ status: BOT_MACHINE.states.submitted_for_launch.code })
      .where(eq(bots.botId, botId));
    await t.database.db
      .update(botCarriers)
      .set({ status: BOT_CARRIER_MACHINE.states.submitted.code, reason: null })
      .where(
        and(eq(botCarriers.botId, botId), eq(botCarriers.status, BOT_CARRIER_MACHINE.states.pending.code)),
      );
    await t.database.db.insert(reviewHistory).values({
      subject: 'bot',
      subjectId: botId,
      action: 'submit',
      fromCode: BOT_MACHINE.states.bot_rejected_by_portico.code,
      toCode: BOT_MACHINE.states.submitted_for_launch.code,
    });
    return held.transaction.transactionId;
  });
}

describe('the verification hold under decisions, retries and kills (fast-check)', () => {
  it('when decisions are retried, raced and killed at random then each hold is settled at most once, as the committed decisions say, and the ledger is exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        const dev = await f.developer(1_000_000_000n);
        const first = await f.launch({
          partnerId: dev.partnerId,
          state: 'submitted_for_launch',
          carriers: { [jio]: 'submitted', [airtel]: 'submitted' },
        });
        const { botId } = first;
        const holds = [first.holdId ?? ''];

        for (const op of ops) {
          /** The new hold of a resubmission (kept once its unit of work commits). */
          const attempt = async (): Promise<string | null> => {
            if (op.op === 'resubmit') return resubmit(dev.partnerId, botId);
            if (op.op === 'carrier-approve' || op.op === 'carrier-reject') {
              const carrierId = op.carrier === 0 ? jio : airtel;
              const user = carrierUsers.get(carrierId);
              if (!user) throw new Error('no carrier user');
              await review.carrierDecide(
                user,
                botId,
                op.op === 'carrier-approve' ? 'approve' : 'reject',
                op.op === 'carrier-reject' ? 'Not on our network.' : undefined,
              );
              return null;
            }
            await review.decide(
              admin,
              botId,
              op.op,
              op.op === 'reject' ? 'The opt-out is missing.' : undefined,
            );
            return null;
          };
          const run = op.kill
            ? () =>
                t.database.transaction(async (): Promise<string | null> => {
                  await attempt();
                  throw new Error('killed before commit');
                })
            : attempt;
          const results = await Promise.allSettled(
            op.retry && op.op !== 'resubmit' ? [run(), run()] : [run()],
          );
          for (const result of results) {
            if (result.status === 'fulfilled') {
              if (result.value) holds.push(result.value);
              continue;
            }
            const error = result.reason as Error;
            // Refusals (409 stale or illegal, 404 not yet the carrier's) and the kill; nothing else.
            if (error.message === 'killed before commit') continue;
            expect(error, error.message).toBeInstanceOf(AppError);
            expect([404, 409]).toContain((error as AppError).httpStatus);
          }
        }

        // Each hold settled at most once, and as the committed history says.
        const { rows: history } = await t.database.sql.query<{ action: string }>(
          "SELECT action FROM review_history WHERE subject_id = $1 AND subject = 'bot' ORDER BY id",
          [botId],
        );
        // The history splits into one segment per hold: each resubmission ('submit') starts the next.
        const segments: string[][] = [[]];
        for (const { action } of history) {
          if (action === 'submit') segments.push([]);
          else segments.at(-1)?.push(action);
        }
        expect(segments).toHaveLength(holds.length);
        for (const [i, holdId] of holds.entries()) {
          const settled = await f.settlements(holdId);
          expect((settled.capture ?? 0) + (settled.release ?? 0)).toBeLessThanOrEqual(1);
          const actions = segments[i] ?? [];
          const firstSettling = actions.find((a) => SETTLING.includes(a));
          const expected =
            firstSettling === undefined
              ? 'held'
              : ['reject', 'carriers-rejected'].includes(firstSettling)
                ? 'released'
                : 'captured';
          expect(await f.holdStatus(dev.partnerId, holdId), `hold ${i} after ${actions.join(', ')}`).toBe(
            expected,
          );
        }

        // The ledger: holds account = held holds; wallet = its entries, never negative.
        const q = async (text: string) =>
          BigInt((await t.database.sql.query<{ v: string | null }>(text, [dev.partnerId])).rows[0]?.v ?? 0);
        const held = await q(
          "SELECT sum(amount)::text AS v FROM ledger_holds WHERE partner_id = $1 AND status = 'held'",
        );
        const holdsAccount = await q(
          "SELECT balance::text AS v FROM ledger_accounts WHERE partner_id = $1 AND kind = 'holds'",
        );
        const wallet = await q(
          "SELECT balance::text AS v FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'",
        );
        const walletEntries = await q(
          "SELECT sum(e.amount)::text AS v FROM ledger_entries e JOIN ledger_accounts a USING (account_id) WHERE a.partner_id = $1 AND a.kind = 'wallet'",
        );
        expect(held).toBe(holdsAccount);
        expect(wallet).toBe(walletEntries);
        expect(wallet >= 0n).toBe(true);
        const captured = await q(
          "SELECT coalesce(sum(amount), 0)::text AS v FROM ledger_holds WHERE partner_id = $1 AND status = 'captured'",
        );
        expect(wallet).toBe(1_000_000_000n - held - captured);
      }),
      { numRuns: 12 },
    );
  });
});
