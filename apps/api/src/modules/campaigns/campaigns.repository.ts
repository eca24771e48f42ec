import { CAMPAIGN_RECIPIENT_STATUSES } from '@portico/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { type campaignRecipients, campaigns } from './campaigns.schema.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;

/** A list row: the campaign with the names it shows and its send counts. */
export interface CampaignListRow extends CampaignRow {
  partnerName: string;
  createdByEmail: string | null;
  botName: string;
  templateName: string;
  audienceName: string;
  sent: number;
  delivered: number;
  failed: number;
}

export interface CampaignFilters {
  start: number;
  end: number;
  sort: 'created_at' | 'name' | 'status' | 'scheduled_at' | 'recipients';
  order: 'asc' | 'desc';
  search?: string | undefined;
  status?: string | undefined;
  channel?: string | undefined;
  bot_id?: string | undefined;
  partner_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface CountsRow {
  recipients: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
  fallback_sms: number;
  replied: number;
  clicked: number;
  by_reason: Record<string, number> | null;
  last_minute: number;
}

const SORTS: Record<CampaignFilters['sort'], string> = {
  created_at: 'c.created_at',
  name: 'lower(c.name)',
  status: 'c.status',
  scheduled_at: 'c.scheduled_at',
  recipients: 'c.recipients',
};

/**
 * The network's status of a recipient's message: only for one sent on the campaign's channel (an SMS
 * fallback's RCS message was refused, and a skipped recipient's too: neither is a failure of the send).
 * The recipient keeps its copy (net_status, decision 0058), so counts read the recipients alone.
 */
const NET = `CASE WHEN r.status = 'sent' AND r.channel <> 'sms' THEN r.net_status END`;

/** Counts of a list row from its campaign's counts (decision 0061): a few rows, not its recipients. */
const ROW_COUNTS = `(SELECT json_build_object(
    'sent', coalesce(sum(k.n) FILTER (WHERE k.key = 'sent'), 0),
    'delivered', coalesce(sum(k.n) FILTER (WHERE k.key = 'delivered'), 0),
    'failed', coalesce(sum(k.n) FILTER (WHERE k.key = 'failed'), 0))
  FROM campaign_counts k WHERE k.campaign_id = c.campaign_id AND k.key IN ('sent', 'delivered', 'failed')) AS "rowCounts"`;

/** The buckets campaign_counts keeps (besides reason:<why>), as migration 0032's trigger names them. */
const COUNTED = ['recipients', ...CAMPAIGN_RECIPIENT_STATUSES, 'fallback_sms', 'replied', 'clicked'] as const;
const REASON_KEY = 'reason:';

/**
 * Users' replies and taps among events ($1, their ids): the user's number (WhatsApp's without its
 * plus) and the bot it answered, by the network's name of it (as network_messages.sender keeps it).
 */
const REPLY_EVENTS = `SELECT kind, received_at, network,
         CASE WHEN sender LIKE '+%' THEN sender ELSE '+' || sender END AS msisdn,
         CASE network WHEN 'rbm' THEN payload->>'agentId' WHEN 'maap' THEN payload->>'botId'
                      WHEN 'whatsapp' THEN payload->'metadata'->>'phone_number_id' END AS bot
    FROM network_events
   WHERE event_id = ANY($1::uuid[]) AND sender IS NOT NULL AND kind IN ('user_message', 'suggestion_response')`;

/** Folds at most this many campaigns' additions into one row per key in one unit of work. */
const FOLD_CAMPAIGNS = 200;

/** SQL of campaigns and their recipients (the rules are the service's). */
/** A campaign message network-messages already stored (a batch sent again after a kill). */
export interface StoredMessage {
  status: string;
  /** The network took it (a later receipt may still have failed it). */
  accepted: boolean;
  /** Why the network refused it (NetworkError's kind); null when it took it, or for rows stored before. */
  errorKind: string | null;
}

export function createCampaignsRepository(database: Database) {
  const q = async <Row>(text: string, values: unknown[]) =>
    (await database.sql.query<Row>(text, values)).rows;

  function where(partnerId: string | null, f: Partial<CampaignFilters>): { text: string; values: unknown[] } {
    const parts: string[] = [];
    const values: unknown[] = [];
    const add = (clause: (n: string) => string, value: unknown) => {
      values.push(value);
      parts.push(clause(`$${values.length}`));
    };
    if (partnerId) add((n) => `c.partner_id = ${n}`, partnerId);
    if (f.partner_id) add((n) => `c.partner_id = ${n}`, f.partner_id);
    if (f.status) add((n) => `c.status = ${n}`, f.status);
    if (f.channel) add((n) => `c.channel = ${n}`, f.channel);
    if (f.bot_id) add((n) => `c.bot_id = ${n}`, f.bot_id);
    if (f.from) add((n) => `c.created_at >= ${n}::date`, f.from);
    if (f.to) add((n) => `c.created_at < ${n}::date + 1`, f.to);
    if (f.search)
      add(
        (n) =>
          `(c.name ILIKE ${n} OR c.bot_name ILIKE ${n} OR c.template_name ILIKE ${n} OR coalesce(p.company->>'name', '') ILIKE ${n})`,
        `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      );
    return { text: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values };
  }

  const FROM = `FROM campaigns c
    JOIN partners p ON p.partner_id = c.partner_id
    LEFT JOIN users u ON u.user_id = c.created_by`;
  const COLUMNS = `c.campaign_id AS "campaignId", c.partner_id AS "partnerId", c.created_by AS "createdBy", c.name,
    c.status, c.bot_id AS "botId", c.template_id AS "templateId", c.audience_id AS "audienceId", c.channel,
    c.variables, c.fallback, c.schedule_kind AS "scheduleKind", c.schedule_date AS "scheduleDate",
    c.schedule_time AS "scheduleTime", c.time_zone AS "timeZone", c.scheduled_at AS "scheduledAt",
    c.paused_at AS "pausedAt", c.pause_reason AS "pauseReason", c.end_reason AS "endReason",
    c.started_at AS "startedAt", c.ended_at AS "endedAt", c.recipients, c.estimate_micros::text AS "estimateMicros",
    c.hold_id AS "holdId", c.charged_micros::text AS "chargedMicros", c.released_micros::text AS "releasedMicros",
    c.created_at AS "createdAt", c.updated_at AS "updatedAt", c.media_key AS "mediaKey",
    c.test_devices_only AS "testDevicesOnly",
    coalesce(p.company->>'name', '') AS "partnerName", u.email AS "createdByEmail", c.bot_name AS "botName",
    c.template_name AS "templateName", c.audience_name AS "audienceName"`;

  type RawListRow = Omit<
    CampaignListRow,
    'estimateMicros' | 'chargedMicros' | 'releasedMicros' | 'sent' | 'delivered' | 'failed'
  > & {
    estimateMicros: string;
    chargedMicros: string;
    releasedMicros: string;
    rowCounts: { sent: number; delivered: number; failed: number };
  };
  const toRow = ({ rowCounts, ...r }: RawListRow): CampaignListRow => ({
    ...r,
    sent: Number(rowCounts.sent),
    delivered: Number(rowCounts.delivered),
    failed: Number(rowCounts.failed),
    scheduledAt: r.scheduledAt ? new Date(r.scheduledAt) : null,
    pausedAt: r.pausedAt ? new Date(r.pausedAt) : null,
    startedAt: r.startedAt ? new Date(r.startedAt) : null,
    endedAt: r.endedAt ? new Date(r.endedAt) : null,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
    estimateMicros: BigInt(r.estimateMicros),
    chargedMicros: BigInt(r.chargedMicros),
    releasedMicros: BigInt(r.releasedMicros),
  });

  return {
    async insert(values: NewCampaign): Promise<CampaignRow> {
      const [row] = await database.db.insert(campaigns).values(values).returning();
      if (!row) throw new Error('campaign not inserted');
      return row;
    },

    async update(campaignId: string, patch: Partial<NewCampaign>): Promise<CampaignRow | undefined> {
      const [row] = await database.db
        .update(campaigns)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(campaigns.campaignId, campaignId))
        .returning();
      return row;
    },

    /** The campaign locked for a state change (partnerId null: any partner's, for the platform and jobs). */
    async lock(partnerId: string | null, campaignId: string): Promise<CampaignRow | undefined> {
      const [row] = await database.db
        .select()
        .from(campaigns)
        .where(
          partnerId
            ? and(eq(campaigns.campaignId, campaignId), eq(campaigns.partnerId, partnerId))
            : eq(campaigns.campaignId, campaignId),
        )
        .for('update');
      return row;
    },

    async find(partnerId: string | null, campaignId: string): Promise<CampaignListRow | undefined> {
      const w = where(partnerId, {});
      const values = [...w.values, campaignId];
      const clause = `${w.text ? `${w.text} AND` : 'WHERE'} c.campaign_id = $${values.length}`;
      const [row] = await q<RawListRow>(`SELECT ${COLUMNS}, ${ROW_COUNTS} ${FROM} ${clause}`, values);
      return row ? toRow(row) : undefined;
    },

    async list(
      partnerId: string | null,
      f: CampaignFilters,
    ): Promise<{ items: CampaignListRow[]; total: number }> {
      const w = where(partnerId, f);
      const order = `${SORTS[f.sort]} ${f.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, c.campaign_id`;
      const values = [...w.values, f.end - f.start, f.start];
      const rows = await q<RawListRow>(
        `SELECT ${COLUMNS}, ${ROW_COUNTS} ${FROM} ${w.text} ORDER BY ${order} LIMIT $${values.length - 1} OFFSET $${values.length}`,
        values,
      );
      const [total] = await q<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${w.text}`, w.values);
      return { items: rows.map(toRow), total: total?.n ?? 0 };
    },

    /** Which of these stored media keys a campaign still names (the others may be swept). */
    async referencedMediaKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await q<{ key: string }>(
        `SELECT DISTINCT media_key AS key FROM campaigns WHERE media_key = ANY($1::text[])`,
        [[...keys]],
      );
      return new Set(rows.map((r) => r.key));
    },

    /** A scheduled or running campaign that sends this template (the template's deletion is refused). */
    async activeUsingTemplate(templateId: string): Promise<{ name: string; status: string } | undefined> {
      const [row] = await q<{ name: string; status: string }>(
        `SELECT name, status FROM campaigns WHERE template_id = $1 AND status IN ('s', 'r') ORDER BY created_at LIMIT 1`,
        [templateId],
      );
      return row;
    },

    /** The partners and the bots that have campaigns (the platform list's filter options), by name. */
    async facets(): Promise<{
      partners: { id: string; name: string }[];
      bots: { id: string; name: string; partnerId: string }[];
    }> {
      const partners = await q<{ id: string; name: string }>(
        `SELECT DISTINCT c.partner_id AS id, coalesce(p.company->>'name', '') AS name
           FROM campaigns c JOIN partners p ON p.partner_id = c.partner_id ORDER BY name, id LIMIT 1000`,
        [],
      );
      const bots = await q<{ id: string; name: string; partnerId: string }>(
        `SELECT DISTINCT ON (bot_id) bot_id AS id, bot_name AS name, partner_id AS "partnerId"
           FROM campaigns ORDER BY bot_id, created_at DESC LIMIT 1000`,
        [],
      );
      bots.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      return { partners, bots };
    },

    /** The audience as a campaign needs it: the partner's own only. */
    async audience(
      partnerId: string,
      audienceId: string,
    ): Promise<
      { audienceId: string; name: string; status: string; fields: string[]; kept: number } | undefined
    > {
      const [row] = await q<{
        audienceId: string;
        name: string;
        status: string;
        fields: string[];
        kept: number;
      }>(
        `SELECT audience_id AS "audienceId", name, status, fields, kept_count AS kept
           FROM audiences WHERE audience_id = $1 AND partner_id = $2`,
        [audienceId, partnerId],
      );
      return row;
    },

    /** The audience's recipients after `afterLine`, in line order (for the estimate, in pages). */
    /** A page of the audience's numbers; `only` (a bot not launched: its test devices) keeps those numbers alone. */
    async audienceNumbers(
      audienceId: string,
      afterLine: number,
      limit: number,
      only: readonly string[] | null,
    ) {
      return q<{ line: number; msisdn: string }>(
        `SELECT line, msisdn FROM audience_recipients
          WHERE audience_id = $1 AND line > $2 AND ($4::text[] IS NULL OR msisdn = ANY($4::text[]))
          ORDER BY line LIMIT $3`,
        [audienceId, afterLine, limit, only],
      );
    },

    /** A bot's test devices on a channel (bot-testing's table): their numbers and invite answers. */
    async testDevices(botId: string, channel: string) {
      return q<{ msisdn: string; inviteStatus: string | null }>(
        `SELECT msisdn, invite_status AS "inviteStatus" FROM bot_test_devices WHERE bot_id = $1 AND channel = $2`,
        [botId, channel],
      );
    },

    /**
     * Copies the audience's recipients into the campaign, each with its deterministic message id
     * (a uuid of the campaign and the number), leaving out the partner's opted-out numbers; `only`
     * (a bot not launched) keeps its test devices' numbers alone. Returns how many.
     */
    async copyRecipients(
      campaignId: string,
      audienceId: string,
      partnerId: string,
      only: readonly string[] | null,
    ): Promise<number> {
      const rows = await q<{ n: number }>(
        `WITH inserted AS (
           INSERT INTO campaign_recipients (campaign_id, seq, msisdn, fields, message_id)
           SELECT $1::uuid, row_number() OVER (ORDER BY ar.line), ar.msisdn, ar.fields,
                  md5($4::text || ':' || ar.msisdn)::uuid
             FROM audience_recipients ar
            WHERE ar.audience_id = $2::uuid
              AND ($5::text[] IS NULL OR ar.msisdn = ANY($5::text[]))
              AND NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.partner_id = $3::uuid AND o.msisdn = ar.msisdn)
           ON CONFLICT DO NOTHING RETURNING 1)
         SELECT count(*)::int AS n FROM inserted`,
        [campaignId, audienceId, partnerId, campaignId, only],
      );
      return rows[0]?.n ?? 0;
    },

    async dropRecipients(campaignId: string): Promise<void> {
      await q(`DELETE FROM campaign_recipients WHERE campaign_id = $1`, [campaignId]);
    },

    async carrierNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await q<{ id: number; name: string }>(
        `SELECT carrier_id AS id, name FROM carriers WHERE carrier_id = ANY($1::int[])`,
        [ids],
      );
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The next queued recipients after `afterSeq` (a batch). */
    async queued(campaignId: string, afterSeq: number, limit: number): Promise<CampaignRecipientRow[]> {
      return q<CampaignRecipientRow>(
        `SELECT campaign_id AS "campaignId", seq, msisdn, fields, message_id AS "messageId", status, reason,
                channel, carrier_id AS "carrierId", price_micros AS "priceMicros", sent_at AS "sentAt"
           FROM campaign_recipients WHERE campaign_id = $1 AND status = 'queued' AND seq > $2
           ORDER BY seq LIMIT $3`,
        [campaignId, afterSeq, limit],
      );
    },

    /**
     * The stored messages of a batch's message ids (one query; absent ids were never stored): each
     * one's status, whether the network took it (it has the network's id), and, when the network
     * refused it, why (the connector's kind).
     */
    async sentMessageStatuses(messageIds: readonly string[]): Promise<Map<string, StoredMessage>> {
      const rows = await q<StoredMessage & { messageId: string }>(
        `SELECT message_id AS "messageId", status, network_message_id IS NOT NULL AS accepted,
                error_kind AS "errorKind"
           FROM network_messages WHERE message_id = ANY($1::text[])`,
        [messageIds],
      );
      return new Map(rows.map(({ messageId, ...stored }) => [messageId, stored]));
    },

    /** Which of a batch's numbers opted out of the partner's messages (one query). */
    async optedOutAmong(partnerId: string, msisdns: readonly string[]): Promise<Set<string>> {
      const rows = await q<{ msisdn: string }>(
        `SELECT msisdn FROM opt_outs WHERE partner_id = $1 AND msisdn = ANY($2::text[])`,
        [partnerId, msisdns],
      );
      return new Set(rows.map((r) => r.msisdn));
    },

    /**
     * A batch's outcomes in one statement: a sent recipient gets its channel, carrier, price and
     * time; a failed or skipped one its reason and channel. The
     * batch's range of seq bounds the scan whatever the statistics say: a campaign's recipients are
     * copied at its start and sent at once, before any analyze, and a plan that hashed every
     * recipient of the campaign for each batch made a large campaign quadratic.
     */
    async setRecipients(
      campaignId: string,
      rows: readonly {
        seq: number;
        status: string;
        reason: string | null;
        channel: string | null;
        carrierId: number | null;
        priceMicros: bigint | null;
      }[],
      sentAt: Date,
    ): Promise<void> {
      if (rows.length === 0) return;
      // Locked in the order of seq first, as the receipts' copies (setNetStatuses) lock them: a batch
      // and a receipt never wait on each other in a circle.
      const sorted = [...rows].sort((x, y) => x.seq - y.seq);
      const first = sorted[0]?.seq ?? 0;
      const last = sorted[sorted.length - 1]?.seq ?? 0;
      await q(
        `SELECT 1 FROM campaign_recipients WHERE campaign_id = $1 AND seq BETWEEN $2 AND $3 AND seq = ANY($4::int[])
          ORDER BY seq FOR UPDATE`,
        [campaignId, first, last, sorted.map((r) => r.seq)],
      );
      await q(
        `UPDATE campaign_recipients r
            SET status = u.status,
                reason = CASE WHEN u.status = 'sent' THEN r.reason ELSE u.reason END,
                channel = u.channel,
                carrier_id = CASE WHEN u.status = 'sent' THEN u.carrier_id ELSE r.carrier_id END,
                price_micros = CASE WHEN u.status = 'sent' THEN u.price ELSE r.price_micros END,
                sent_at = CASE WHEN u.status = 'sent' THEN $8::timestamptz ELSE r.sent_at END
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::bigint[])
                AS u(seq, status, reason, channel, carrier_id, price)
          WHERE r.campaign_id = $1 AND r.seq = u.seq AND r.seq BETWEEN $9 AND $10`,
        [
          campaignId,
          sorted.map((r) => r.seq),
          sorted.map((r) => r.status),
          sorted.map((r) => r.reason),
          sorted.map((r) => r.channel),
          sorted.map((r) => r.carrierId),
          sorted.map((r) => (r.priceMicros === null ? null : r.priceMicros.toString())),
          sentAt,
          first,
          last,
        ],
      );
    },

    /**
     * The copies of their messages' statuses (network-messages' status listener), in the unit of
     * work that changed them: the rows locked in the order of (campaign, seq) first, as a batch's
     * outcomes lock them, so a receipt and a batch never wait on each other in a circle. Returns the
     * campaigns whose recipients changed.
     */
    async setNetStatuses(messages: readonly { messageId: string; status: string }[]): Promise<string[]> {
      if (messages.length === 0) return [];
      const ids = messages.map((m) => m.messageId);
      await q(
        `SELECT 1 FROM campaign_recipients WHERE message_id = ANY($1::uuid[]) ORDER BY campaign_id, seq FOR UPDATE`,
        [ids],
      );
      // Found through the message index whatever the statistics say (joined to an unnest, a campaign
      // copied just now was read whole for each receipt).
      const changed = await q<{ campaign_id: string }>(
        `UPDATE campaign_recipients r SET net_status = ($2::text[])[array_position($1::uuid[], r.message_id)]
          WHERE r.message_id = ANY($1::uuid[])
          RETURNING r.campaign_id`,
        [ids, messages.map((m) => m.status)],
      );
      return [...new Set(changed.map((row) => row.campaign_id))];
    },

    async addCharged(campaignId: string, amount: bigint): Promise<void> {
      await database.db
        .update(campaigns)
        .set({ chargedMicros: sql`${campaigns.chargedMicros} + ${amount}`, updatedAt: new Date() })
        .where(eq(campaigns.campaignId, campaignId));
    },

    /**
     * The live counts: our sends, the networks' receipts (copied onto the recipients), replies and
     * taps after the send, summed from the campaign's counts; the pace from its last minute of sends.
     */
    async counts(campaignId: string): Promise<CountsRow> {
      const [row] = await q<{ counts: Record<string, string> | null; last_minute: number }>(
        `SELECT (SELECT jsonb_object_agg(key, n) FROM (
                   SELECT key, sum(n) AS n FROM campaign_counts WHERE campaign_id = $1 GROUP BY key) k) AS counts,
                (SELECT count(*)::int FROM campaign_recipients r
                  WHERE r.campaign_id = $1 AND r.sent_at > now() - interval '1 minute') AS last_minute`,
        [campaignId],
      );
      const counts = row?.counts ?? {};
      const byReason: Record<string, number> = {};
      for (const [key, n] of Object.entries(counts))
        if (key.startsWith(REASON_KEY) && Number(n) > 0) byReason[key.slice(REASON_KEY.length)] = Number(n);
      const bucket = Object.fromEntries(COUNTED.map((key) => [key, Number(counts[key] ?? 0)])) as Record<
        (typeof COUNTED)[number],
        number
      >;
      return {
        ...bucket,
        by_reason: Object.keys(byReason).length > 0 ? byReason : null,
        last_minute: row?.last_minute ?? 0,
      };
    },

    /**
     * Users' replies and taps (the newly stored events by id): each recipient its number was sent to
     * by the bot the user answered keeps its first reply after the send and counts its taps since.
     * Returns the campaigns whose counts changed.
     */
    async recordReplies(eventIds: readonly string[]) {
      if (eventIds.length === 0) return [];
      const changed = await q<{ campaign_id: string }>(
        `UPDATE campaign_recipients r
            SET replied_at = coalesce(r.replied_at, e.first_reply), clicks = r.clicks + e.taps
           FROM (SELECT x.campaign_id, x.seq,
                        min(ev.received_at) FILTER (WHERE ev.kind = 'user_message') AS first_reply,
                        count(*) FILTER (WHERE ev.kind = 'suggestion_response')::int AS taps
                   FROM (${REPLY_EVENTS}) ev
                   JOIN campaign_recipients x
                     ON x.msisdn = ev.msisdn AND x.sent_at IS NOT NULL AND ev.received_at >= x.sent_at
                   JOIN network_messages m
                     ON m.message_id = x.message_id::text AND m.network = ev.network AND m.sender = ev.bot
                  GROUP BY 1, 2) e
          WHERE r.campaign_id = e.campaign_id AND r.seq = e.seq
            AND (e.taps > 0 OR (r.replied_at IS NULL AND e.first_reply IS NOT NULL))
          RETURNING r.campaign_id`,
        [eventIds],
      );
      return [...new Set(changed.map((row) => row.campaign_id))];
    },

    /**
     * Folds campaigns' counts into one row per key (the additions of a minute of sends and receipts),
     * one process at a time. Returns how many campaigns it folded.
     */
    async foldCounts(): Promise<number> {
      const [row] = await q<{ n: number }>(
        `WITH locked AS (SELECT pg_try_advisory_xact_lock(hashtext('campaign_counts_fold')) AS ok),
              many AS (SELECT campaign_id FROM campaign_counts, locked WHERE locked.ok
                        GROUP BY campaign_id HAVING count(*) > count(DISTINCT key) LIMIT ${FOLD_CAMPAIGNS}),
              gone AS (DELETE FROM campaign_counts k USING many WHERE k.campaign_id = many.campaign_id
                       RETURNING k.campaign_id, k.key, k.n),
              folded AS (INSERT INTO campaign_counts (campaign_id, key, n)
                         SELECT campaign_id, key, sum(n) FROM gone GROUP BY 1, 2 HAVING sum(n) <> 0)
         SELECT count(*)::int AS n FROM many`,
        [],
      );
      return row?.n ?? 0;
    },

    /** Campaigns the scheduler acts on: scheduled ones now due, running ones not paused by the partner. */
    async due(now: Date): Promise<{ campaignId: string; status: string; pauseReason: string | null }[]> {
      return q(
        `SELECT campaign_id AS "campaignId", status, pause_reason AS "pauseReason" FROM campaigns
          WHERE (status = 's' AND scheduled_at <= $1) OR (status = 'r' AND coalesce(pause_reason, '') <> 'partner')
          ORDER BY scheduled_at NULLS FIRST LIMIT 500`,
        [now],
      );
    },

    async recipients(
      campaignId: string,
      f: { start: number; end: number; search?: string | undefined; status?: string | undefined },
    ) {
      const values: unknown[] = [campaignId];
      let clause = '';
      if (f.search) {
        values.push(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        clause += ` AND r.msisdn ILIKE $${values.length}`;
      }
      if (f.status) {
        values.push(f.status);
        clause += ` AND ${RECIPIENT_STATUS} = $${values.length}`;
      }
      const [total] = await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM campaign_recipients r WHERE r.campaign_id = $1${clause}`,
        values,
      );
      values.push(f.end - f.start, f.start);
      const items = await q<RecipientReportRow>(
        `${RECIPIENT_SELECT} WHERE r.campaign_id = $1${clause} ORDER BY r.seq LIMIT $${values.length - 1} OFFSET $${values.length}`,
        values,
      );
      return { items, total: total?.n ?? 0 };
    },

    /** The per-recipient report in pages of seq (streamed exports: flat memory). */
    async recipientPage(campaignId: string, afterSeq: number, limit: number): Promise<RecipientReportRow[]> {
      return q<RecipientReportRow>(
        `${RECIPIENT_SELECT} WHERE r.campaign_id = $1 AND r.seq > $2 ORDER BY r.seq LIMIT $3`,
        [campaignId, afterSeq, limit],
      );
    },
  };
}
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;

/** A recipient's status as reported: ours until sent, then the network's receipt. */
const RECIPIENT_STATUS = `CASE WHEN r.status = 'sent' THEN coalesce(${NET}, 'sent') ELSE r.status END`;

export interface RecipientReportRow {
  seq: number;
  msisdn: string;
  status: string;
  reason: string | null;
  channel: string | null;
  carrierName: string | null;
  priceMicros: string | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
}

const RECIPIENT_SELECT = `SELECT r.seq, r.msisdn, ${RECIPIENT_STATUS} AS status,
    CASE WHEN ${NET} = 'failed' AND r.reason IS NULL THEN 'undelivered' ELSE r.reason END AS reason,
    r.channel, ca.name AS "carrierName", r.price_micros::text AS "priceMicros", r.sent_at AS "sentAt",
    (SELECT min(coalesce(e.occurred_at, e.received_at)) FROM network_events e
      WHERE ${NET} IS NOT NULL AND e.network = m.network AND e.network_message_id = m.network_message_id AND e.status IN ('delivered', 'read')) AS "deliveredAt",
    (SELECT min(coalesce(e.occurred_at, e.received_at)) FROM network_events e
      WHERE ${NET} IS NOT NULL AND e.network = m.network AND e.network_message_id = m.network_message_id AND e.status = 'read') AS "readAt"
  FROM campaign_recipients r
  LEFT JOIN network_messages m ON m.message_id = r.message_id::text
  LEFT JOIN carriers ca ON ca.carrier_id = r.carrier_id`;
