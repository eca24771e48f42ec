import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/index.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { AppQueues } from '../../platform/jobs/queues.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedger } from './ledger.ts';
import { paymentRoutes } from './payments.routes.ts';
import { createSandboxProvider, sandboxWebhookSecret } from './payments.ts';
import { createRatePlansRepository } from './rate-plans.repository.ts';
import { createStripeProvider } from './stripe.ts';
import { jobLowBalanceNotifier, lowBalanceAlertJob } from './wallet.jobs.ts';
import { createWalletRepository } from './wallet.repository.ts';
import { walletRoutes } from './wallet.routes.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';

export interface WalletModuleDeps {
  config: Config;
  database: Database;
  /** Queues the low-balance email (platform/mail). */
  mailer: Mailer;
  /** The job queue (created after the registry that holds this module's job). */
  jobs: () => JobQueue<AppQueues>;
  /** Sends a signed webhook call to our own endpoint (the sandbox provider's callback). */
  deliver: (path: string, headers: Record<string, string>, body: string) => Promise<number>;
  log?: { error(obj: object, msg: string): void };
}

export interface WalletModule {
  service: WalletService;
  lowBalanceJob: ReturnType<typeof lowBalanceAlertJob>;
  /** Under the secure prefix. */
  secureRoutes: FastifyPluginAsyncZod;
  /** At the root: the payment webhook and the sandbox checkout. */
  paymentRoutes: FastifyPluginAsync;
}

/** Wallet, ledger, top-ups, rate plans and pricing (issue 5), wired from the composition root. */
export async function createWalletModule(deps: WalletModuleDeps): Promise<WalletModule> {
  const { config, database } = deps;
  const wallets = createWalletRepository(database.db);
  const ledger = createLedger({
    db: database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
  const secret =
    config.PAYMENT_PROVIDER === 'sandbox'
      ? await sandboxWebhookSecret(database, config.PAYMENT_WEBHOOK_SECRET)
      : null;
  const provider = secret
    ? createSandboxProvider(secret)
    : createStripeProvider({
        apiUrl: config.STRIPE_API_URL,
        secretKey: config.STRIPE_SECRET_KEY ?? '',
        webhookSecret: config.PAYMENT_WEBHOOK_SECRET ?? '',
        brandName: config.BRAND_NAME,
        returnUrl: (topupId, outcome) =>
          `${config.PUBLIC_URL}/u/my-wallet?topup=${topupId}&checkout=${outcome}`,
      });
  const service = createWalletService({
    ledger,
    wallets,
    plans: createRatePlansRepository(database.db),
    provider,
    notifier: { notify: (...args) => jobLowBalanceNotifier(deps.jobs()).notify(...args) },
    ...(deps.log ? { log: deps.log } : {}),
  });
  return {
    service,
    lowBalanceJob: lowBalanceAlertJob({
      wallets,
      mailer: deps.mailer,
      walletUrl: `${config.PUBLIC_URL}/u/my-wallet`,
    }),
    secureRoutes: walletRoutes(service, { brandName: config.BRAND_NAME }),
    paymentRoutes: paymentRoutes({
      wallet: service,
      provider,
      brandName: config.BRAND_NAME,
      sandboxSecret: secret,
      deliver: deps.deliver,
    }),
  };
}
