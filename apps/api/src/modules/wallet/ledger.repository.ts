import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { ledgerAccounts, ledgerHolds, ledgerTransactions } from './wallet.schema.ts';

export type AccountKind = 'wallet' | 'holds' | 'payments' | 'revenue';
export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;

/** SQL of the ledger only; the rules (balancing, idempotency, never below zero) are in ledger.ts. */
type RawRow = Record<string, unknown>;
async function rows(db: Db, query: SQL): Promise<RawRow[]> {
  // Both drivers answer { rows }; bigint and timestamp columns are cast to text in the SQL below.
  const result = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}
const big = (value: unknown) => (value === null || value === undefined ? null : BigInt(String(value)));
const date = (value: unknown) => new Date(String(value));

function transactionOf(row: RawRow, prefix = ''): TransactionRow {
  const get = (name: string) => row[`${prefix}${name}`];
  return {
    transactionId: String(get('transaction_id')),
    partnerId: String(get('partner_id')),
    kind: String(get('kind')),
    idempotencyKey: String(get('idempotency_key')),
    requestFingerprint: String(get('request_fingerprint')),
    amount: big(get('amount')) ?? 0n,
    currency: String(get('currency')),
    description: String(get('description')),
    reference: get('reference') === null ? null : String(get('reference')),
    holdId: get('hold_id') === null ? null : String(get('hold_id')),
    createdAt: date(get('created_at')),
  };
}

export interface MovementWrite {
  transaction: Omit<typeof ledgerTransactions.$inferInsert, 'transactionId' | 'createdAt'>;
  entries: { accountId: string; amount: bigint; balanceAfter: bigint | null }[];
  /** New balances of partner accounts (and the wallet's alert flag). */
  /** `unreserved`: metered reservations the movement settles (the wallet's reserved goes down by it). */
  balances: { accountId: string; balance: bigint; lowBalanceAlerted: boolean | null; unreserved: bigint }[];
}

export function createLedgerRepository() {
  return {
    /**
     * One round trip: the partner's wallet account, row-locked until the transaction ends, and the
     * transaction already recorded under this idempotency key, if any.
     */
    async lockWalletWithKey(db: Db, partnerId: string, currency: string, idempotencyKey: string) {
      const [row] = await rows(
        db,
        sql`SELECT a.account_id, a.partner_id AS a_partner_id, a.kind AS a_kind, a.currency AS a_currency,
                   a.balance::text AS a_balance, a.low_balance_threshold::text AS a_threshold,
                   a.low_balance_alerted AS a_alerted, a.reserved::text AS a_reserved, a.created_at::text AS a_created_at,
                   t.transaction_id AS t_transaction_id, t.partner_id AS t_partner_id, t.kind AS t_kind,
                   t.idempotency_key AS t_idempotency_key, t.request_fingerprint AS t_request_fingerprint,
                   t.amount::text AS t_amount, t.currency AS t_currency, t.description AS t_description,
                   t.reference AS t_reference, t.hold_id AS t_hold_id, t.created_at::text AS t_created_at
              FROM ledger_accounts a
              LEFT JOIN ledger_transactions t ON t.partner_id = a.partner_id AND t.idempotency_key = ${idempotencyKey}
             WHERE a.partner_id = ${partnerId} AND a.kind = 'wallet' AND a.currency = ${currency}
               FOR UPDATE OF a`,
      );
      if (!row) return undefined;
      const account: AccountRow = {
        accountId: String(row.account_id),
        partnerId: String(row.a_partner_id),
        kind: String(row.a_kind),
        currency: String(row.a_currency),
        balance: big(row.a_balance) ?? 0n,
        lowBalanceThreshold: big(row.a_threshold),
        lowBalanceAlerted: row.a_alerted === true,
        reserved: big(row.a_reserved) ?? 0n,
        createdAt: date(row.a_created_at),
      };
      return { account, first: row.t_transaction_id ? transactionOf(row, 't_') : undefined };
    },

    /**
     * One round trip: the transaction row, its entries and the new balances; undefined (and nothing
     * written) when the idempotency key was recorded meanwhile.
     */
    async writeMovement(db: Db, write: MovementWrite): Promise<TransactionRow | undefined> {
      const t = write.transaction;
      const entryValues = sql.join(
        write.entries.map(
          (e) =>
            sql`(${e.accountId}::uuid, ${e.amount.toString()}::bigint, ${e.balanceAfter === null ? null : e.balanceAfter.toString()}::bigint)`,
        ),
        sql`, `,
      );
      const balanceValues = sql.join(
        write.balances.map(
          (b) =>
            sql`(${b.accountId}::uuid, ${b.balance.toString()}::bigint, ${b.lowBalanceAlerted}::boolean, ${b.unreserved.toString()}::bigint)`,
        ),
        sql`, `,
      );
      const [row] = await rows(
        db,
        sql`WITH tx AS (
              INSERT INTO ledger_transactions (partner_id, kind, idempotency_key, request_fingerprint, amount, currency, description, reference, hold_id)
              VALUES (${t.partnerId}, ${t.kind}, ${t.idempotencyKey}, ${t.requestFingerprint}, ${t.amount.toString()}::bigint,
                      ${t.currency}, ${t.description}, ${t.reference ?? null}, ${t.holdId ?? null}::uuid)
              -- A concurrent request with the same key that committed after our snapshot: write nothing.
              ON CONFLICT (partner_id, idempotency_key) DO NOTHING
              RETURNING *
            ), entries AS (
              INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
              SELECT tx.transaction_id, v.account_id, v.amount, v.balance_after
                FROM tx, (VALUES ${entryValues}) AS v(account_id, amount, balance_after)
              RETURNING 1
            ), balances AS (
              UPDATE ledger_accounts a
                 SET balance = v.balance, low_balance_alerted = coalesce(v.alerted, a.low_balance_alerted),
                     reserved = a.reserved - v.unreserved
                FROM (VALUES ${balanceValues}) AS v(account_id, balance, alerted, unreserved)
               WHERE a.account_id = v.account_id AND EXISTS (SELECT 1 FROM tx)
              RETURNING 1
            )
            SELECT transaction_id, partner_id, kind, idempotency_key, request_fingerprint, amount::text AS amount, currency,
                   description, reference, hold_id, created_at::text AS created_at,
                   (SELECT count(*) FROM entries)::int AS entry_count, (SELECT count(*) FROM balances)::int AS balance_count
              FROM tx`,
      );
      if (!row) return undefined;
      if (
        Number(row.entry_count) !== write.entries.length ||
        Number(row.balance_count) !== write.balances.length
      ) {
        throw new Error('ledger movement wrote a partial set of rows');
      }
      return transactionOf(row);
    },

    /** Creates the account when missing (a concurrent creator wins harmlessly). */
    async ensureAccount(
      db: Db,
      partnerId: string | null,
      kind: AccountKind,
      currency: string,
    ): Promise<void> {
      await db.insert(ledgerAccounts).values({ partnerId, kind, currency }).onConflictDoNothing();
    },

    /** The partner's account of this kind, row-locked until the transaction ends. */
    async lockAccount(db: Db, partnerId: string, kind: AccountKind, currency: string) {
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.partnerId, partnerId),
            eq(ledgerAccounts.kind, kind),
            eq(ledgerAccounts.currency, currency),
          ),
        )
        .for('update');
      return row;
    },

    async account(db: Db, partnerId: string | null, kind: AccountKind, currency: string) {
      const [row] = await db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            partnerId === null
              ? sql`${ledgerAccounts.partnerId} IS NULL`
              : eq(ledgerAccounts.partnerId, partnerId),
            eq(ledgerAccounts.kind, kind),
            eq(ledgerAccounts.currency, currency),
          ),
        );
      return row;
    },

    async transactionByKey(db: Db, partnerId: string, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.partnerId, partnerId),
            eq(ledgerTransactions.idempotencyKey, idempotencyKey),
          ),
        );
      return row;
    },

    async setThreshold(db: Db, accountId: string, threshold: bigint | null, alerted: boolean): Promise<void> {
      await db
        .update(ledgerAccounts)
        .set({ lowBalanceThreshold: threshold, lowBalanceAlerted: alerted })
        .where(eq(ledgerAccounts.accountId, accountId));
    },

    async insertHold(db: Db, values: typeof ledgerHolds.$inferInsert): Promise<void> {
      await db.insert(ledgerHolds).values(values);
    },

    async lockHold(db: Db, partnerId: string, holdId: string) {
      const [row] = await db
        .select()
        .from(ledgerHolds)
        .where(and(eq(ledgerHolds.holdId, holdId), eq(ledgerHolds.partnerId, partnerId)))
        .for('update');
      return row;
    },

    async hold(db: Db, partnerId: string, holdId: string) {
      const [row] = await db
        .select()
        .from(ledgerHolds)
        .where(and(eq(ledgerHolds.holdId, holdId), eq(ledgerHolds.partnerId, partnerId)));
      return row;
    },

    async addCaptured(db: Db, holdId: string, amount: bigint): Promise<void> {
      await db
        .update(ledgerHolds)
        .set({ captured: sql`${ledgerHolds.captured} + ${amount}` })
        .where(eq(ledgerHolds.holdId, holdId));
    },

    async settleHold(db: Db, holdId: string, status: 'captured' | 'released', settledBy: string | null) {
      await db
        .update(ledgerHolds)
        .set({ status, settledBy, settledAt: new Date() })
        .where(and(eq(ledgerHolds.holdId, holdId), eq(ledgerHolds.status, 'held')));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
