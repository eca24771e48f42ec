import {
  BOT_MESSAGE_CATEGORIES,
  DEFAULT_PLAN_CODE,
  effectiveVersion,
  launchReference,
  PARTNER_CODE,
  topUpReference,
  WALLET_CURRENCY,
} from '@portico/domain';
import { eq } from 'drizzle-orm';
import { carriers, countries, lookupValues } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedger } from './ledger.ts';
import { createRatePlansRepository } from './rate-plans.repository.ts';
import { createWalletRepository } from './wallet.repository.ts';
import { createRateCardsRepository } from './whatsapp-rate-cards.repository.ts';

/** Launch date of the default plans (spec section 9: 01/01/2023). */
const DEFAULT_PLAN_START = new Date('2023-01-01T00:00:00Z');

/** Per-message prices in micros by message type; billing categories scale them. */
const BASE_PRICE: Record<(typeof BOT_MESSAGE_CATEGORIES)[number], bigint> = {
  Promotional: 4_000n,
  OTP: 2_500n,
  'Multi-Use': 3_500n,
  Transactional: 3_000n,
};
const CATEGORY_FACTOR: Record<string, bigint> = {
  CONVERSATIONAL: 5n,
  SINGLE_MESSAGE: 2n,
  BASIC_MESSAGE: 1n,
  CONVERSATIONAL_LEGACY: 4n,
};

/**
 * The default plan MPG01 (partner code DG) for every carrier that has no plan yet, in force since
 * the launch date. Idempotent: carriers with a plan are left alone, so admins' versions survive.
 */
export async function seedRatePlans(database: Database): Promise<number> {
  const plans = createRatePlansRepository(database.db);
  const missing = await plans.carriersWithoutPlan();
  if (missing.length === 0) return 0;
  const categories = await database.db
    .select({ code: lookupValues.code })
    .from(lookupValues)
    .where(eq(lookupValues.kind, 'billing-categories'));
  const rows = await database.db
    .select({ carrierId: carriers.carrierId, region: countries.region })
    .from(carriers)
    .innerJoin(countries, eq(countries.countryId, carriers.countryId));
  for (const carrierId of missing) {
    // Indian carriers are priced lower than the rest of the world.
    const india = rows.find((r) => r.carrierId === carrierId)?.region === 'India';
    const scale = india ? 1n : 3n;
    await plans.insertVersion(
      {
        carrierId,
        planCode: DEFAULT_PLAN_CODE,
        partnerCode: PARTNER_CODE,
        currency: WALLET_CURRENCY,
        effectiveFrom: DEFAULT_PLAN_START,
        verificationPrice: (india ? 25n : 50n) * 1_000_000n,
      },
      categories.flatMap((category) =>
        BOT_MESSAGE_CATEGORIES.map((messageType) => ({
          billingCategory: category.code,
          messageType,
          price: BASE_PRICE[messageType] * (CATEGORY_FACTOR[category.code] ?? 1n) * scale,
        })),
      ),
    );
  }
  return missing.length;
}

/**
 * For other modules' demo seeds (the demo's launch holds): the ledger over the database, and the
 * verification price of these carriers under the plans in force at `at`.
 */
export function demoLedger(database: Database) {
  const wallets = createWalletRepository(database.db);
  const ledger = createLedger({
    db: database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
  const plans = createRatePlansRepository(database.db);
  return {
    ledger,
    async verificationPrice(carrierIds: number[], at: Date): Promise<bigint> {
      const versions = await plans.versionsOf(carrierIds);
      return carrierIds.reduce((total, carrierId) => {
        const plan = effectiveVersion(
          versions.filter((v) => v.carrierId === carrierId),
          at,
        );
        return total + (plan?.verificationPrice ?? 0n);
      }, 0n);
    },
  };
}

/**
 * Demo wallet history of the demo developer partners, moved through the ledger (idempotent by key):
 * top-ups and a launch's verification. Its campaign rows come from the demo campaigns (the
 * campaigns module's live demo: holds, captures per batch, releases), not from here.
 */
export async function seedDemoWallets(database: Database, partnerIds: readonly string[]): Promise<number> {
  const wallets = createWalletRepository(database.db);
  const ledger = createLedger({
    db: database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
  let moved = 0;
  for (const partnerId of partnerIds) {
    const steps = [
      () =>
        ledger.credit({
          partnerId,
          idempotencyKey: 'demo:topup-1',
          amount: 250_000_000n,
          description: 'Wallet top-up (sandbox)',
          reference: topUpReference(250_000_000n),
        }),
      () =>
        ledger.hold({
          partnerId,
          idempotencyKey: 'demo:hold-1',
          amount: 25_000_000n,
          description: 'Bot verification hold (Reliance Jio)',
          reference: launchReference('Support bot'),
        }),
      () =>
        ledger.credit({
          partnerId,
          idempotencyKey: 'demo:topup-2',
          amount: 100_000_000n,
          description: 'Wallet top-up (sandbox)',
          reference: topUpReference(100_000_000n),
        }),
    ];
    for (const step of steps) {
      const result = await step();
      if (!result.replayed) moved += 1;
    }
    // The verification hold of step 3 is captured, as the launch stepper does on submission.
    const hold = await ledger.hold({
      partnerId,
      idempotencyKey: 'demo:hold-1',
      amount: 25_000_000n,
      description: 'Bot verification hold (Reliance Jio)',
      reference: launchReference('Support bot'),
    });
    const captured = await ledger.findHold(partnerId, hold.transaction.transactionId);
    if (captured?.status === 'held') {
      await ledger.capture({
        partnerId,
        idempotencyKey: 'demo:capture-1',
        holdId: captured.holdId,
        description: 'Bot verification charged',
        reference: launchReference('Support bot'),
      });
      moved += 1;
    }
  }
  return moved;
}

/**
 * Demo WhatsApp rate cards (issue 25 point 2) for the countries the demo's carriers serve: Meta's
 * published per-message rates (USD, micros) for marketing, utility and authentication templates;
 * service replies free, as Meta charges them. In force since the launch date, so sends price at once.
 */
const DEMO_WHATSAPP_RATES: Record<string, readonly [bigint, bigint, bigint]> = {
  IN: [10_700n, 1_400n, 1_400n],
  US: [25_000n, 4_000n, 13_500n],
  GB: [52_900n, 22_000n, 35_800n],
  DE: [136_500n, 55_000n, 76_800n],
  BR: [62_500n, 6_800n, 31_500n],
  MX: [30_500n, 8_500n, 13_500n],
  ID: [41_100n, 25_000n, 30_000n],
  ZA: [37_900n, 7_600n, 7_600n],
};

/** Seeds a card for each demo country that has none (idempotent: admins' versions survive). */
export async function seedDemoRateCards(database: Database): Promise<number> {
  const cards = createRateCardsRepository(database.db);
  const countryIds = Object.keys(DEMO_WHATSAPP_RATES);
  const existing = new Set((await cards.versionsOf(countryIds)).map((card) => card.countryId));
  let seeded = 0;
  for (const [countryId, [marketing, utility, authentication]] of Object.entries(DEMO_WHATSAPP_RATES)) {
    if (existing.has(countryId)) continue;
    await cards.insertVersion({ countryId, currency: WALLET_CURRENCY, effectiveFrom: DEFAULT_PLAN_START }, [
      { category: 'marketing', price: marketing },
      { category: 'utility', price: utility },
      { category: 'authentication', price: authentication },
      { category: 'service', price: 0n },
    ]);
    seeded += 1;
  }
  return seeded;
}
