/**
 * Metered sends (issue 16, decision 0023), part of `npm run bench` or alone (`BENCH_ONLY=metering`,
 * or `npx tsx bench/src/metering.ts`): a send through the metering service (price by the
 * recipient's carrier, reserve on the wallet, the RBM connector to the sandbox, settle) against the
 * connector sending straight to the same sandbox, in the same run, in alternating slices. The
 * settlement job runs every second meanwhile, as the metering.settle job would, and the wallet must
 * be exact after the run (charges == debits, nothing reserved, one charge per sent message).
 * A third side runs the same metered sends with billing analytics' rollups kept in the settlement's
 * and the releases' units of work (decision 0047), as the server runs them, in the same alternating
 * slices: the rollups' cost on the send path is the ratio of the two (issue 29: >= 0.95).
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANNEL_TYPE, WALLET_CURRENCY } from '@portico/domain';
import Fastify from 'fastify';
import { createAnalyticsRollups } from '../../apps/api/src/modules/analytics/analytics.rollups.ts';
import { createMeteringRepository } from '../../apps/api/src/modules/metering/metering.repository.ts';
import { seedCarrierPrefixes } from '../../apps/api/src/modules/metering/metering.seed.ts';
import { createMeteringService } from '../../apps/api/src/modules/metering/metering.service.ts';
import { createLedgerRepository } from '../../apps/api/src/modules/wallet/ledger.repository.ts';
import { createLedger } from '../../apps/api/src/modules/wallet/ledger.ts';
import { createMeteredReservations } from '../../apps/api/src/modules/wallet/reservations.ts';
import { createWalletRepository } from '../../apps/api/src/modules/wallet/wallet.repository.ts';
import { seedRatePlans } from '../../apps/api/src/modules/wallet/wallet.seed.ts';
import { createNetworkMetrics } from '../../apps/api/src/networks/metrics.ts';
import { createRbmConnector } from '../../apps/api/src/networks/rbm.ts';
import { type Database, openDatabase, poolOf } from '../../apps/api/src/platform/db/index.ts';
import { seedReferenceData } from '../../apps/api/src/platform/db/seed/index.ts';
import { databaseUrl, withAdmin } from '../../apps/api/test/database.ts';
import { PORT, startSandbox } from './networks.ts';
import { recipient } from './recipients.ts';
import { addResults, type BenchResult, markdownTable, result, round } from './results.ts';
import { checkWallet } from './wallet-check.ts';

const SECONDS = Number(process.env.BENCH_METERING_SECONDS ?? 8);
const SLICES = 2;
const IN_FLIGHT = Number(process.env.BENCH_METERING_IN_FLIGHT ?? 32);
const DB_NAME = 'portico_bench_metering';
const FUNDS = 10n ** 12n;
const log = (line: string) => process.stderr.write(`[bench:metering] ${line}\n`);

async function open(
  serverUrl: string | undefined,
): Promise<{ database: Database; kind: string; dispose(): Promise<void> }> {
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-bench-metering-'));
    const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    return {
      database,
      kind: 'pglite',
      async dispose() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  await withAdmin(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  });
  const database = await openDatabase({ url: databaseUrl(serverUrl, DB_NAME), poolSize: IN_FLIGHT + 4 });
  return {
    database,
    kind: 'postgres',
    async dispose() {
      poolOf(database)?.on('error', () => {});
      await database.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Side {
  sent: number;
  failures: number;
  seconds: number;
  latencies: number[];
}

export async function benchMetering(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  const opened = await open(env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL);
  const sandbox = await startSandbox();
  const { database, kind } = opened;
  try {
    await seedReferenceData(database);
    await seedRatePlans(database);
    await seedCarrierPrefixes(database);
    const wallets = createWalletRepository(database.db);
    const ledger = createLedger({
      db: database.db,
      repository: createLedgerRepository(),
      recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
    });
    const meteringWith = (rollups: boolean) =>
      createMeteringService({
        database,
        repository: createMeteringRepository(database.sql, WALLET_CURRENCY),
        wallet: {
          ...createMeteredReservations(database.sql),
          chargeReserved: (request) => ledger.chargeReserved(request),
        },
        abandonAfterMs: 600_000,
        ...(rollups ? { rollups: createAnalyticsRollups(database.sql) } : {}),
      });
    // Without the rollups (the metering pipeline alone) and with them, as the server runs it.
    const plain = meteringWith(false);
    const rolled = meteringWith(true);
    /** The service whose sends run now: the settlement job settles through it too. */
    let metering = plain;
    const { rows } = await database.sql.query<{ partner_id: string }>(
      `INSERT INTO partners (kind, has_ewallet) VALUES ('developer', true) RETURNING partner_id`,
    );
    const partnerId = rows[0]?.partner_id ?? '';
    const { rows: botRows } = await database.sql.query<{ bot_id: string }>(
      `INSERT INTO bots (partner_id, channels, name, billing_category) VALUES ($1, ARRAY[1], 'Bench bot', 'BASIC_MESSAGE') RETURNING bot_id`,
      [partnerId],
    );
    const botId = botRows[0]?.bot_id ?? '';
    await ledger.credit({
      partnerId,
      idempotencyKey: 'bench-funds',
      amount: FUNDS,
      description: 'bench funds',
    });

    const connector = createRbmConnector({
      baseUrl: `http://127.0.0.1:${PORT}/sandbox/rbm`,
      managementUrl: `http://127.0.0.1:${PORT}/sandbox/businesscommunications`,
      credentials: { kind: 'static', token: 'bench' },
      timeoutMs: 10_000,
      maxAttempts: 3,
      metrics: createNetworkMetrics(Fastify({ logger: false }).log),
    });
    let n = 0;
    const sendStraight = async () => {
      n += 1;
      await connector.send({
        messageId: `direct-${n}`,
        sender: 'bench',
        recipient: recipient(n),
        content: { kind: 'text', text: 'Your order has shipped.', suggestions: [] },
      });
    };
    const sendThrough = async (service: typeof plain) => {
      n += 1;
      const messageId = `metered-${n}`;
      const msisdn = recipient(n);
      const price = await service.price({ partnerId, botId, channel: CHANNEL_TYPE.rcs, msisdn });
      const reserved = await service.reserve({
        partnerId,
        botId,
        messageId,
        channel: CHANNEL_TYPE.rcs,
        ...price,
      });
      if (!reserved.ok) throw new Error('refused: the bench wallet is funded for every send');
      try {
        await connector.send({
          messageId,
          sender: 'bench',
          recipient: msisdn,
          content: { kind: 'text', text: 'Your order has shipped.', suggestions: [] },
        });
      } catch (error) {
        await service.settle({ botId, messageId }, 'failed');
        throw error;
      }
      await service.settle({ botId, messageId }, 'sent');
    };
    const sendMetered = async () => {
      metering = plain;
      await sendThrough(plain);
    };
    const sendRolled = async () => {
      metering = rolled;
      await sendThrough(rolled);
    };
    const firstError: string[] = [];
    const run = async (send: () => Promise<void>, ms: number): Promise<Side> => {
      const side: Side = { sent: 0, failures: 0, seconds: 0, latencies: [] };
      const started = performance.now();
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (Date.now() < until) {
            const t0 = performance.now();
            try {
              await send();
              side.sent += 1;
              side.latencies.push(performance.now() - t0);
            } catch (error) {
              side.failures += 1;
              if (side.failures === 1)
                firstError.push(String(error instanceof Error ? error.message : error));
            }
          }
        }),
      );
      side.seconds = (performance.now() - started) / 1000;
      return side;
    };
    const merge = (a: Side, b: Side): Side => ({
      sent: a.sent + b.sent,
      failures: a.failures + b.failures,
      seconds: a.seconds + b.seconds,
      latencies: [...a.latencies, ...b.latencies],
    });

    // The settlement job, every second, while sends run (it competes with them as in production).
    let settling = true;
    let batches = 0;
    const settler = (async () => {
      while (settling) {
        batches += (await metering.settleBatches()).batches;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();

    log(`${kind}: ${IN_FLIGHT} sends in flight, ${SECONDS} s per side in ${SLICES} alternating slices`);
    await run(sendStraight, 1000);
    await run(sendMetered, 1000);
    await run(sendRolled, 1000);
    const slice = (SECONDS * 1000) / SLICES;
    let direct: Side = { sent: 0, failures: 0, seconds: 0, latencies: [] };
    let metered: Side = { sent: 0, failures: 0, seconds: 0, latencies: [] };
    let withRollups: Side = { sent: 0, failures: 0, seconds: 0, latencies: [] };
    for (let i = 0; i < SLICES; i += 1) {
      if (i % 2 === 0) {
        direct = merge(direct, await run(sendStraight, slice));
        metered = merge(metered, await run(sendMetered, slice));
        withRollups = merge(withRollups, await run(sendRolled, slice));
      } else {
        withRollups = merge(withRollups, await run(sendRolled, slice));
        metered = merge(metered, await run(sendMetered, slice));
        direct = merge(direct, await run(sendStraight, slice));
      }
    }
    settling = false;
    await settler;
    batches += (await metering.settleBatches()).batches;
    // Every message the rollups' side charged is counted in them, once.
    const { rows: counted } = await database.sql.query<{ sent: string }>(
      `SELECT coalesce(sum(count), 0)::text AS sent FROM analytics_rollups WHERE bot_id = $1 AND status = 'sent'`,
      [botId],
    );

    // The wallet is exact: every sent message charged once, charges == debits, nothing reserved.
    const w = await checkWallet(database, partnerId, FUNDS);
    log(
      `wallet after the run: ${w.charged} messages charged in ${batches} batches, debits ${w.debits} == charges ${w.charges}, reserved ${w.reserved}: ${w.exact ? 'exact' : 'NOT EXACT'}`,
    );
    if (!w.exact) throw new Error('the wallet is not exact after the metered sends');

    const sortedM = [...metered.latencies].sort((a, b) => a - b);
    const sortedD = [...direct.latencies].sort((a, b) => a - b);
    const rps = (s: Side) => round(s.sent / s.seconds, 0);
    const results = [
      result(
        `metering.${kind}.sends-per-s`,
        `metered sends/s (price, reserve, connector, settle; ${IN_FLIGHT} in flight)`,
        rps(metered),
        // An absolute target: a baseline here would make the report judge the ratio against it.
        '>= 1000',
      ),
      result(
        `connector.${kind}.direct-sends-per-s`,
        'the connector straight to the sandbox in the same run, sends/s',
        rps(direct),
        'n/a',
      ),
      result(
        `metering.${kind}.rollups-sends-per-s`,
        'metered sends/s with billing analytics rollups kept in the settlement (decision 0047)',
        rps(withRollups),
        'n/a',
      ),
      result(
        `metering.${kind}.rollups-ratio`,
        'sends/s with rollups / without, same run (issue 29)',
        round(withRollups.sent / withRollups.seconds / (metered.sent / metered.seconds), 3),
        '>= 0.95',
      ),
      result(
        `metering.${kind}.p50-ms`,
        'metered send latency p50 (ms)',
        round(percentile(sortedM, 50), 2),
        'n/a',
      ),
      result(
        `metering.${kind}.p99-ms`,
        'metered send latency p99 (ms)',
        round(percentile(sortedM, 99), 2),
        '< 50',
      ),
      result(
        `connector.${kind}.direct-p50-ms`,
        'connector straight to the sandbox, p50 (ms)',
        round(percentile(sortedD, 50), 2),
        'n/a',
      ),
      result(
        `connector.${kind}.direct-p99-ms`,
        'connector straight to the sandbox, p99 (ms)',
        round(percentile(sortedD, 99), 2),
        'n/a',
      ),
    ];
    const details = [
      '### Metered sends',
      `${kind}; sandbox in its own process, the service and the connector in the bench process; ${IN_FLIGHT} sends in flight; ${SECONDS} s per side after 1 s warm-up, alternating slices; settlement every second during the run.`,
      `Metered: ${metered.sent} sent, ${metered.failures} failed; direct: ${direct.sent} sent, ${direct.failures} failed.${firstError.length > 0 ? ` First failures: ${[...new Set(firstError)].slice(0, 3).join(' | ')}` : ''}`,
      `Wallet after the run: ${w.charged} messages charged in ${batches} settlement batches; debits ${w.debits} micros == charges ${w.charges}; reserved ${w.reserved}.`,
      `With rollups: ${withRollups.sent} sent, ${withRollups.failures} failed; the rollups count ${counted[0]?.sent ?? 0} sent messages (those the settlement job settled while the rollups' side ran).`,
      "The partner API's endpoints (token, validation, rate) are not in this path: partner-sends.ts measures them.",
    ].join('\n');
    return { results, details };
  } finally {
    sandbox.kill('SIGTERM');
    await opened.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchMetering().then(
    ({ results, details }) => {
      addResults(results);
      process.stdout.write(`${markdownTable(results)}\n\n${details}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
