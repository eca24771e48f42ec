import { randomUUID } from 'node:crypto';
import { CHANNEL_TYPE, WALLET_CURRENCY } from '@portico/domain';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import {
  type DemoMeteredMessage,
  hasDemoMeteredMessages,
  storeDemoMeteredMessages,
  storeDemoMeteringBatch,
} from '../metering/metering.seed.ts';
import { demoLedger } from '../wallet/wallet.seed.ts';
import { createAnalyticsRollups } from './analytics.rollups.ts';

/** Days of backdated demo traffic. */
export const DEMO_HISTORY_DAYS = 90;
const MESSAGE_PREFIX = 'demo-history-';
const RCS_TYPES = ['Transactional', 'Promotional', 'OTP'] as const;
const WHATSAPP_TYPES = ['utility', 'marketing', 'authentication'] as const;
/** Indian carriers carry most of the demo traffic; these shares weight each carrier's volume. */
const INDIA_WEIGHT = 4;

interface Priced {
  carrierId: number;
  countryId: string;
  india: boolean;
  ratePlanId: number | null;
  rateCardId: number | null;
  /** message type -> price in micro-units */
  prices: Map<string, bigint>;
}

/** A small deterministic generator (the same demo on every fresh start). */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * 90 days of backdated traffic for the demo developer partners (issue 29 point 6): messages priced
 * by the carriers' plans and WhatsApp rate cards in force, charged through the ledger (one top-up
 * and one metering batch debit per partner), with their receipts, counted by the same rollup
 * statements metering's units of work run. Each partner in one unit of work; a partner seeded once
 * is left alone. The ledger's money moves today (the ledger dates its own movements); the traffic
 * and its money per message are dated when each message was sent.
 */
export async function seedDemoAnalytics(
  database: Database,
  now = new Date(),
): Promise<Record<string, number>> {
  const rollups = createAnalyticsRollups(database.sql);
  const { ledger } = demoLedger(database);
  const partners = Object.values(DEMO_PARTNERS).filter((p) => p.hasEwallet && p.kind === 'developer');
  let messages = 0;
  let seeded = 0;
  for (const [index, partner] of partners.entries()) {
    const added = await database.transaction(() => seedPartner(partner.partnerId, index + 1));
    if (added > 0) seeded += 1;
    messages += added;
  }
  const counted = await rollups.catchUpLedger();
  return { partners: seeded, messages, ledgerTransactions: counted };

  async function seedPartner(partnerId: string, seed: number): Promise<number> {
    if (await hasDemoMeteredMessages(database, partnerId, MESSAGE_PREFIX)) return 0;
    const { rows: bots } = await database.sql.query<{
      bot_id: string;
      channel: number;
      billing_category: string | null;
    }>(
      `SELECT bot_id, coalesce(channels[1], ${CHANNEL_TYPE.rcs}) AS channel, billing_category FROM bots
        WHERE partner_id = $1 AND (rbm_agent IS NOT NULL OR maap_bot_id IS NOT NULL OR wa_phone IS NOT NULL)
        ORDER BY updated_at DESC, bot_id LIMIT 3`,
      [partnerId],
    );
    if (bots.length === 0) return 0;
    const random = generator(seed * 7919);
    const rows: DemoMeteredMessage[] = [];
    for (const bot of bots) {
      const whatsapp = bot.channel === CHANNEL_TYPE.whatsapp;
      const priced = await prices(bot.billing_category ?? '', whatsapp);
      const types = whatsapp ? WHATSAPP_TYPES : RCS_TYPES;
      let n = 0;
      // The last 90 days, today included (today up to now): the 90-day view is full, the one before empty.
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      for (let daysAgo = DEMO_HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
        const dayStart = today - daysAgo * 86_400_000;
        const dayLength = daysAgo === 0 ? Math.max(now.getTime() - today - 900_000, 60_000) : 86_400_000;
        const weekday = new Date(dayStart).getUTCDay();
        // Growing over the quarter, quieter at weekends.
        const level =
          (0.6 + (DEMO_HISTORY_DAYS - 1 - daysAgo) / DEMO_HISTORY_DAYS) *
          (weekday === 0 || weekday === 6 ? 0.5 : 1);
        for (const carrier of priced) {
          for (const [t, type] of types.entries()) {
            const price = carrier.prices.get(type);
            if (price === undefined) continue;
            const count = Math.floor((carrier.india ? INDIA_WEIGHT : 1) * level * (3 - t) * random());
            for (let i = 0; i < count; i++) {
              n += 1;
              rows.push({
                botId: bot.bot_id,
                messageId: `${MESSAGE_PREFIX}${n}`,
                channel: bot.channel,
                carrierId: carrier.carrierId,
                countryId: carrier.countryId,
                ratePlanId: carrier.ratePlanId,
                rateCardId: carrier.rateCardId,
                pricedAs: type,
                amount: price,
                status: random() < 0.06 ? 'released' : 'charged',
                at: new Date(dayStart + Math.floor(random() * dayLength)),
              });
            }
          }
        }
      }
    }
    if (rows.length === 0) return 0;
    const charged = rows.filter((r) => r.status === 'charged');
    const total = charged.reduce((sum, r) => sum + r.amount, 0n);
    const batchId = randomUUID();
    await storeDemoMeteredMessages(database, partnerId, batchId, rows);
    // The money: a top-up that covers the quarter, then the batch's one debit (decision 0023's shape).
    await ledger.credit({
      partnerId,
      idempotencyKey: 'demo:history-topup',
      amount: total + 100_000_000n,
      description: 'Wallet top-up (sandbox)',
      reference: null,
    });
    const debit = await ledger.debit({
      partnerId,
      idempotencyKey: `metering:${batchId}`,
      amount: total,
      description: `Messages sent: ${charged.length}`,
      reference: null,
    });
    await storeDemoMeteringBatch(database, {
      batchId,
      partnerId,
      transactionId: debit.transaction.transactionId,
      messageCount: charged.length,
      amount: total,
    });
    const keys = (list: typeof rows) => list.map((r) => ({ botId: r.botId, messageId: r.messageId }));
    for (let i = 0; i < charged.length; i += 5_000)
      await rollups.messagesCharged(keys(charged.slice(i, i + 5_000)));
    await rollups.messagesFailed(keys(rows.filter((r) => r.status === 'released')));
    // The networks' receipts: most charged messages delivered within a minute, about half read.
    const events = charged.flatMap((r) => {
      const delivered = random() < 0.9;
      if (!delivered) return [];
      const base = {
        partnerId,
        botId: r.botId,
        carrierId: r.carrierId,
        countryId: r.countryId,
        messageId: r.messageId,
      };
      const list = [{ ...base, status: 'DELIVERED', at: new Date(r.at.getTime() + 20_000) }];
      if (random() < 0.6) list.push({ ...base, status: 'READ', at: new Date(r.at.getTime() + 600_000) });
      return list;
    });
    for (let i = 0; i < events.length; i += 5_000) await rollups.events(events.slice(i, i + 5_000));
    return rows.length;
  }

  /** The carriers with a price in force for this bot: 4 Indian, and the first of 3 other countries. */
  async function prices(billingCategory: string, whatsapp: boolean): Promise<Priced[]> {
    const { rows: carriers } = await database.sql.query<{
      carrier_id: number;
      country_id: string;
      region: string;
    }>(
      `(SELECT c.carrier_id, c.country_id, k.region FROM carriers c JOIN countries k USING (country_id)
         WHERE c.active AND k.region = 'India' ORDER BY c.carrier_id LIMIT 4)
       UNION ALL
       (SELECT DISTINCT ON (c.country_id) c.carrier_id, c.country_id, k.region
          FROM carriers c JOIN countries k USING (country_id)
         WHERE c.active AND k.region <> 'India' ORDER BY c.country_id, c.carrier_id LIMIT 3)`,
      [],
    );
    const out: Priced[] = [];
    for (const c of carriers) {
      const found = new Map<string, bigint>();
      let ratePlanId: number | null = null;
      let rateCardId: number | null = null;
      if (whatsapp) {
        const { rows } = await database.sql.query<{ rate_card_id: number; category: string; price: string }>(
          `WITH card AS (SELECT rate_card_id FROM whatsapp_rate_cards
                          WHERE country_id = $1 AND currency = $2 AND effective_from <= now()
                          ORDER BY effective_from DESC, rate_card_id DESC LIMIT 1)
           SELECT card.rate_card_id, p.category, p.price::text AS price FROM card JOIN whatsapp_rate_card_prices p USING (rate_card_id)`,
          [c.country_id, WALLET_CURRENCY],
        );
        for (const r of rows) {
          rateCardId = r.rate_card_id;
          found.set(r.category, BigInt(r.price));
        }
      } else {
        const { rows } = await database.sql.query<{
          rate_plan_id: number;
          message_type: string;
          price: string;
        }>(
          `WITH plan AS (SELECT rate_plan_id FROM rate_plans WHERE carrier_id = $1 AND currency = $2 AND effective_from <= now()
                          ORDER BY effective_from DESC, rate_plan_id DESC LIMIT 1)
           SELECT plan.rate_plan_id, p.message_type, p.price::text AS price
             FROM plan JOIN rate_plan_prices p USING (rate_plan_id) WHERE p.billing_category = $3`,
          [c.carrier_id, WALLET_CURRENCY, billingCategory],
        );
        for (const r of rows) {
          ratePlanId = r.rate_plan_id;
          found.set(r.message_type, BigInt(r.price));
        }
      }
      if (found.size > 0) {
        out.push({
          carrierId: c.carrier_id,
          countryId: c.country_id,
          india: c.region === 'India',
          ratePlanId,
          rateCardId,
          prices: found,
        });
      }
    }
    return out;
  }
}
