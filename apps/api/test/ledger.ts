import { createLedgerRepository } from '../src/modules/wallet/ledger.repository.ts';
import { createLedger, type Ledger } from '../src/modules/wallet/ledger.ts';
import { createWalletRepository } from '../src/modules/wallet/wallet.repository.ts';
import type { Database } from '../src/platform/db/index.ts';

/** The real ledger over a test database (the wallet module builds the same one): top up a test wallet with it. */
export function createLedgerForTest(database: Database): Ledger {
  const wallets = createWalletRepository(database.db);
  return createLedger({
    db: database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
}
