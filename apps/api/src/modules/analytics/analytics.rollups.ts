import { ROLLUP_BUCKET_MINUTES } from '@portico/domain';
import type { SqlExecutor } from '../../platform/db/index.ts';

/** The half hour of UTC an instant belongs to (decision 0047), as SQL over a timestamptz column. */
export const BUCKET_SQL = (column: string) =>
  `date_bin('${ROLLUP_BUCKET_MINUTES} minutes', ${column}, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;

const ROLLUP_KEY =
  '(bucket, partner_id, bot_id, carrier_id, country_id, channel, billing_category, message_type, status)';
const ADD = `ON CONFLICT ${ROLLUP_KEY} DO UPDATE
  SET count = analytics_rollups.count + excluded.count, amount = analytics_rollups.amount + excluded.amount`;

/** A network event counted in usage (metering's recordEvents), as the rollups take it. */
export interface RolledEvent {
  partnerId: string;
  botId: string;
  carrierId: number | null;
  countryId: string | null;
  status: string;
  at: Date;
  /** Our message id when the event names one (its message type is then the message's). */
  messageId?: string | null;
}

/**
 * The rollup statements (decision 0047), each one statement in the caller's unit of work: metering's
 * settlement (messages charged), release (a send failed) and event ingest call them, so the rollups
 * commit with the ledger debit and the usage rows, or not at all.
 */
export function createAnalyticsRollups(sql: SqlExecutor) {
  return {
    /** Messages just charged by a settlement batch: counted 'sent' with their money, by send time. */
    async messagesCharged(keys: readonly { botId: string; messageId: string }[]): Promise<void> {
      if (keys.length === 0) return;
      await sql.query(
        `INSERT INTO analytics_rollups
         SELECT ${BUCKET_SQL('m.created_at')}, m.partner_id, m.bot_id, coalesce(m.carrier_id, 0), coalesce(m.country_id, ''),
                m.channel, coalesce(b.billing_category, ''), coalesce(m.priced_as, ''), 'sent', count(*), sum(m.amount)
           FROM unnest($1::uuid[], $2::text[]) AS k(bot_id, message_id)
           JOIN metered_messages m ON m.bot_id = k.bot_id AND m.message_id = k.message_id
           LEFT JOIN bots b ON b.bot_id = m.bot_id
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
         ${ADD}`,
        [keys.map((k) => k.botId), keys.map((k) => k.messageId)],
      );
    },

    /** Sends that failed (released, not charged): counted 'failed' at their send time. */
    async messagesFailed(keys: readonly { botId: string; messageId: string }[]): Promise<void> {
      if (keys.length === 0) return;
      await sql.query(
        `INSERT INTO analytics_rollups
         SELECT ${BUCKET_SQL('m.created_at')}, m.partner_id, m.bot_id, coalesce(m.carrier_id, 0), coalesce(m.country_id, ''),
                m.channel, coalesce(b.billing_category, ''), coalesce(m.priced_as, ''), 'failed', count(*), 0
           FROM unnest($1::uuid[], $2::text[]) AS k(bot_id, message_id)
           JOIN metered_messages m ON m.bot_id = k.bot_id AND m.message_id = k.message_id
           LEFT JOIN bots b ON b.bot_id = m.bot_id
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
         ${ADD}`,
        [keys.map((k) => k.botId), keys.map((k) => k.messageId)],
      );
    },

    /**
     * Network events (delivered, read, failed receipts; users' messages): counted at the event's
     * time, with the message's type when the event names our message, under the bot's channel.
     */
    async events(events: readonly RolledEvent[]): Promise<void> {
      if (events.length === 0) return;
      await sql.query(
        `INSERT INTO analytics_rollups
         SELECT ${BUCKET_SQL('e.at')}, e.partner_id, e.bot_id, coalesce(e.carrier_id, 0), coalesce(e.country_id, ''),
                coalesce(m.channel, b.channels[1], 0), coalesce(b.billing_category, ''), coalesce(m.priced_as, ''),
                e.status, count(*), 0
           FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::text[])
                AS e(partner_id, bot_id, carrier_id, country_id, status, at, message_id)
           LEFT JOIN bots b ON b.bot_id = e.bot_id
           LEFT JOIN metered_messages m ON m.bot_id = e.bot_id AND m.message_id = e.message_id
          GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
         ${ADD}`,
        [
          events.map((e) => e.partnerId),
          events.map((e) => e.botId),
          events.map((e) => e.carrierId),
          events.map((e) => e.countryId),
          events.map((e) => e.status),
          events.map((e) => e.at.toISOString()),
          events.map((e) => e.messageId ?? null),
        ],
      );
    },

    /**
     * The money rollups' catch-up (decision 0047): every ledger transaction of a partner not yet
     * counted is counted once, by kind and half hour, in ONE statement (its id enters
     * analytics_ledger_seen in the same statement, so a rerun or a second worker adds nothing).
     * Looks back from the newest counted transaction by a margin that covers transactions committed
     * late. Answers how many it counted.
     */
    async catchUpLedger(lookBackMinutes = 60): Promise<number> {
      const { rows } = await sql.query<{ counted: number }>(
        `WITH since AS (
           SELECT coalesce(max(created_at) - make_interval(mins => $1::int), '-infinity'::timestamptz) AS at
             FROM analytics_ledger_seen),
         fresh AS (
           INSERT INTO analytics_ledger_seen (transaction_id, created_at)
           SELECT t.transaction_id, t.created_at FROM ledger_transactions t, since
            WHERE t.created_at >= since.at
           ON CONFLICT (transaction_id) DO NOTHING
           RETURNING transaction_id),
         counted AS (
           INSERT INTO analytics_money_rollups (bucket, partner_id, kind, count, amount)
           SELECT ${BUCKET_SQL('t.created_at')}, t.partner_id,
                  CASE
                    WHEN t.kind = 'debit' AND t.idempotency_key LIKE 'metering:%' THEN 'message_charge'
                    WHEN t.kind = 'debit' THEN 'other_charge'
                    WHEN t.kind = 'capture' THEN 'verification_fee'
                    WHEN t.kind = 'topup' THEN 'top_up'
                    ELSE t.kind
                  END,
                  count(*), sum(t.amount)
             FROM ledger_transactions t JOIN fresh f ON f.transaction_id = t.transaction_id
            GROUP BY 1, 2, 3
           ON CONFLICT (bucket, partner_id, kind) DO UPDATE
             SET count = analytics_money_rollups.count + excluded.count,
                 amount = analytics_money_rollups.amount + excluded.amount
           RETURNING 1)
         SELECT (SELECT count(*) FROM fresh)::int AS counted`,
        [lookBackMinutes],
      );
      return rows[0]?.counted ?? 0;
    },
  };
}
export type AnalyticsRollups = ReturnType<typeof createAnalyticsRollups>;
