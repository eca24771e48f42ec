import { WALLET_CURRENCY } from '@portico/domain';
import type { SqlExecutor } from '../../platform/db/index.ts';

/**
 * The wallet's reserved money for metered sends (decision 0023), the wallet's own writes of it: the
 * metering module reserves, re-reserves and releases through these (the wallet service's methods of
 * the same names), in the caller's unit of work; the ledger's chargeReserved lowers it when a batch
 * is charged. One statement each, on the hot path of sends.
 */
export function createMeteredReservations(sql: SqlExecutor) {
  const q = <R>(text: string, values: unknown[]) => sql.query<R>(text, values).then((r) => r.rows);
  return {
    /**
     * Locks these partners' wallets (the row every reservation of a partner updates) until the
     * caller's transaction ends, and answers their balance and reserved money (micro-units).
     */
    async lockForReservations(
      partnerIds: string[],
    ): Promise<Map<string, { balance: bigint; reserved: bigint }>> {
      const rows = await q<{ partner_id: string; balance: string; reserved: string }>(
        `SELECT partner_id, balance::text AS balance, reserved::text AS reserved FROM ledger_accounts
          WHERE partner_id = ANY($1::uuid[]) AND kind = 'wallet' AND currency = $2
          ORDER BY partner_id FOR UPDATE`,
        [partnerIds, WALLET_CURRENCY],
      );
      return new Map(
        rows.map((r) => [r.partner_id, { balance: BigInt(r.balance), reserved: BigInt(r.reserved) }]),
      );
    },

    /** Raises each partner's reserved money by its total, in one statement (the caller holds the locks and checked the cover). */
    async reserve(totals: ReadonlyMap<string, bigint>): Promise<void> {
      if (totals.size === 0) return;
      await q(
        `UPDATE ledger_accounts a SET reserved = a.reserved + s.total
           FROM unnest($1::uuid[], $2::bigint[]) AS s(partner_id, total)
          WHERE a.partner_id = s.partner_id AND a.kind = 'wallet' AND a.currency = $3`,
        [[...totals.keys()], [...totals.values()].map(String), WALLET_CURRENCY],
      );
    },

    /** Reserves `amount` of the partner's wallet if its spendable money covers it; false when not. */
    async reserveIfCovered(partnerId: string, amount: bigint): Promise<boolean> {
      const covered = await q(
        `UPDATE ledger_accounts SET reserved = reserved + $2::bigint
          WHERE partner_id = $1 AND kind = 'wallet' AND currency = $3 AND balance - reserved >= $2::bigint RETURNING 1`,
        [partnerId, amount.toString(), WALLET_CURRENCY],
      );
      return covered.length === 1;
    },

    /** Gives `amount` of the partner's reserved money back (a failed send); false when it has no wallet. */
    async unreserve(partnerId: string, amount: bigint): Promise<boolean> {
      const rows = await q(
        `UPDATE ledger_accounts SET reserved = reserved - $2::bigint
          WHERE partner_id = $1 AND kind = 'wallet' AND currency = $3 RETURNING 1`,
        [partnerId, amount.toString(), WALLET_CURRENCY],
      );
      return rows.length === 1;
    },
  };
}
export type MeteredReservations = ReturnType<typeof createMeteredReservations>;
