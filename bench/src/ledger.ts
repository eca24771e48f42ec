/**
 * Ledger benchmark (issue 5): debits per second through the real ledger (lock the wallet row,
 * idempotency check, balanced entries, balances) with 8 concurrent callers, on one wallet and spread
 * over 100 wallets, each as a ratio to the same number of bare single-row inserts run the same way
 * on the same database. PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLedger } from '@portico/api/modules/wallet/ledger';
import { createLedgerRepository } from '@portico/api/modules/wallet/ledger.repository';
import { createWalletRepository } from '@portico/api/modules/wallet/wallet.repository';
import { type Database, openDatabase, poolOf } from '@portico/api/platform/db/index';
import { databaseUrl, withAdmin } from '../../apps/api/test/database.ts';
import { type BenchResult, result, round } from './results.ts';
import { log } from './stack.ts';

const CALLERS = 8;
const DEBITS = Number(process.env.BENCH_LEDGER_DEBITS) || 1000;
const WALLETS = 100;
const LEDGER_DB = 'portico_bench_ledger';
const RATIO_TARGET = 'n/a';

interface Opened {
  kind: 'pglite' | 'postgres';
  database: Database;
  dispose(): Promise<void>;
}

async function openPglite(): Promise<Opened> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-bench-ledger-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  return {
    kind: 'pglite',
    database,
    async dispose() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(serverUrl: string): Promise<Opened> {
  await withAdmin(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${LEDGER_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${LEDGER_DB}`);
  });
  const database = await openDatabase({ url: databaseUrl(serverUrl, LEDGER_DB), poolSize: CALLERS + 2 });
  return {
    kind: 'postgres',
    database,
    async dispose() {
      poolOf(database)?.on('error', () => {});
      await database.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${LEDGER_DB} WITH (FORCE)`));
    },
  };
}

/** Runs `total` calls of `call(i)` from CALLERS concurrent callers; answers calls per second. */
async function perSecond(total: number, call: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      for (let i = next++; i < total; i = next++) await call(i);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return total / seconds;
}

async function measure(opened: Opened): Promise<BenchResult[]> {
  const { database, kind } = opened;
  const wallets = createWalletRepository(database.db);
  const ledger = createLedger({
    db: database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
  const { rows } = await database.sql.query<{ partner_id: string }>(
    `INSERT INTO partners (kind, has_ewallet) SELECT 'developer', true FROM generate_series(1, ${WALLETS}) RETURNING partner_id`,
  );
  const partners = rows.map((r) => r.partner_id);
  for (const partnerId of partners) {
    await ledger.credit({
      partnerId,
      idempotencyKey: 'bench-seed',
      amount: 10n ** 12n,
      description: 'bench seed',
    });
  }
  await database.sql.exec(
    'CREATE TABLE bench_bare_inserts (id bigint PRIMARY KEY, partner_id uuid NOT NULL, amount bigint NOT NULL)',
  );

  const bare = async (offset: number) =>
    perSecond(DEBITS, (i) =>
      database.sql.query('INSERT INTO bench_bare_inserts (id, partner_id, amount) VALUES ($1, $2, $3)', [
        offset + i,
        partners[i % WALLETS],
        1000,
      ]),
    );
  const debits = (label: string, walletOf: (i: number) => string) =>
    perSecond(DEBITS, (i) =>
      ledger.debit({
        partnerId: walletOf(i),
        idempotencyKey: `${label}-${i}`,
        amount: 1000n,
        description: 'bench debit',
      }),
    );

  const first = partners[0] ?? '';
  log(`ledger (${kind}): ${DEBITS} debits x ${CALLERS} callers on one wallet, then on ${WALLETS} wallets`);
  // Bare inserts measured next to each scenario, so both see the same state of the machine.
  const bareOne = await bare(0);
  const oneWallet = await debits('one', () => first);
  const bareMany = await bare(DEBITS);
  const manyWallets = await debits('many', (i) => partners[i % WALLETS] ?? first);

  // The invariant still holds after the run.
  const { rows: check } = await database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM (SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0) u',
  );
  if ((check[0]?.n ?? 0) !== 0) throw new Error('ledger bench left unbalanced transactions');

  const r = (v: number) => round(v, 0);
  return [
    result(
      `ledger.${kind}.one-wallet.debits-per-s`,
      `debits/s, ${CALLERS} callers, 1 wallet`,
      r(oneWallet),
      RATIO_TARGET,
      {
        name: `bare.${kind}.inserts-per-s`,
        value: r(bareOne),
      },
    ),
    result(
      `ledger.${kind}.${WALLETS}-wallets.debits-per-s`,
      `debits/s, ${CALLERS} callers, ${WALLETS} wallets`,
      r(manyWallets),
      RATIO_TARGET,
      { name: `bare.${kind}.inserts-per-s`, value: r(bareMany) },
    ),
  ];
}

export async function benchLedger(env: NodeJS.ProcessEnv = process.env): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const serverUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  for (const open of [openPglite, ...(serverUrl ? [() => openPostgres(serverUrl)] : [])]) {
    const opened = await open();
    try {
      results.push(...(await measure(opened)));
    } finally {
      await opened.dispose();
    }
  }
  return results;
}
