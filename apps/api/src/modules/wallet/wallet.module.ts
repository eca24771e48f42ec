import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { defineModule } from '../../platform/module.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedger } from './ledger.ts';
import { paymentRoutes } from './payments.routes.ts';
import { createSandboxProvider, sandboxWebhookSecret } from './payments.ts';
import { createRatePlansRepository } from './rate-plans.repository.ts';
import { createMeteredReservations } from './reservations.ts';
import { createStripeProvider } from './stripe.ts';
import { walletConfig } from './wallet.config.ts';
import { jobLowBalanceNotifier, lowBalanceAlertJob, WALLET_QUEUES } from './wallet.jobs.ts';
import { createWalletRepository } from './wallet.repository.ts';
import { walletRoutes } from './wallet.routes.ts';
import { seedDemoRateCards, seedDemoWallets, seedRatePlans } from './wallet.seed.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';
import { createRateCardsRepository } from './whatsapp-rate-cards.repository.ts';
import { createRateCardsService } from './whatsapp-rate-cards.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Charges and holds for the modules that bill (idempotent by key, refused when short). */
    wallet: WalletService;
  }
}

/** Wallet, ledger, top-ups, rate plans and pricing (decision 0009). */
export const walletModule = defineModule({
  name: 'wallet',
  config: walletConfig,
  queues: WALLET_QUEUES,
  async create({ config, settings, database, jobs, mail, inject }) {
    const wallets = createWalletRepository(database.db);
    const ledger = createLedger({
      db: database.db,
      repository: createLedgerRepository(),
      recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
    });
    const sandboxSecret =
      settings.provider === 'sandbox' ? await sandboxWebhookSecret(database, settings.webhookSecret) : null;
    const provider = sandboxSecret
      ? createSandboxProvider(sandboxSecret)
      : await createStripeProvider({
          apiUrl: settings.stripeApiUrl,
          secretKey: settings.stripeSecretKey,
          webhookSecret: settings.webhookSecret ?? '',
          brandName: config.BRAND_NAME,
          returnUrl: (topupId, outcome) =>
            `${config.PUBLIC_URL}/u/my-wallet?topup=${topupId}&checkout=${outcome}`,
        });
    const service = createWalletService({
      database,
      ledger,
      wallets,
      plans: createRatePlansRepository(database.db),
      provider,
      notifier: jobLowBalanceNotifier(jobs),
      reservations: createMeteredReservations(database.sql),
    });
    const rateCards = createRateCardsService(createRateCardsRepository(database.db));
    return {
      service,
      secureRoutes: [walletRoutes(service, rateCards, { brandName: config.BRAND_NAME })],
      rootRoutes: [
        paymentRoutes({
          wallet: service,
          provider,
          brandName: config.BRAND_NAME,
          origin: new URL(config.PUBLIC_URL).origin,
          sandboxSecret,
          deliver: async (url, headers, payload) =>
            (await inject({ method: 'POST', url, headers, payload })).statusCode,
        }),
      ],
      jobs: {
        'wallet.low-balance-alert': lowBalanceAlertJob({
          wallet: service,
          mail,
          walletUrl: `${config.PUBLIC_URL}/u/my-wallet`,
        }),
      },
    };
  },
  seed: {
    reference: async ({ database }) => ({ ratePlans: await seedRatePlans(database) }),
    demo: async ({ database }) => {
      const partners = Object.values(DEMO_PARTNERS)
        .filter((p) => p.hasEwallet)
        .map((p) => p.partnerId);
      return {
        movements: await seedDemoWallets(database, partners),
        whatsappRateCards: await seedDemoRateCards(database),
      };
    },
  },
});
