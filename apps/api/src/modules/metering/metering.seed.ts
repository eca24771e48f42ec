import { CHANNEL_TYPE, WALLET_CURRENCY } from '@portico/domain';
import type { Database } from '../../platform/db/index.ts';
import { createMeteredReservations } from '../wallet/reservations.ts';
import { createMeteringRepository } from './metering.repository.ts';
import { createMeteringService } from './metering.service.ts';

/**
 * Mobile number ranges of the seeded carriers, by the national number's leading digits (decision
 * 0022): representative series of each numbering plan. Countries with full portability and no
 * carrier ranges (the United States, Brazil, Mexico) have none: MNP lookups or the unknown-carrier
 * rule price them.
 */
const RANGES: Record<string, Record<string, readonly string[]>> = {
  IN: {
    'Reliance Jio': ['6200', '7000', '7011', '7977', '8097', '8169', '8850', '8928', '9004', '9082'],
    'Bharti Airtel': ['7042', '7838', '8130', '8826', '9810', '9811', '9818', '9871', '9899', '9910'],
    'Vi (Vodafone Idea)': ['7021', '8080', '9820', '9821', '9833', '9867', '9920', '9930'],
    BSNL: ['9400', '9401', '9415', '9431', '9434', '9440', '9442', '9443'],
    MTNL: ['9868', '9869', '9969'],
  },
  GB: {
    EE: ['7400', '7401', '7402', '7403', '7446', '7447', '7500', '7508'],
    'Vodafone UK': ['7385', '7387', '7388', '7425', '7500', '7700'],
    'O2 UK': ['7510', '7511', '7512', '7513', '7514'],
    'Three UK': ['7440', '7441', '7442', '7443'],
  },
  DE: {
    'Telekom Deutschland': ['151', '160', '170', '171', '175'],
    'Vodafone Germany': ['152', '162', '172', '173', '174'],
    'Telefónica Germany (O2)': ['157', '159', '163', '176', '177', '178', '179'],
    '1&1 Mobilfunk': ['1556'],
  },
  ID: {
    Telkomsel: ['811', '812', '813', '821', '822', '852', '853'],
    'Indosat Ooredoo Hutchison': ['814', '815', '816', '855', '856', '857', '858'],
    'XL Axiata': ['817', '818', '819', '859', '877', '878'],
    Smartfren: ['881', '882', '883', '884', '885', '886', '887', '888', '889'],
  },
  ZA: {
    Vodacom: ['72', '76', '82'],
    'MTN South Africa': ['73', '78', '83'],
    'Cell C': ['74', '84'],
    'Telkom Mobile': ['81'],
  },
};

/** The ranges above for the carriers that exist (idempotent: a range already listed stays). */
export async function seedCarrierPrefixes(database: Database): Promise<number> {
  const { rows: carriers } = await database.sql.query<{
    carrier_id: number;
    country_id: string;
    name: string;
  }>('SELECT carrier_id, country_id, name FROM carriers');
  const rows = carriers.flatMap((c) =>
    (RANGES[c.country_id]?.[c.name] ?? []).map((prefix) => ({
      country: c.country_id,
      prefix,
      carrier: c.carrier_id,
    })),
  );
  if (rows.length === 0) return 0;
  const { rows: inserted } = await database.sql.query(
    `INSERT INTO carrier_prefixes (country_id, prefix, carrier_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
     ON CONFLICT (country_id, prefix) DO NOTHING RETURNING 1`,
    [rows.map((r) => r.country), rows.map((r) => r.prefix), rows.map((r) => r.carrier)],
  );
  return inserted.length;
}

/** Recipients of the demo messages: known carriers in India and the UK, an unknown one in the US. */
const DEMO_RECIPIENTS = ['+919810012345', '+919820054321', '+447400123456', '+12025550143', '+919868011122'];

/** How many of a demo partner's bots get demo API traffic. */
const DEMO_METERED_BOTS = 3;

/**
 * Demo metered messages of each demo wallet partner's last changed RCS bots on a network (the bot
 * /u/api opens on among them), through the service itself: sent
 * (charged by the metering.settle job within a minute of start, as one batch row in My Wallet),
 * released (failed sends) and one still reserved. Idempotent: a partner seeded once is left alone.
 */
export async function seedDemoMetering(database: Database, partnerIds: readonly string[]): Promise<number> {
  const metering = createMeteringService({
    database,
    repository: createMeteringRepository(database.sql, WALLET_CURRENCY),
    // The seed only reserves and settles; the running app's metering.settle job (every minute)
    // charges the sent messages through the wallet, as it does for real sends.
    wallet: {
      ...createMeteredReservations(database.sql),
      chargeReserved: () =>
        Promise.reject(new Error('the demo seed does not charge; the metering.settle job does')),
    },
    abandonAfterMs: 600_000,
  });
  let recorded = 0;
  for (const partnerId of partnerIds) {
    // Seeded at an earlier start: left alone (the bots changed last then may not be the ones now).
    const { rows: seeded } = await database.sql.query(
      `SELECT 1 FROM metered_messages m JOIN bots b ON b.bot_id = m.bot_id
       WHERE b.partner_id = $1 AND m.message_id LIKE 'demo-metered-%' LIMIT 1`,
      [partnerId],
    );
    if (seeded.length > 0) continue;
    // The partner's RCS bots on a network, most recently changed first (the order /u/api opens on).
    const { rows } = await database.sql.query<{ bot_id: string }>(
      `SELECT bot_id FROM bots WHERE partner_id = $1 AND (rbm_agent IS NOT NULL OR maap_bot_id IS NOT NULL)
       ORDER BY updated_at DESC, bot_id LIMIT ${DEMO_METERED_BOTS}`,
      [partnerId],
    );
    for (const { bot_id: botId } of rows) recorded += await meterDemoBot(partnerId, botId);
  }
  return recorded;

  async function meterDemoBot(partnerId: string, botId: string): Promise<number> {
    let recorded = 0;
    for (let n = 0; n < 12; n++) {
      const msisdn = DEMO_RECIPIENTS[n % DEMO_RECIPIENTS.length] ?? '+919810012345';
      const messageId = `demo-metered-${n + 1}`;
      // Seeded before (any state): left alone (a released one would otherwise be reserved again).
      const { rows: seen } = await database.sql.query(
        'SELECT 1 FROM metered_messages WHERE bot_id = $1 AND message_id = $2',
        [botId, messageId],
      );
      if (seen.length > 0) continue;
      const price = await metering.price({ partnerId, botId, channel: CHANNEL_TYPE.rcs, msisdn });
      const reserved = await metering.reserve({
        partnerId,
        botId,
        messageId,
        channel: CHANNEL_TYPE.rcs,
        ...price,
      });
      if (!reserved.ok || reserved.replayed) continue;
      recorded += 1;
      // The last message stays reserved (in flight); every fourth failed; the rest were sent.
      if (n === 11) continue;
      const outcome = n % 4 === 3 ? 'failed' : 'sent';
      await metering.settle({ botId, messageId }, outcome);
      if (outcome === 'sent') {
        // The network's events of a sent message: delivered, and read for every other one.
        const event = { partnerId, botId, carrierId: price.carrierId, countryId: price.countryId };
        await metering.recordEvents([
          { ...event, status: 'DELIVERED' },
          ...(n % 2 === 0 ? [{ ...event, status: 'READ' }] : []),
        ]);
      }
    }
    return recorded;
  }
}

/** One backdated demo message's money, as analytics' demo history prices it. */
export interface DemoMeteredMessage {
  botId: string;
  messageId: string;
  channel: number;
  carrierId: number;
  countryId: string;
  ratePlanId: number | null;
  rateCardId: number | null;
  pricedAs: string;
  amount: bigint;
  status: 'charged' | 'released';
  /** When it was sent (and settled). */
  at: Date;
}

/**
 * For analytics' demo history (seedDemoAnalytics): whether the partner has metered messages whose id
 * starts with `messageIdPrefix`, so a partner seeded once is left alone.
 */
export async function hasDemoMeteredMessages(
  database: Database,
  partnerId: string,
  messageIdPrefix: string,
): Promise<boolean> {
  const { rows } = await database.sql.query(
    'SELECT 1 FROM metered_messages WHERE partner_id = $1 AND message_id LIKE $2 LIMIT 1',
    [partnerId, `${messageIdPrefix}%`],
  );
  return rows.length > 0;
}

/**
 * For analytics' demo history (seedDemoAnalytics): the partner's backdated metered messages, charged
 * by `batchId` or released, dated when each was sent. No use case meters a message in the past, so
 * the demo writes them here, 5,000 to a statement.
 */
export async function storeDemoMeteredMessages(
  database: Database,
  partnerId: string,
  batchId: string,
  rows: readonly DemoMeteredMessage[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 5_000) {
    const chunk = rows.slice(i, i + 5_000);
    await database.sql.query(
      `INSERT INTO metered_messages (bot_id, message_id, partner_id, channel, carrier_id, country_id, rate_plan_id,
                                     rate_card_id, priced_as, amount, status, batch_id, created_at, settled_at)
       SELECT k.bot_id, k.message_id, $1::uuid, k.channel, k.carrier_id, k.country_id, k.rate_plan_id, k.rate_card_id,
              k.priced_as, k.amount, k.status, CASE WHEN k.status = 'charged' THEN $2::uuid END, k.at, k.at
         FROM unnest($3::uuid[], $4::text[], $5::int[], $6::int[], $7::text[], $8::int[], $9::int[], $10::text[],
                     $11::bigint[], $12::text[], $13::timestamptz[])
              AS k(bot_id, message_id, channel, carrier_id, country_id, rate_plan_id, rate_card_id, priced_as, amount, status, at)`,
      [
        partnerId,
        batchId,
        chunk.map((r) => r.botId),
        chunk.map((r) => r.messageId),
        chunk.map((r) => r.channel),
        chunk.map((r) => r.carrierId),
        chunk.map((r) => r.countryId),
        chunk.map((r) => r.ratePlanId),
        chunk.map((r) => r.rateCardId),
        chunk.map((r) => r.pricedAs),
        chunk.map((r) => r.amount.toString()),
        chunk.map((r) => r.status),
        chunk.map((r) => r.at.toISOString()),
      ],
    );
  }
}

/**
 * For analytics' demo history (seedDemoAnalytics): the settlement batch of its backdated messages,
 * with the ledger debit (`transactionId`) the demo charged them by (decision 0023's shape).
 */
export async function storeDemoMeteringBatch(
  database: Database,
  batch: { batchId: string; partnerId: string; transactionId: string; messageCount: number; amount: bigint },
): Promise<void> {
  await database.sql.query(
    `INSERT INTO metering_batches (batch_id, partner_id, transaction_id, message_count, amount)
     VALUES ($1, $2, $3, $4, $5::bigint)`,
    [batch.batchId, batch.partnerId, batch.transactionId, batch.messageCount, batch.amount.toString()],
  );
}
