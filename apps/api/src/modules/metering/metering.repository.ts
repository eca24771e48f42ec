import type { SqlExecutor } from '../../platform/db/index.ts';

/** What a reservation records about a message (its price and where it goes). */
export interface ReservationRow {
  partnerId: string;
  botId: string;
  messageId: string;
  channel: number;
  carrierId: number | null;
  countryId: string | null;
  ratePlanId: number | null;
  rateCardId: number | null;
  pricedAs: string | null;
  amount: bigint;
}

export interface SettledMessage {
  botId: string;
  messageId: string;
  carrierId: number | null;
  countryId: string | null;
  amount: bigint;
  createdAt: Date;
}

export interface UsageIncrement {
  day: string;
  partnerId: string;
  botId: string;
  carrierId: number | null;
  countryId: string | null;
  kind: 'message' | 'event';
  status: string;
  count: number;
  amount: bigint;
}

const UNIQUE_VIOLATION = '23505';
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

/**
 * SQL of metering (decision 0023). The hot statements (reserve, mark sent, release) are single
 * statements in raw SQL: each is atomic on its own, so a send takes no ledger transaction.
 */
export function createMeteringRepository(sql: SqlExecutor, currency: string) {
  const q = <R>(text: string, values: unknown[]) => sql.query<R>(text, values).then((r) => r.rows);

  /** Usage upsert of several increments in one statement (rows of one key summed first). */
  async function addUsage(increments: UsageIncrement[]): Promise<void> {
    const merged = new Map<string, UsageIncrement>();
    for (const inc of increments) {
      const key = [
        inc.day,
        inc.partnerId,
        inc.botId,
        inc.carrierId ?? 0,
        inc.countryId ?? '',
        inc.kind,
        inc.status,
      ].join('|');
      const seen = merged.get(key);
      merged.set(
        key,
        seen ? { ...seen, count: seen.count + inc.count, amount: seen.amount + inc.amount } : inc,
      );
    }
    if (merged.size === 0) return;
    const rows = [...merged.values()];
    await q(
      `INSERT INTO usage_daily (day, partner_id, bot_id, carrier_id, country_id, kind, status, count, amount)
       SELECT * FROM unnest($1::date[], $2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[])
       ON CONFLICT (day, partner_id, bot_id, carrier_id, country_id, kind, status)
       DO UPDATE SET count = usage_daily.count + excluded.count, amount = usage_daily.amount + excluded.amount`,
      [
        rows.map((r) => r.day),
        rows.map((r) => r.partnerId),
        rows.map((r) => r.botId),
        rows.map((r) => r.carrierId ?? 0),
        rows.map((r) => r.countryId ?? ''),
        rows.map((r) => r.kind),
        rows.map((r) => r.status),
        rows.map((r) => String(r.count)),
        rows.map((r) => r.amount.toString()),
      ],
    );
  }

  return {
    addUsage,

    /** The bot's partner, billing category and message category (null: no such bot). */
    async bot(botId: string) {
      const [row] = await q<{
        partner_id: string;
        billing_category: string | null;
        message_category: string | null;
      }>('SELECT partner_id, billing_category, message_category FROM bots WHERE bot_id = $1', [botId]);
      return row
        ? {
            partnerId: row.partner_id,
            billingCategory: row.billing_category,
            messageCategory: row.message_category,
          }
        : null;
    },

    /**
     * The category of a bot's WhatsApp template as Meta knows it by name: version 1 under the
     * template's name, version n under <name>_v<n> (decision 0021). Null: no such template.
     */
    async templateCategory(botId: string, name: string, language: string): Promise<string | null> {
      const [row] = await q<{ category: string | null }>(
        `SELECT v.content->>'category' AS category FROM templates t
           JOIN template_versions v ON v.template_id = t.template_id
          WHERE t.bot_id = $1 AND t.channel = 'whatsapp' AND t.language = $3
            AND (CASE WHEN v.version = 1 THEN t.name ELSE t.name || '_v' || v.version END) = $2
          LIMIT 1`,
        [botId, name, language],
      );
      return row?.category ?? null;
    },

    /** The country's WhatsApp rate card in force now (the latest version started), or null. */
    async whatsappCard(countryId: string) {
      const rows = await q<{ rate_card_id: number; category: string | null; price: string | null }>(
        `WITH card AS (
           SELECT rate_card_id FROM whatsapp_rate_cards
            WHERE country_id = $1 AND currency = $2 AND effective_from <= now()
            ORDER BY effective_from DESC, rate_card_id DESC LIMIT 1)
         SELECT card.rate_card_id, p.category, p.price::text AS price
           FROM card LEFT JOIN whatsapp_rate_card_prices p USING (rate_card_id)`,
        [countryId, currency],
      );
      const first = rows[0];
      if (!first) return null;
      return {
        rateCardId: first.rate_card_id,
        prices: rows.flatMap((r) =>
          r.category === null || r.price === null
            ? []
            : [{ category: r.category, priceMicros: BigInt(r.price) }],
        ),
      };
    },

    /** The partner's messages reserved or sent and not yet charged: their count, sum and oldest. */
    async pending(partnerId: string) {
      const [row] = await q<{ count: number; amount: string; since: string | null }>(
        `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::text AS amount, min(created_at)::text AS since
           FROM metered_messages WHERE partner_id = $1 AND status IN ('reserved', 'sent')`,
        [partnerId],
      );
      return {
        count: row?.count ?? 0,
        amount: BigInt(row?.amount ?? '0'),
        since: row?.since ? new Date(row.since) : null,
      };
    },

    /**
     * Messages not yet charged as usage rows (status 'pending'): per day of the send, bot, carrier
     * and country, in a window of days.
     */
    async pendingUsage(partnerId: string, from: string, to: string, botId?: string) {
      return q<{
        day: string;
        bot_id: string;
        carrier_id: number;
        country_id: string;
        count: string;
        amount: string;
      }>(
        `SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, bot_id, coalesce(carrier_id, 0) AS carrier_id,
                coalesce(country_id, '') AS country_id, count(*)::text AS count, sum(amount)::text AS amount
           FROM metered_messages
          WHERE partner_id = $1 AND status IN ('reserved', 'sent')
            AND (created_at AT TIME ZONE 'UTC')::date BETWEEN $2::date AND $3::date
            AND ($4::uuid IS NULL OR bot_id = $4::uuid)
          GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
        [partnerId, from, to, botId ?? null],
      );
    },

    /** The MNP answers of these numbers (msisdn -> carrier). */
    async portedCarriers(msisdns: string[]): Promise<Map<string, number>> {
      const rows = await q<{ msisdn: string; carrier_id: number }>(
        'SELECT msisdn, carrier_id FROM ported_numbers WHERE msisdn = ANY($1::text[])',
        [msisdns],
      );
      return new Map(rows.map((r) => [r.msisdn, r.carrier_id]));
    },

    async ranges(countryId: string) {
      const rows = await q<{ prefix: string; carrier_id: number }>(
        `SELECT p.prefix, p.carrier_id FROM carrier_prefixes p JOIN carriers c USING (carrier_id)
          WHERE p.country_id = $1 AND c.active`,
        [countryId],
      );
      return rows.map((r) => ({ prefix: r.prefix, carrierId: r.carrier_id }));
    },

    /**
     * The price of one message of this category and type under each carrier's plan in force now,
     * for the carriers of a country (the latest version started, as effectiveVersion picks it).
     */
    async countryPrices(countryId: string, billingCategory: string, messageType: string) {
      const rows = await q<{ carrier_id: number; rate_plan_id: number; price: string | null }>(
        `SELECT DISTINCT ON (rp.carrier_id) rp.carrier_id, rp.rate_plan_id, p.price::text AS price
           FROM rate_plans rp
           JOIN carriers c ON c.carrier_id = rp.carrier_id AND c.active
           LEFT JOIN rate_plan_prices p ON p.rate_plan_id = rp.rate_plan_id
                 AND p.billing_category = $2 AND p.message_type = $3
          WHERE c.country_id = $1 AND rp.effective_from <= now() AND rp.currency = $4
          ORDER BY rp.carrier_id, rp.effective_from DESC, rp.rate_plan_id DESC`,
        [countryId, billingCategory, messageType, currency],
      );
      return rows.map((r) => ({
        carrierId: r.carrier_id,
        ratePlanId: r.rate_plan_id,
        priceMicros: r.price === null ? null : BigInt(r.price),
      }));
    },

    /** The messages already recorded under these keys. */
    async existing(keys: { botId: string; messageId: string }[]) {
      const rows = await q<{ bot_id: string; message_id: string; status: string; partner_id: string }>(
        `SELECT m.bot_id, m.message_id, m.status, m.partner_id FROM metered_messages m
           JOIN unnest($1::uuid[], $2::text[]) AS k(bot_id, message_id)
             ON m.bot_id = k.bot_id AND m.message_id = k.message_id`,
        [keys.map((k) => k.botId), keys.map((k) => k.messageId)],
      );
      return new Map(
        rows.map((r) => [`${r.bot_id}|${r.message_id}`, { status: r.status, partnerId: r.partner_id }]),
      );
    },

    /**
     * Records reservations in one statement (the caller raises the wallets' reserved money through
     * the wallet, in the same unit of work). A key recorded meanwhile raises a unique violation and
     * nothing is written.
     */
    async insertReservations(rows: ReservationRow[]): Promise<void> {
      await q(
        `INSERT INTO metered_messages (partner_id, bot_id, message_id, channel, carrier_id, country_id, rate_plan_id,
                                       rate_card_id, priced_as, amount, status)
         SELECT p, b, m, ch, car, cty, rp, rc, pa, amt, 'reserved'
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::text[], $7::int[], $9::int[],
                       $10::text[], $8::bigint[])
                AS r(p, b, m, ch, car, cty, rp, rc, pa, amt)`,
        [
          rows.map((r) => r.partnerId),
          rows.map((r) => r.botId),
          rows.map((r) => r.messageId),
          rows.map((r) => r.channel),
          rows.map((r) => r.carrierId),
          rows.map((r) => r.countryId),
          rows.map((r) => r.ratePlanId),
          rows.map((r) => r.amount.toString()),
          rows.map((r) => r.rateCardId),
          rows.map((r) => r.pricedAs),
        ],
      );
    },

    async status(botId: string, messageId: string) {
      const [row] = await q<{ status: string; partner_id: string }>(
        'SELECT status, partner_id FROM metered_messages WHERE bot_id = $1 AND message_id = $2',
        [botId, messageId],
      );
      return row ? { status: row.status, partnerId: row.partner_id } : null;
    },

    /**
     * A released message sent again with the same id (a retry after a failure): in the caller's
     * transaction, takes it back to reserved (row-locked, so once); the caller reserves the money.
     */
    async reReserveReleased(r: ReservationRow): Promise<'taken' | 'not-released'> {
      const taken = await q(
        `UPDATE metered_messages SET status = 'reserved', amount = $3::bigint, carrier_id = $4, country_id = $5,
                rate_plan_id = $6, rate_card_id = $7, priced_as = $8, settled_at = NULL, created_at = now()
          WHERE bot_id = $1 AND message_id = $2 AND status = 'released' RETURNING 1`,
        [
          r.botId,
          r.messageId,
          r.amount.toString(),
          r.carrierId,
          r.countryId,
          r.ratePlanId,
          r.rateCardId,
          r.pricedAs,
        ],
      );
      return taken.length === 0 ? 'not-released' : 'taken';
    },

    /**
     * reserved -> sent (the connector accepted them), once, for several messages in one statement.
     * Answers the keys that changed ("bot|message").
     */
    async markSent(keys: { botId: string; messageId: string }[]): Promise<Set<string>> {
      const rows = await q<{ bot_id: string; message_id: string }>(
        `UPDATE metered_messages m SET status = 'sent', settled_at = now()
           FROM unnest($1::uuid[], $2::text[]) AS k(bot_id, message_id)
          WHERE m.bot_id = k.bot_id AND m.message_id = k.message_id AND m.status = 'reserved'
          RETURNING m.bot_id, m.message_id`,
        [keys.map((k) => k.botId), keys.map((k) => k.messageId)],
      );
      return new Set(rows.map((r) => `${r.bot_id}|${r.message_id}`));
    },

    /**
     * reserved -> released, once, in one statement that also counts the failed message in usage;
     * answers whose money and how much the caller gives back through the wallet (null when it was
     * not reserved).
     */
    async release(botId: string, messageId: string): Promise<{ partnerId: string; amount: bigint } | null> {
      const rows = await q<{ partner_id: string; amount: string }>(
        `WITH message AS (
           UPDATE metered_messages SET status = 'released', settled_at = now()
            WHERE bot_id = $1 AND message_id = $2 AND status = 'reserved'
            RETURNING partner_id, bot_id, carrier_id, country_id, amount),
         usage AS (
           INSERT INTO usage_daily (day, partner_id, bot_id, carrier_id, country_id, kind, status, count, amount)
           SELECT (now() AT TIME ZONE 'UTC')::date, partner_id, bot_id, coalesce(carrier_id, 0), coalesce(country_id, ''),
                  'message', 'failed', 1, 0 FROM message
           ON CONFLICT (day, partner_id, bot_id, carrier_id, country_id, kind, status)
           DO UPDATE SET count = usage_daily.count + 1
           RETURNING 1)
         SELECT partner_id, amount::text AS amount FROM message`,
        [botId, messageId],
      );
      const row = rows[0];
      return row ? { partnerId: row.partner_id, amount: BigInt(row.amount) } : null;
    },

    /** Partners with sent messages not yet charged. */
    async partnersToSettle(): Promise<string[]> {
      const rows = await q<{ partner_id: string }>(
        "SELECT DISTINCT partner_id FROM metered_messages WHERE status = 'sent'",
        [],
      );
      return rows.map((r) => r.partner_id);
    },

    /** Up to `limit` sent messages of a partner, row-locked (another settler skips them). */
    async lockSent(partnerId: string, limit: number): Promise<SettledMessage[]> {
      const rows = await q<{
        bot_id: string;
        message_id: string;
        carrier_id: number | null;
        country_id: string | null;
        amount: string;
        created_at: string;
      }>(
        `SELECT bot_id, message_id, carrier_id, country_id, amount::text AS amount, created_at::text AS created_at
           FROM metered_messages WHERE partner_id = $1 AND status = 'sent'
          ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [partnerId, limit],
      );
      return rows.map((r) => ({
        botId: r.bot_id,
        messageId: r.message_id,
        carrierId: r.carrier_id,
        countryId: r.country_id,
        amount: BigInt(r.amount),
        createdAt: new Date(r.created_at),
      }));
    },

    async markCharged(batchId: string, messages: SettledMessage[]): Promise<void> {
      await q(
        `UPDATE metered_messages m SET status = 'charged', batch_id = $1
           FROM unnest($2::uuid[], $3::text[]) AS k(bot_id, message_id)
          WHERE m.bot_id = k.bot_id AND m.message_id = k.message_id AND m.status = 'sent'`,
        [batchId, messages.map((m) => m.botId), messages.map((m) => m.messageId)],
      );
    },

    async insertBatch(batch: {
      batchId: string;
      partnerId: string;
      transactionId: string;
      count: number;
      amount: bigint;
    }) {
      await q(
        `INSERT INTO metering_batches (batch_id, partner_id, transaction_id, message_count, amount)
         VALUES ($1, $2, $3, $4, $5::bigint)`,
        [batch.batchId, batch.partnerId, batch.transactionId, batch.count, batch.amount.toString()],
      );
    },

    /** Reservations left 'reserved' longer than the cutoff (the sender died between reserve and settle). */
    async abandoned(before: Date, limit: number) {
      const rows = await q<{ bot_id: string; message_id: string }>(
        `SELECT bot_id, message_id FROM metered_messages WHERE status = 'reserved' AND created_at < $1
          ORDER BY created_at LIMIT $2`,
        [before.toISOString(), limit],
      );
      return rows.map((r) => ({ botId: r.bot_id, messageId: r.message_id }));
    },

    /**
     * The bots behind the networks' names of senders (RBM agent id, MaaP bot id, WhatsApp phone
     * number id): "network|name" -> bot and partner.
     */
    async botsByAddress(
      addresses: { network: string; address: string }[],
    ): Promise<Map<string, { botId: string; partnerId: string }>> {
      const of = (network: string) => addresses.filter((a) => a.network === network).map((a) => a.address);
      const rows = await q<{ network: string; address: string; bot_id: string; partner_id: string }>(
        `SELECT 'rbm' AS network, split_part(rbm_agent, '/agents/', 2) AS address, bot_id, partner_id FROM bots
          WHERE split_part(rbm_agent, '/agents/', 2) = ANY($1::text[])
         UNION ALL
         SELECT 'maap', maap_bot_id, bot_id, partner_id FROM bots WHERE maap_bot_id = ANY($2::text[])
         UNION ALL
         SELECT 'whatsapp', whatsapp_phone_number_id, bot_id, partner_id FROM bots
          WHERE whatsapp_phone_number_id = ANY($3::text[])`,
        [of('rbm'), of('maap'), of('whatsapp')],
      );
      return new Map(
        rows.map((r) => [`${r.network}|${r.address}`, { botId: r.bot_id, partnerId: r.partner_id }]),
      );
    },

    /** The carrier and country of these metered messages ("bot|message" -> where it went). */
    async destinations(
      keys: { botId: string; messageId: string }[],
    ): Promise<Map<string, { carrierId: number | null; countryId: string | null }>> {
      const rows = await q<{
        bot_id: string;
        message_id: string;
        carrier_id: number | null;
        country_id: string | null;
      }>(
        `SELECT m.bot_id, m.message_id, m.carrier_id, m.country_id FROM metered_messages m
           JOIN unnest($1::uuid[], $2::text[]) AS k(bot_id, message_id)
             ON m.bot_id = k.bot_id AND m.message_id = k.message_id`,
        [keys.map((k) => k.botId), keys.map((k) => k.messageId)],
      );
      return new Map(
        rows.map((r) => [
          `${r.bot_id}|${r.message_id}`,
          { carrierId: r.carrier_id, countryId: r.country_id },
        ]),
      );
    },

    /** Which of these bots have sent a metered message (use the partner API). */
    async botsWithMessages(botIds: string[]): Promise<Set<string>> {
      const rows = await q<{ bot_id: string }>(
        `SELECT b AS bot_id FROM unnest($1::uuid[]) AS b
          WHERE EXISTS (SELECT 1 FROM metered_messages m WHERE m.bot_id = b)`,
        [[...new Set(botIds)]],
      );
      return new Set(rows.map((r) => r.bot_id));
    },

    async usage(partnerId: string, from: string, to: string, botId?: string) {
      return q<{
        day: string;
        bot_id: string;
        carrier_id: number;
        country_id: string;
        kind: 'message' | 'event';
        status: string;
        count: string;
        amount: string;
      }>(
        `SELECT day::text AS day, bot_id, carrier_id, country_id, kind, status, count::text AS count, amount::text AS amount
           FROM usage_daily WHERE partner_id = $1 AND day BETWEEN $2::date AND $3::date AND ($4::uuid IS NULL OR bot_id = $4::uuid)
          ORDER BY day, bot_id, kind, status, carrier_id, country_id`,
        [partnerId, from, to, botId ?? null],
      );
    },
  };
}
export type MeteringRepository = ReturnType<typeof createMeteringRepository>;
