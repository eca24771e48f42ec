import { createLedgerRepository } from '../src/modules/wallet/ledger.repository.ts';
import { createLedger, type Ledger } from '../src/modules/wallet/ledger.ts';
import { createSandboxProvider, sandboxWebhookSecret } from '../src/modules/wallet/payments.ts';
import { createRatePlansRepository } from '../src/modules/wallet/rate-plans.repository.ts';
import { createMeteredReservations } from '../src/modules/wallet/reservations.ts';
import { createWalletRepository } from '../src/modules/wallet/wallet.repository.ts';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet.service.ts';
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

/** The real wallet service over a test database (sandbox payments, no alert mails), for a module's service tests. */
export async function createWalletForTest(database: Database): Promise<WalletService> {
  return createWalletService({
    database,
    ledger: createLedgerForTest(database),
    wallets: createWalletRepository(database.db),
    plans: createRatePlansRepository(database.db),
    provider: createSandboxProvider(await sandboxWebhookSecret(database, undefined)),
    notifier: { notify: async () => undefined },
    reservations: createMeteredReservations(database.sql),
  });
}
