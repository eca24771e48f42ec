import type { LedgerTransactionKind } from '@portico/domain';
import { and, count, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { partners, users } from '../../platform/db/core.schema.ts';
import { containsPattern, endOfUtcDay, orderOf, startOfUtcDay } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerHolds,
  ledgerTransactions,
  walletAlerts,
  walletTopups,
} from './wallet.schema.ts';

export interface HistoryFilters {
  kind?: LedgerTransactionKind | undefined;
  /** Inclusive UTC calendar dates. */
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  sort?: 'created_at' | 'amount' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export type TopupRow = typeof walletTopups.$inferSelect;

/** SQL of the wallet's reads, top-ups and alerts (the ledger's own writes are in ledger.repository.ts). */
export function createWalletRepository(db: Db) {
  function historyWhere(walletAccountId: string, filters: HistoryFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(ledgerEntries.accountId, walletAccountId)];
    if (filters.kind) conditions.push(eq(ledgerTransactions.kind, filters.kind));
    if (filters.from) conditions.push(gte(ledgerEntries.createdAt, startOfUtcDay(filters.from)));
    if (filters.to) conditions.push(lt(ledgerEntries.createdAt, endOfUtcDay(filters.to)));
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      conditions.push(
        or(ilike(ledgerTransactions.description, pattern), ilike(ledgerTransactions.reference, pattern)),
      );
    }
    return and(...conditions);
  }

  return {
    async partner(partnerId: string) {
      const [row] = await db
        .select({ partnerId: partners.partnerId, hasEwallet: partners.hasEwallet, kind: partners.kind })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      return row;
    },

    async accounts(partnerId: string, currency: string) {
      return db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.partnerId, partnerId), eq(ledgerAccounts.currency, currency)));
    },

    /** One window of the wallet account's entries with their transactions, newest first unless sorted otherwise. */
    async history(walletAccountId: string, filters: HistoryFilters, window: { start: number; end: number }) {
      const where = historyWhere(walletAccountId, filters);
      const rows = await db
        .select({
          transactionId: ledgerTransactions.transactionId,
          createdAt: ledgerEntries.createdAt,
          kind: ledgerTransactions.kind,
          description: ledgerTransactions.description,
          reference: ledgerTransactions.reference,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          holdStatus: ledgerHolds.status,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.transactionId, ledgerEntries.transactionId))
        .leftJoin(ledgerHolds, eq(ledgerHolds.holdId, ledgerTransactions.transactionId))
        .where(where)
        .orderBy(
          ...orderOf(
            { created_at: ledgerEntries.entryId, amount: ledgerEntries.amount },
            filters.sort ?? 'created_at',
            filters.order ?? 'desc',
            ledgerEntries.entryId,
          ),
        )
        .limit(window.end - window.start)
        .offset(window.start);
      const [total] = await db
        .select({ n: count() })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.transactionId, ledgerEntries.transactionId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async insertTopup(values: typeof walletTopups.$inferInsert): Promise<TopupRow> {
      const [row] = await db.insert(walletTopups).values(values).returning();
      if (!row) throw new Error('top-up insert returned nothing');
      return row;
    },

    /** Records the provider's checkout of a pending top-up. */
    async setTopupCheckout(
      topupId: string,
      checkoutUrl: string,
      providerReference: string | null,
    ): Promise<TopupRow | undefined> {
      const [row] = await db
        .update(walletTopups)
        .set({ checkoutUrl, providerReference })
        .where(eq(walletTopups.topupId, topupId))
        .returning();
      return row;
    },

    async topup(topupId: string): Promise<TopupRow | undefined> {
      const [row] = await db.select().from(walletTopups).where(eq(walletTopups.topupId, topupId));
      return row;
    },

    async topupOfPartner(partnerId: string, topupId: string): Promise<TopupRow | undefined> {
      const [row] = await db
        .select()
        .from(walletTopups)
        .where(and(eq(walletTopups.topupId, topupId), eq(walletTopups.partnerId, partnerId)));
      return row;
    },

    /** Moves a top-up out of `from` states; returns the row when this call made the change. */
    async completeTopup(
      topupId: string,
      from: readonly string[],
      set: { status: string; transactionId?: string; providerReference?: string | null },
    ): Promise<TopupRow | undefined> {
      const [row] = await db
        .update(walletTopups)
        .set({ ...set, completedAt: new Date() })
        .where(
          and(
            eq(walletTopups.topupId, topupId),
            sql`${walletTopups.status} IN (${sql.join(
              from.map((s) => sql`${s}`),
              sql`, `,
            )})`,
          ),
        )
        .returning();
      return row;
    },

    async insertAlert(
      tx: Db,
      alert: { partnerId: string; balance: bigint; threshold: bigint; transactionId: string },
    ): Promise<string> {
      const [row] = await tx.insert(walletAlerts).values(alert).returning({ alertId: walletAlerts.alertId });
      if (!row) throw new Error('alert insert returned nothing');
      return row.alertId;
    },

    async alertCount(partnerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(walletAlerts)
        .where(eq(walletAlerts.partnerId, partnerId));
      return row?.n ?? 0;
    },

    /** Where a partner's low-balance email goes: its main account (DEVELOPER or no role), else any active user. */
    /** The partner's active users and their roles (the service picks the alert's recipients). */
    async activeUsers(partnerId: string): Promise<{ email: string; role: string | null }[]> {
      return db
        .select({ email: users.email, role: users.role })
        .from(users)
        .where(and(eq(users.partnerId, partnerId), eq(users.status, 'active')));
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
