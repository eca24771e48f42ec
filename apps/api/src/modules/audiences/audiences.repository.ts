import {
  AUDIENCE_STATUS_LABELS,
  type AudienceSort,
  type AudienceStatus,
  type KeptRecipient,
  OPT_OUT_SOURCE_LABELS,
  type OptOutSort,
  type OptOutSource,
  type RefusedLine,
} from '@portico/domain';
import { and, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { byLabel, containsPattern, orderOf } from '../../platform/db/filters.ts';
import type { Database } from '../../platform/db/index.ts';
import { bots } from '../bots/bots.schema.ts';
import {
  audienceReach,
  audienceRecipients,
  audienceRefusedLines,
  audiences,
  optOuts,
} from './audiences.schema.ts';

export type AudienceRow = typeof audiences.$inferSelect;
export type ReachRow = typeof audienceReach.$inferSelect;
/** A reach check with its bot's name (the page names the bot). */
export type ReachWithBot = ReachRow & { botName: string };
export type OptOutRow = typeof optOuts.$inferSelect & { botName: string | null };

export interface NewOptOut {
  partnerId: string;
  msisdn: string;
  source: OptOutSource;
  botId?: string | null;
  sourceDetail?: string | null;
  eventId?: string | null;
}

/** A user's event to a bot that may opt the user out: the bot found by its name on the network. */
export interface OptOutCandidate {
  eventId: string;
  kind: string;
  sender: string | null;
  text: string | null;
  botId: string;
  partnerId: string;
}

export interface ListFilters {
  start: number;
  end: number;
  search?: string | undefined;
}

/** A list's order: a field of its contract's sort and the direction (the contract gives the default). */
interface Sorted<F extends string> {
  sort: F;
  order: 'asc' | 'desc';
}

/** SQL of opt-outs, audiences, their recipients and refused lines (the rules are the services'). */
export function createAudiencesRepository(database: Database) {
  const { db } = database;
  const q = async <Row>(text: string, values: unknown[]) =>
    (await database.sql.query<Row>(text, values)).rows;

  function optOutWhere(
    partnerId: string,
    filters: { search?: string | undefined; source?: string | undefined },
  ) {
    const where: SQL[] = [eq(optOuts.partnerId, partnerId)];
    if (filters.search) where.push(ilike(optOuts.msisdn, containsPattern(filters.search)));
    if (filters.source) where.push(eq(optOuts.source, filters.source));
    return and(...where);
  }

  function audienceWhere(
    partnerId: string,
    filters: { search?: string | undefined; status?: string | undefined },
  ) {
    const where: SQL[] = [eq(audiences.partnerId, partnerId)];
    if (filters.search)
      where.push(
        sql`(${ilike(audiences.name, containsPattern(filters.search))} OR ${ilike(audiences.fileName, containsPattern(filters.search))})`,
      );
    if (filters.status) where.push(eq(audiences.status, filters.status));
    return and(...where);
  }

  return {
    /** Adds numbers to partners' lists; a number already there keeps its first time and source. */
    async addOptOuts(rows: readonly NewOptOut[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(optOuts)
        .values(rows.map((r) => ({ ...r })))
        .onConflictDoNothing({ target: [optOuts.partnerId, optOuts.msisdn] })
        .returning({ msisdn: optOuts.msisdn });
      return inserted.length;
    },

    async removeOptOut(partnerId: string, msisdn: string): Promise<boolean> {
      const removed = await db
        .delete(optOuts)
        .where(and(eq(optOuts.partnerId, partnerId), eq(optOuts.msisdn, msisdn)))
        .returning({ msisdn: optOuts.msisdn });
      return removed.length > 0;
    },

    /** Which of these (partner, number) pairs are on their partner's list: one statement for all. */
    async optedOutPairs(pairs: readonly { partnerId: string; msisdn: string }[]): Promise<Set<string>> {
      const rows = await q<{ partner_id: string; msisdn: string }>(
        `SELECT o.partner_id, o.msisdn FROM opt_outs o
           JOIN unnest($1::uuid[], $2::text[]) AS k(partner_id, msisdn)
             ON o.partner_id = k.partner_id AND o.msisdn = k.msisdn`,
        [pairs.map((p) => p.partnerId), pairs.map((p) => p.msisdn)],
      );
      return new Set(rows.map((r) => `${r.partner_id} ${r.msisdn}`));
    },

    /** Every number on the partner's list (the checking job's set; lists are far smaller than audiences). */
    async optedOutNumbers(partnerId: string): Promise<Set<string>> {
      const rows = await q<{ msisdn: string }>('SELECT msisdn FROM opt_outs WHERE partner_id = $1', [
        partnerId,
      ]);
      return new Set(rows.map((r) => r.msisdn));
    },

    async listOptOuts(
      partnerId: string,
      filters: ListFilters & Sorted<OptOutSort> & { source?: string | undefined },
    ): Promise<{ items: OptOutRow[]; total: number }> {
      const where = optOutWhere(partnerId, filters);
      const order = orderOf(
        {
          opted_out_at: optOuts.optedOutAt,
          msisdn: optOuts.msisdn,
          source: byLabel(optOuts.source, OPT_OUT_SOURCE_LABELS),
          // Numbers with no bot (added by hand) sort as PostgreSQL sorts NULL: last going up.
          bot_name: sql`lower(${bots.name})`,
        },
        filters.sort,
        filters.order,
        optOuts.msisdn,
      );
      const [items, [total]] = await Promise.all([
        db
          .select({ row: optOuts, botName: bots.name })
          .from(optOuts)
          .leftJoin(bots, eq(bots.botId, optOuts.botId))
          .where(where)
          .orderBy(...order)
          .offset(filters.start)
          .limit(filters.end - filters.start),
        db.select({ n: count() }).from(optOuts).where(where),
      ]);
      return { items: items.map((i) => ({ ...i.row, botName: i.botName })), total: total?.n ?? 0 };
    },

    /**
     * The users' events among these that may opt them out (a message or the network's unsubscribe),
     * with the bot they went to, found by its name on the network the way the webhook outbox finds
     * it: RBM's agentId, MaaP's botId, WhatsApp's business number id (metadata.phone_number_id).
     */
    async optOutCandidates(eventIds: readonly string[]): Promise<OptOutCandidate[]> {
      if (eventIds.length === 0) return [];
      return q<OptOutCandidate>(
        // The users' events first (none among a batch of receipts), then their bots: joined the other
        // way round, each bot fetched every event of the batch (9.5 ms a batch of receipts).
        `WITH e AS MATERIALIZED (
           SELECT event_id, kind, sender, text, network, payload FROM network_events
            WHERE event_id = ANY($1::uuid[]) AND kind IN ('user_message', 'unsubscribe'))
         SELECT e.event_id AS "eventId", e.kind, e.sender, e.text, b.bot_id AS "botId", b.partner_id AS "partnerId"
           FROM e
           JOIN bots b ON (
             (e.network = 'rbm' AND split_part(b.rbm_agent, '/agents/', 2) = e.payload->>'agentId') OR
             (e.network = 'maap' AND b.maap_bot_id = e.payload->>'botId') OR
             (e.network = 'whatsapp' AND b.whatsapp_phone_number_id = e.payload->'metadata'->>'phone_number_id'))`,
        [eventIds],
      );
    },

    async insertAudience(row: typeof audiences.$inferInsert): Promise<AudienceRow> {
      const [created] = await db.insert(audiences).values(row).returning();
      if (!created) throw new Error('audience insert returned nothing');
      return created;
    },

    /**
     * Inserts the audience unless one already holds its storage key (a completed resumable upload
     * completed again): answers the row and whether this call made it.
     */
    async insertAudienceOnce(
      row: typeof audiences.$inferInsert,
    ): Promise<{ row: AudienceRow; created: boolean }> {
      const [created] = await db
        .insert(audiences)
        .values(row)
        .onConflictDoNothing({ target: audiences.storageKey })
        .returning();
      if (created) return { row: created, created: true };
      const [existing] = await db.select().from(audiences).where(eq(audiences.storageKey, row.storageKey));
      if (!existing) throw new Error('audience insert conflicted but no row holds the key');
      return { row: existing, created: false };
    },

    /** The partner's audience stored under key (the audience a resumable upload became), if any. */
    async audienceByStorageKey(partnerId: string, key: string): Promise<AudienceRow | undefined> {
      const [row] = await db
        .select()
        .from(audiences)
        .where(and(eq(audiences.partnerId, partnerId), eq(audiences.storageKey, key)));
      return row;
    },

    async audience(partnerId: string, audienceId: string): Promise<AudienceRow | undefined> {
      const [row] = await db
        .select()
        .from(audiences)
        .where(and(eq(audiences.partnerId, partnerId), eq(audiences.audienceId, audienceId)));
      return row;
    },

    async audienceById(audienceId: string): Promise<AudienceRow | undefined> {
      const [row] = await db.select().from(audiences).where(eq(audiences.audienceId, audienceId));
      return row;
    },

    /** The audience locked for the checking job's batch (FOR UPDATE), or undefined once deleted. */
    async audienceForUpdate(audienceId: string): Promise<AudienceRow | undefined> {
      const [row] = await db
        .select()
        .from(audiences)
        .where(eq(audiences.audienceId, audienceId))
        .for('update');
      return row;
    },

    async listAudiences(
      partnerId: string,
      filters: ListFilters & Sorted<AudienceSort> & { status?: string | undefined },
    ): Promise<{ items: AudienceRow[]; total: number }> {
      const where = audienceWhere(partnerId, filters);
      const order = orderOf(
        {
          created_at: audiences.createdAt,
          name: sql`lower(${audiences.name})`,
          status: byLabel(audiences.status, AUDIENCE_STATUS_LABELS),
          kept: audiences.keptCount,
          refused: audiences.refusedCount,
        },
        filters.sort,
        filters.order,
        audiences.audienceId,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(audiences)
          .where(where)
          .orderBy(...order)
          .offset(filters.start)
          .limit(filters.end - filters.start),
        db.select({ n: count() }).from(audiences).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async deleteAudience(partnerId: string, audienceId: string): Promise<AudienceRow | undefined> {
      const [row] = await db
        .delete(audiences)
        .where(and(eq(audiences.partnerId, partnerId), eq(audiences.audienceId, audienceId)))
        .returning();
      return row;
    },

    async updateAudience(
      audienceId: string,
      fields: Partial<
        Pick<AudienceRow, 'fields' | 'defaultCountry' | 'failure' | 'checkedAt' | 'keptCount'>
      > & {
        status?: AudienceStatus;
      },
    ): Promise<void> {
      await db.update(audiences).set(fields).where(eq(audiences.audienceId, audienceId));
    },

    /**
     * Inserts a batch's candidate recipients (one unnest statement; the recipients' key skips a
     * number already stored, by an earlier line or an earlier batch) and answers the lines kept.
     */
    async insertRecipients(audienceId: string, candidates: readonly KeptRecipient[]): Promise<Set<number>> {
      if (candidates.length === 0) return new Set();
      const rows = await q<{ line: number }>(
        `INSERT INTO audience_recipients (audience_id, msisdn, line, fields)
         SELECT $1::uuid, m, l, CASE WHEN f = '{}' THEN NULL ELSE f::jsonb END
           FROM unnest($2::text[], $3::int[], $4::text[]) WITH ORDINALITY AS t(m, l, f, o)
          ORDER BY o
         ON CONFLICT DO NOTHING
         RETURNING line`,
        [
          audienceId,
          candidates.map((k) => k.msisdn),
          candidates.map((k) => k.line),
          candidates.map((k) => JSON.stringify(k.fields)),
        ],
      );
      return new Set(rows.map((r) => r.line));
    },

    /**
     * The rest of one batch of the check, committed with its checkpoint by the caller's unit of
     * work: the refused lines (a line already stored is skipped), the counts added (by reason: the
     * totals the caller computed under the row's lock), `checked_line` moved to the batch's last line.
     */
    async storeBatch(
      audienceId: string,
      batch: {
        kept: number;
        refused: readonly RefusedLine[];
        lastLine: number;
        /** The audience's counts by reason with this batch's added. */
        refusedByReason: Record<string, number>;
      },
    ): Promise<void> {
      const { refused } = batch;
      if (refused.length > 0)
        await q(
          `INSERT INTO audience_refused_lines (audience_id, line, reason, detail, raw)
           SELECT $1::uuid, l, r, d, w FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS t(l, r, d, w)
           ON CONFLICT DO NOTHING`,
          [
            audienceId,
            refused.map((r) => r.line),
            refused.map((r) => r.reason),
            refused.map((r) => r.detail),
            // PostgreSQL text holds no NUL character (a binary file's line may).
            refused.map((r) => r.raw.replaceAll('\u0000', '')),
          ],
        );
      await q(
        `UPDATE audiences SET read_count = read_count + $2, kept_count = kept_count + $3,
           refused_count = refused_count + $4, refused_by_reason = $5::jsonb, checked_line = $6
         WHERE audience_id = $1`,
        [
          audienceId,
          batch.kept + refused.length,
          batch.kept,
          refused.length,
          JSON.stringify(batch.refusedByReason),
          batch.lastLine,
        ],
      );
    },

    /** A failed check keeps nothing: its recipients go (the refused lines stay to explain it). */
    async dropRecipients(audienceId: string): Promise<void> {
      await db.delete(audienceRecipients).where(eq(audienceRecipients.audienceId, audienceId));
    },

    async refusedLines(audienceId: string, after: number, limit: number) {
      return db
        .select()
        .from(audienceRefusedLines)
        .where(
          and(eq(audienceRefusedLines.audienceId, audienceId), sql`${audienceRefusedLines.line} > ${after}`),
        )
        .orderBy(audienceRefusedLines.line)
        .limit(limit);
    },

    async recipients(audienceId: string, filters: ListFilters) {
      const where = and(
        eq(audienceRecipients.audienceId, audienceId),
        filters.search ? ilike(audienceRecipients.msisdn, containsPattern(filters.search)) : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(audienceRecipients)
          .where(where)
          .orderBy(audienceRecipients.line)
          .offset(filters.start)
          .limit(filters.end - filters.start),
        db.select({ n: count() }).from(audienceRecipients).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Kept numbers after a line, in line order (keyset pages for the reach check). */
    async recipientNumbersAfter(
      audienceId: string,
      afterLine: number,
      limit: number,
    ): Promise<{ line: number; msisdn: string }[]> {
      return q<{ line: number; msisdn: string }>(
        'SELECT line, msisdn FROM audience_recipients WHERE audience_id = $1 AND line > $2 ORDER BY line LIMIT $3',
        [audienceId, afterLine, limit],
      );
    },

    /** The reach row of (audience, bot) locked for a start that may replace it. */
    async reachForUpdate(audienceId: string, botId: string): Promise<ReachRow | undefined> {
      const [row] = await db
        .select()
        .from(audienceReach)
        .where(and(eq(audienceReach.audienceId, audienceId), eq(audienceReach.botId, botId)))
        .for('update');
      return row;
    },

    async reachRow(audienceId: string, botId: string): Promise<ReachRow | undefined> {
      const [row] = await db
        .select()
        .from(audienceReach)
        .where(and(eq(audienceReach.audienceId, audienceId), eq(audienceReach.botId, botId)));
      return row;
    },

    /** Starts a reach check: the row of (audience, bot) made or replaced (a new run, counts from zero). */
    async startReach(row: typeof audienceReach.$inferInsert): Promise<ReachRow> {
      const fresh = {
        ...row,
        status: 'running',
        rcsCapable: 0,
        notRcsCapable: 0,
        checkedLine: 0,
        failure: null,
        startedAt: new Date(),
        updatedAt: new Date(),
        checkedAt: null,
      };
      const [stored] = await db
        .insert(audienceReach)
        .values(fresh)
        .onConflictDoUpdate({ target: [audienceReach.audienceId, audienceReach.botId], set: fresh })
        .returning();
      if (!stored) throw new Error('reach upsert returned nothing');
      return stored;
    },

    /**
     * Moves the run's row on (a batch's counts and checkpoint, or its end); false when the run is no
     * longer the row's (a newer check replaced it, or the audience or bot was deleted).
     */
    async updateReach(
      run: { audienceId: string; botId: string; runId: string },
      fields: Partial<
        Pick<ReachRow, 'status' | 'rcsCapable' | 'notRcsCapable' | 'checkedLine' | 'failure' | 'checkedAt'>
      >,
    ): Promise<boolean> {
      const updated = await db
        .update(audienceReach)
        .set({ ...fields, updatedAt: new Date() })
        .where(
          and(
            eq(audienceReach.audienceId, run.audienceId),
            eq(audienceReach.botId, run.botId),
            eq(audienceReach.runId, run.runId),
            eq(audienceReach.status, 'running'),
          ),
        )
        .returning({ runId: audienceReach.runId });
      return updated.length > 0;
    },

    /** The audience's reach checks, one per bot, with the bot's name (by name). */
    async reachOf(audienceId: string): Promise<ReachWithBot[]> {
      const rows = await db
        .select({ row: audienceReach, botName: bots.name })
        .from(audienceReach)
        .innerJoin(bots, eq(bots.botId, audienceReach.botId))
        .where(eq(audienceReach.audienceId, audienceId))
        .orderBy(sql`lower(${bots.name})`, audienceReach.botId);
      return rows.map((r) => ({ ...r.row, botName: r.botName }));
    },

    /** The partner's default country for numbers without their prefix (its address). */
    async partnerCountry(partnerId: string): Promise<string | null> {
      const rows = await q<{ country: string | null }>(
        `SELECT address->>'countryId' AS country FROM partners WHERE partner_id = $1`,
        [partnerId],
      );
      return rows[0]?.country ?? null;
    },

    async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
      const rows = await q<{ storage_key: string }>(
        'SELECT storage_key FROM audiences WHERE storage_key = ANY($1::text[])',
        [keys],
      );
      return new Set(rows.map((r) => r.storage_key));
    },
  };
}
export type AudiencesRepository = ReturnType<typeof createAudiencesRepository>;
