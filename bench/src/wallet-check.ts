import type { Database } from '@portico/api/platform/db/index';

/** A bench wallet after its run, read straight from the tables (never through the code measured). */
export interface WalletCheck {
  balance: bigint;
  reserved: bigint;
  /** Every debit of the wallet (micros). */
  debits: bigint;
  /** The amounts of the partner's charged messages (micros). */
  charges: bigint;
  /** Messages charged. */
  charged: number;
  /** Messages neither charged nor released (reserved or sent, not yet settled). */
  unsettled: number;
  /** Messages released (a send the network refused: nothing charged). */
  released: number;
  /**
   * Exact: nothing reserved or unsettled, the charges equal the debits to the micro-unit, and the
   * debits are all that left the funds the wallet was given.
   */
  exact: boolean;
}

/** The wallet of a partner funded once with `funds` and then only charged for metered messages. */
export async function checkWallet(
  database: Database,
  partnerId: string,
  funds: bigint,
): Promise<WalletCheck> {
  const { rows } = await database.sql.query<{
    balance: string;
    reserved: string;
    debits: string;
    charges: string;
    charged: number;
    unsettled: number;
    released: number;
  }>(
    `SELECT a.balance::text AS balance, a.reserved::text AS reserved,
            (SELECT coalesce(sum(-e.amount), 0)::text FROM ledger_entries e JOIN ledger_transactions x USING (transaction_id)
              WHERE e.account_id = a.account_id AND x.kind = 'debit') AS debits,
            (SELECT coalesce(sum(amount), 0)::text FROM metered_messages WHERE partner_id = a.partner_id AND status = 'charged') AS charges,
            (SELECT count(*)::int FROM metered_messages WHERE partner_id = a.partner_id AND status = 'charged') AS charged,
            (SELECT count(*)::int FROM metered_messages WHERE partner_id = a.partner_id AND status NOT IN ('charged', 'released')) AS unsettled,
            (SELECT count(*)::int FROM metered_messages WHERE partner_id = a.partner_id AND status = 'released') AS released
       FROM ledger_accounts a WHERE a.partner_id = $1 AND a.kind = 'wallet'`,
    [partnerId],
  );
  const w = rows[0];
  if (!w) throw new Error('the bench wallet is missing');
  const figures = {
    balance: BigInt(w.balance),
    reserved: BigInt(w.reserved),
    debits: BigInt(w.debits),
    charges: BigInt(w.charges),
    charged: w.charged,
    unsettled: w.unsettled,
    released: w.released,
  };
  const exact =
    figures.reserved === 0n &&
    figures.unsettled === 0 &&
    figures.debits === figures.charges &&
    funds - figures.balance === figures.debits;
  return { ...figures, exact };
}
