import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerTransactions } from '../../platform/db/schema.ts';

export type AccountKind = 'wallet' | 'holds' | 'payments' | 'revenue';
export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type HoldRow = typeof ledgerHolds.$inferSelect;

/** SQL of the ledger only; the rules (balancing, idempotency, never below zero) are in ledger.ts. */
export function createLedgerRepository() {
  return {
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

    async insertTransaction(db: Db, values: typeof ledgerTransactions.$inferInsert): Promise<TransactionRow> {
      const [row] = await db.insert(ledgerTransactions).values(values).returning();
      if (!row) throw new Error('ledger transaction insert returned nothing');
      return row;
    },

    async insertEntries(db: Db, values: (typeof ledgerEntries.$inferInsert)[]): Promise<void> {
      await db.insert(ledgerEntries).values(values);
    },

    async setBalance(db: Db, accountId: string, balance: bigint, lowBalanceAlerted?: boolean): Promise<void> {
      await db
        .update(ledgerAccounts)
        .set({ balance, ...(lowBalanceAlerted === undefined ? {} : { lowBalanceAlerted }) })
        .where(eq(ledgerAccounts.accountId, accountId));
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

    async settleHold(db: Db, holdId: string, status: 'captured' | 'released', settledBy: string) {
      await db
        .update(ledgerHolds)
        .set({ status, settledBy, settledAt: new Date() })
        .where(and(eq(ledgerHolds.holdId, holdId), eq(ledgerHolds.status, 'held')));
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
