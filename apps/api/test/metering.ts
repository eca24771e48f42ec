import { WALLET_CURRENCY } from '@portico/domain';
import { createMeteringRepository } from '../src/modules/metering/metering.repository.ts';
import { createMeteringService, type MeteringDeps } from '../src/modules/metering/metering.service.ts';
import { createLedgerRepository } from '../src/modules/wallet/ledger.repository.ts';
import { createLedger } from '../src/modules/wallet/ledger.ts';
import { createMeteredReservations } from '../src/modules/wallet/reservations.ts';
import { createWalletRepository } from '../src/modules/wallet/wallet.repository.ts';
import type { Database } from '../src/platform/db/index.ts';

/** The real ledger and metering service over a test database (the app builds the same ones). */
export function createMeteringForTest(
  database: Database,
  options: {
    abandonAfterMs?: number;
    now?: () => Date;
    /** Billing analytics' rollups, as the app hands them to metering. */
    rollups?: MeteringDeps['rollups'];
  } = {},
) {
  const wallets = createWalletRepository(database.db);
  const ledger = createLedger({
    db: database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
  const metering = createMeteringService({
    database,
    repository: createMeteringRepository(database.sql, WALLET_CURRENCY),
    wallet: {
      ...createMeteredReservations(database.sql),
      chargeReserved: (request) => ledger.chargeReserved(request),
    },
    abandonAfterMs: options.abandonAfterMs ?? 600_000,
    ...(options.now ? { now: options.now } : {}),
    ...(options.rollups ? { rollups: options.rollups } : {}),
  });
  return { ledger, metering };
}

/** A bot row of a partner (RCS, the billing category given), straight into the table. */
export async function insertBot(database: Database, partnerId: string, billingCategory = 'BASIC_MESSAGE') {
  const { rows } = await database.sql.query<{ bot_id: string }>(
    `INSERT INTO bots (partner_id, channels, name, billing_category) VALUES ($1, ARRAY[1], 'Metered bot', $2) RETURNING bot_id`,
    [partnerId, billingCategory],
  );
  const botId = rows[0]?.bot_id;
  if (!botId) throw new Error('bot insert returned nothing');
  return botId;
}

/** Wallet figures read straight from the tables (never through the code under test). */
export async function walletFigures(database: Database, partnerId: string) {
  const { rows } = await database.sql.query<{
    balance: string;
    reserved: string;
    debits: string | null;
    charges: string | null;
  }>(
    `SELECT a.balance::text AS balance, a.reserved::text AS reserved,
            (SELECT sum(-e.amount)::text FROM ledger_entries e JOIN ledger_transactions x USING (transaction_id)
              WHERE e.account_id = a.account_id AND x.kind = 'debit') AS debits,
            (SELECT sum(amount)::text FROM metered_messages WHERE partner_id = a.partner_id AND status = 'charged') AS charges
       FROM ledger_accounts a WHERE a.partner_id = $1 AND a.kind = 'wallet'`,
    [partnerId],
  );
  const row = rows[0];
  return {
    balance: BigInt(row?.balance ?? 0),
    reserved: BigInt(row?.reserved ?? 0),
    debits: BigInt(row?.debits ?? 0),
    charges: BigInt(row?.charges ?? 0),
  };
}
