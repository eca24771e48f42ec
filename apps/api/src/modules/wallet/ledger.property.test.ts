import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedger, INSUFFICIENT_BALANCE, type Ledger } from './ledger.ts';
import { createWalletRepository } from './wallet.repository.ts';

let t: TestApp;
let ledger: Ledger;

beforeAll(async () => {
  t = await createTestApp();
  const wallets = createWalletRepository(t.database.db);
  ledger = createLedger({
    db: t.database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
});
afterAll(() => t.close());

async function newPartner(): Promise<string> {
  return (await t.factories.partner({ kind: 'developer', hasEwallet: true })).partnerId;
}

interface Invariants {
  unbalanced: number;
  walletBalance: bigint;
  walletSum: bigint;
  holdsBalance: bigint;
  holdsSum: bigint;
  duplicateKeys: number;
  negativeRunning: number;
}

/** Reads the invariants straight from the tables (never through the code under test). */
async function invariants(partnerId: string): Promise<Invariants> {
  const q = <R>(text: string) => t.database.sql.query<R>(text, [partnerId]).then((r) => r.rows);
  const [unbalanced] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT e.transaction_id FROM ledger_entries e JOIN ledger_transactions x USING (transaction_id)
      WHERE x.partner_id = $1 GROUP BY e.transaction_id HAVING sum(e.amount) <> 0) u`,
  );
  const accounts = await q<{ kind: string; balance: string; total: string | null }>(
    `SELECT a.kind, a.balance::text AS balance, (SELECT sum(amount)::text FROM ledger_entries e WHERE e.account_id = a.account_id) AS total
       FROM ledger_accounts a WHERE a.partner_id = $1`,
  );
  const [dupes] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT idempotency_key FROM ledger_transactions WHERE partner_id = $1 GROUP BY idempotency_key HAVING count(*) > 1) d`,
  );
  const [negative] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a USING (account_id) WHERE a.partner_id = $1 AND e.balance_after < 0`,
  );
  const acc = (kind: string) => accounts.find((a) => a.kind === kind);
  return {
    unbalanced: unbalanced?.n ?? 0,
    walletBalance: BigInt(acc('wallet')?.balance ?? 0),
    walletSum: BigInt(acc('wallet')?.total ?? 0),
    holdsBalance: BigInt(acc('holds')?.balance ?? 0),
    holdsSum: BigInt(acc('holds')?.total ?? 0),
    duplicateKeys: dupes?.n ?? 0,
    negativeRunning: negative?.n ?? 0,
  };
}

type Op =
  | { op: 'topup' | 'debit' | 'hold'; amount: number; key: number }
  | { op: 'capture' | 'release'; holdIndex: number; key: number };

const amount = fc.integer({ min: 1, max: 5_000_000 });
const key = fc.integer({ min: 0, max: 15 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('topup' as const), amount, key }),
  fc.record({ op: fc.constant('debit' as const), amount, key }),
  fc.record({ op: fc.constant('hold' as const), amount, key }),
  fc.record({ op: fc.constant('capture' as const), holdIndex: fc.nat(5), key }),
  fc.record({ op: fc.constant('release' as const), holdIndex: fc.nat(5), key }),
);

describe('ledger invariants under random interleavings (fast-check)', () => {
  it('when top-ups, debits, holds, captures and releases run concurrently with retried keys then every transaction sums to zero, balance = sum of entries >= 0 and each key applies once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        async (callers) => {
          const partnerId = await newPartner();
          const holds: string[] = [];
          const applied = new Map<string, string>();
          // Each caller runs its operations in order; callers run at the same time; each op is sent twice (a retry).
          await Promise.all(
            callers.map((ops, c) =>
              (async () => {
                for (const op of ops) {
                  // Keys are shared between callers on purpose: the same key from two callers must apply once.
                  const idempotencyKey = `${op.op}-${op.key}`;
                  const base = { partnerId, idempotencyKey, description: `${op.op} by ${c}` };
                  const attempt = async () => {
                    if (op.op === 'topup') return ledger.credit({ ...base, amount: BigInt(op.amount) });
                    if (op.op === 'debit') return ledger.debit({ ...base, amount: BigInt(op.amount) });
                    if (op.op === 'hold') return ledger.hold({ ...base, amount: BigInt(op.amount) });
                    if (op.op !== 'capture' && op.op !== 'release') return null;
                    const holdId = holds[op.holdIndex % Math.max(holds.length, 1)];
                    if (!holdId) return null;
                    return op.op === 'capture'
                      ? ledger.capture({ ...base, holdId })
                      : ledger.release({ ...base, holdId });
                  };
                  for (let retry = 0; retry < 2; retry += 1) {
                    try {
                      const result = await attempt();
                      if (!result) continue;
                      const first = applied.get(idempotencyKey);
                      if (first) expect(result.transaction.transactionId).toBe(first);
                      else applied.set(idempotencyKey, result.transaction.transactionId);
                      if (op.op === 'hold' && !holds.includes(result.transaction.transactionId)) {
                        holds.push(result.transaction.transactionId);
                      }
                    } catch (error) {
                      // Refusals are allowed (short balance, a key reused for another request, a settled hold); nothing may move.
                      expect(error).toBeInstanceOf(Error);
                      expect((error as Error).message).toMatch(
                        /Insufficient|idempotency key|already|Hold not found/,
                      );
                    }
                  }
                }
              })(),
            ),
          );
          const inv = await invariants(partnerId);
          expect(inv.unbalanced).toBe(0);
          expect(inv.walletBalance).toBe(inv.walletSum);
          expect(inv.holdsBalance).toBe(inv.holdsSum);
          expect(inv.walletBalance >= 0n).toBe(true);
          expect(inv.holdsBalance >= 0n).toBe(true);
          expect(inv.duplicateKeys).toBe(0);
          expect(inv.negativeRunning).toBe(0);
          // Holds still held are exactly the holds account's balance.
          const { rows } = await t.database.sql.query<{ total: string | null }>(
            "SELECT sum(amount)::text AS total FROM ledger_holds WHERE partner_id = $1 AND status = 'held'",
            [partnerId],
          );
          expect(BigInt(rows[0]?.total ?? 0)).toBe(inv.holdsBalance);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('concurrent debits on one wallet', () => {
  it(`when 40 debits of 3.00 race against a balance of 100.00 on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} then exactly 33 succeed and 1.00 is left`, async () => {
    const partnerId = await newPartner();
    await ledger.credit({ partnerId, idempotencyKey: 'seed', amount: 100_000_000n, description: 'seed' });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        ledger.debit({
          partnerId,
          idempotencyKey: `debit-${i}`,
          amount: 3_000_000n,
          description: `debit ${i}`,
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toHaveLength(33);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.message).toBe(INSUFFICIENT_BALANCE);
    const inv = await invariants(partnerId);
    expect(inv.walletBalance).toBe(1_000_000n);
    expect(inv.walletSum).toBe(1_000_000n);
    expect(inv.unbalanced).toBe(0);
  });

  it('when the same debit key is sent 10 times at once then it moves money once and every call returns the first transaction', async () => {
    const partnerId = await newPartner();
    await ledger.credit({ partnerId, idempotencyKey: 'seed', amount: 50_000_000n, description: 'seed' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        ledger.debit({ partnerId, idempotencyKey: 'same-key', amount: 7_000_000n, description: 'once' }),
      ),
    );
    expect(new Set(results.map((r) => r.transaction.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await invariants(partnerId)).walletBalance).toBe(43_000_000n);
  });

  it('when a key is reused for a different amount then 409 and nothing moves', async () => {
    const partnerId = await newPartner();
    await ledger.credit({ partnerId, idempotencyKey: 'k-1', amount: 5_000_000n, description: 'seed' });
    await expect(
      ledger.credit({ partnerId, idempotencyKey: 'k-1', amount: 6_000_000n, description: 'other' }),
    ).rejects.toThrow(/different request/);
    expect((await invariants(partnerId)).walletBalance).toBe(5_000_000n);
  });

  it('when a hold is captured twice with different keys then the second is refused and the money is charged once', async () => {
    const partnerId = await newPartner();
    await ledger.credit({ partnerId, idempotencyKey: 'seed', amount: 10_000_000n, description: 'seed' });
    const hold = await ledger.hold({
      partnerId,
      idempotencyKey: 'h',
      amount: 4_000_000n,
      description: 'hold',
    });
    const holdId = hold.transaction.transactionId;
    await ledger.capture({ partnerId, idempotencyKey: 'c1', holdId, description: 'capture' });
    await expect(
      ledger.capture({ partnerId, idempotencyKey: 'c2', holdId, description: 'capture' }),
    ).rejects.toThrow(/already captured/);
    await expect(
      ledger.release({ partnerId, idempotencyKey: 'r1', holdId, description: 'release' }),
    ).rejects.toThrow(/already captured/);
    const inv = await invariants(partnerId);
    expect(inv.walletBalance).toBe(6_000_000n);
    expect(inv.holdsBalance).toBe(0n);
  });
});
