import { randomUUID } from 'node:crypto';
import {
  BOT_CARRIER_MACHINE,
  BOT_MACHINE,
  type BotCarrierState,
  type BotState,
  CHANNEL_TYPE,
} from '@portico/domain';
import { and, eq } from 'drizzle-orm';
import { createBotReviewRepository } from '../src/modules/bot-review/bot-review.repository.ts';
import { createBotReviewService } from '../src/modules/bot-review/bot-review.service.ts';
import { createReviewDashboardRepository } from '../src/modules/bot-review/review-dashboard.repository.ts';
import { botCarriers, bots } from '../src/modules/bots/bots.schema.ts';
import { launches } from '../src/modules/launches/launches.schema.ts';
import { createLedgerRepository } from '../src/modules/wallet/ledger.repository.ts';
import { createLedger, type Ledger } from '../src/modules/wallet/ledger.ts';
import { createSandboxProvider } from '../src/modules/wallet/payments.ts';
import { createRatePlansRepository } from '../src/modules/wallet/rate-plans.repository.ts';
import { createMeteredReservations } from '../src/modules/wallet/reservations.ts';
import { createWalletRepository } from '../src/modules/wallet/wallet.repository.ts';
import { createWalletService } from '../src/modules/wallet/wallet.service.ts';
import { type Connectors, createConnectors, resolveNetworks } from '../src/networks/index.ts';
import { createAuditRepository } from '../src/platform/audit/audit.repository.ts';
import { createAuditService } from '../src/platform/audit/audit.service.ts';
import { createMailer } from '../src/platform/mail/index.ts';
import { createReviewRepository } from '../src/platform/review/review.repository.ts';
import { createReviewService } from '../src/platform/review/review.service.ts';
import { createBotMovesForTest } from './bots.ts';
import type { TestApp } from './helpers.ts';

/** Test data of the review of launches: a developer's bot with a launch, its carriers and its hold. */
export function launchFixtures(t: TestApp) {
  const ledger: Ledger = createLedger({
    db: t.database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => createWalletRepository(t.database.db).insertAlert(tx, alert),
  });

  async function developer(funds = 500_000_000n) {
    const partner = await t.factories.partner({
      kind: 'developer',
      hasEwallet: true,
      company: { name: 'Chai Co' },
    });
    const user = await t.factories.user(partner.partnerId, { role: 'DEVELOPER' });
    await ledger.credit({
      partnerId: partner.partnerId,
      idempotencyKey: `fixture-topup-${randomUUID()}`,
      amount: funds,
      description: 'Test top-up',
    });
    return { partnerId: partner.partnerId, user };
  }

  /** A bot in `state` with these carriers' states, its launch row and (unless `hold: false`) a held verification hold. */
  async function launch(input: {
    partnerId: string;
    state: BotState;
    carriers: Partial<Record<number, BotCarrierState>>;
    hold?: bigint | false;
    name?: string;
    bot?: Partial<typeof bots.$inferInsert>;
  }) {
    const [bot] = await t.database.db
      .insert(bots)
      .values({
        partnerId: input.partnerId,
        channels: [CHANNEL_TYPE.rcs],
        status: BOT_MACHINE.states[input.state].code,
        name: input.name ?? `Launch ${randomUUID().slice(0, 6)}`,
        apiType: 'GSMA',
        maapBotId: `bot_${randomUUID().slice(0, 8)}`,
        ...input.bot,
      })
      .returning();
    if (!bot) throw new Error('bot insert returned nothing');
    const entries = Object.entries(input.carriers) as [string, BotCarrierState][];
    if (entries.length > 0) {
      await t.database.db.insert(botCarriers).values(
        entries.map(([carrierId, state]) => ({
          botId: bot.botId,
          carrierId: Number(carrierId),
          status: BOT_CARRIER_MACHINE.states[state].code,
        })),
      );
    }
    let holdId: string | null = null;
    if (input.hold !== false) {
      const held = await ledger.hold({
        partnerId: input.partnerId,
        idempotencyKey: `fixture-hold-${bot.botId}`,
        amount: input.hold ?? 50_000_000n,
        description: 'Bot verification hold',
        reference: `bot:${bot.botId}`,
      });
      holdId = held.transaction.transactionId;
    }
    await t.database.db.insert(launches).values({
      botId: bot.botId,
      partnerId: input.partnerId,
      stepReached: 'payment',
      holdId,
      preflight: [],
      submittedAt: new Date(Date.now() - 3_600_000),
      submissions: 1,
    });
    return { botId: bot.botId, holdId };
  }

  async function carrierStatus(botId: string, carrierId: number) {
    const [row] = await t.database.db
      .select({ status: botCarriers.status, reason: botCarriers.reason })
      .from(botCarriers)
      .where(and(eq(botCarriers.botId, botId), eq(botCarriers.carrierId, carrierId)));
    return row;
  }

  async function botStatus(botId: string) {
    const [row] = await t.database.db.select({ status: bots.status }).from(bots).where(eq(bots.botId, botId));
    return row?.status;
  }

  async function holdStatus(partnerId: string, holdId: string) {
    return (await ledger.findHold(partnerId, holdId))?.status;
  }

  /** The ledger transactions that settled a hold (capture or release). */
  async function settlements(holdId: string) {
    const { rows } = await t.database.sql.query<{ kind: string; n: number }>(
      'SELECT kind, count(*)::int AS n FROM ledger_transactions WHERE hold_id = $1 GROUP BY kind',
      [holdId],
    );
    return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
  }

  async function jobs(name: string, botId: string) {
    const { rows } = await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data::text LIKE $2`,
      [name, `%${botId}%`],
    );
    return rows[0]?.n ?? 0;
  }

  return { ledger, developer, launch, carrierStatus, botStatus, holdStatus, settlements, jobs };
}

/**
 * The real review-of-launches service over the test app's database, built as the module builds it,
 * with the real wallet service; the launch jobs are recorded (tests run them by hand) and the
 * connectors are the ones given (the mounted sandbox's, or a recording double).
 */
export function createBotReviewForTest(
  t: TestApp,
  options: { connectors?: Connectors; launchPoll?: { seconds: number; max: number } } = {},
) {
  const { database } = t;
  const wallets = createWalletRepository(database.db);
  const ledger = createLedger({
    db: database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
  const wallet = createWalletService({
    database,
    ledger,
    wallets,
    plans: createRatePlansRepository(database.db),
    provider: createSandboxProvider('test-secret'),
    notifier: { notify: async () => {} },
    reservations: createMeteredReservations(database.sql),
  });
  const mail = createMailer(t.server.jobs);
  const review = createReviewService({ database, repository: createReviewRepository(database.db), mail });
  const enqueued: { botId: string; carrierId: number; poll: number }[] = [];
  const connectors =
    options.connectors ?? createConnectors(resolveNetworks(t.config.networks, database), t.app.log, 5);
  const service = createBotReviewService({
    database,
    repository: createBotReviewRepository(database.db),
    dashboards: createReviewDashboardRepository(database.db),
    review,
    audit: createAuditService(createAuditRepository(database.db), t.app.log),
    wallet,
    bots: createBotMovesForTest(database),
    mail,
    launchJobs: {
      async enqueue(job) {
        enqueued.push(job);
      },
    },
    connectors,
    log: t.app.log,
    publicUrl: t.config.PUBLIC_URL,
    ...(options.launchPoll ? { launchPoll: options.launchPoll } : {}),
  });
  return { service, enqueued, connectors };
}
