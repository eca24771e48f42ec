import { BOT_CARRIER_MACHINE, BOT_CHANNEL_TYPES, BOT_STATUS, type TBotFilters } from '@portico/domain';
import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { carriers, lookupValues, partners } from '../../platform/db/core.schema.ts';
import { containsPattern, idMatches, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { brands } from '../brands/brands.schema.ts';
import { botCarriers, bots } from './bots.schema.ts';

export type BotRow = typeof bots.$inferSelect;
export type NewBot = typeof bots.$inferInsert;
export type BotFields = Partial<Omit<NewBot, 'botId' | 'partnerId' | 'createdAt' | 'createdBy'>>;

const partnerName = sql<string>`coalesce(${partners.company}->>'name', '')`;

export interface BotCarrierRow {
  botId: string;
  carrierId: number;
  name: string;
  countryId: string;
  status: number;
  reason: string | null;
  updatedAt: Date;
}

/** Bots' SQL: every read is scoped to the caller's partner (another tenant's bot is not found). */
export function createBotsRepository(db: Db) {
  function listWhere(partnerId: string, filters: TBotFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(bots.partnerId, partnerId)];
    if (filters.status) conditions.push(eq(bots.status, BOT_STATUS[filters.status]));
    if (filters.channel)
      conditions.push(sql`${bots.channels} @> ARRAY[${BOT_CHANNEL_TYPES[filters.channel]}]::integer[]`);
    if (filters.carrier_id !== undefined)
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${botCarriers} WHERE ${botCarriers.botId} = ${bots.botId} AND ${botCarriers.carrierId} = ${filters.carrier_id})`,
      );
    if (filters.search)
      conditions.push(
        or(ilike(bots.name, containsPattern(filters.search)), idMatches(bots.botId, filters.search)),
      );
    return and(...conditions);
  }

  const listColumns = {
    botId: bots.botId,
    name: bots.name,
    partnerName,
    channels: bots.channels,
    status: bots.status,
    brandId: bots.brandId,
    brandName: brands.name,
    logoKey: bots.logoKey,
    bannerKey: bots.bannerKey,
    createdAt: bots.createdAt,
    updatedAt: bots.updatedAt,
  };

  return {
    /** One window of the partner's bots (an aggregator's child users are users of its partner). */
    async list(partnerId: string, filters: TBotFilters, window: { start: number; end: number }) {
      const where = listWhere(partnerId, filters);
      const order = orderOf(
        {
          updated_at: bots.updatedAt,
          created_at: bots.createdAt,
          name: sql`lower(${bots.name})`,
          status: bots.status,
        },
        filters.sort,
        filters.order,
        bots.botId,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns)
          .from(bots)
          .innerJoin(partners, eq(partners.partnerId, bots.partnerId))
          .leftJoin(brands, eq(brands.brandId, bots.brandId))
          .where(where)
          .orderBy(...order)
          .offset(window.start)
          .limit(window.end - window.start),
        db.select({ n: count() }).from(bots).where(where),
      ]);
      const byBot = await this.carriersOf(rows.map((row) => row.botId));
      return {
        rows: rows.map((row) => ({ ...row, carriers: byBot.get(row.botId) ?? [] })),
        total: total?.n ?? 0,
      };
    },

    /** The carriers of these bots with their per-carrier state, by bot. */
    async carriersOf(botIds: readonly string[]): Promise<Map<string, BotCarrierRow[]>> {
      const byBot = new Map<string, BotCarrierRow[]>();
      if (botIds.length === 0) return byBot;
      const rows = await db
        .select({
          botId: botCarriers.botId,
          carrierId: carriers.carrierId,
          name: carriers.name,
          countryId: carriers.countryId,
          status: botCarriers.status,
          reason: botCarriers.reason,
          updatedAt: botCarriers.updatedAt,
        })
        .from(botCarriers)
        .innerJoin(carriers, eq(carriers.carrierId, botCarriers.carrierId))
        .where(inArray(botCarriers.botId, [...botIds]))
        .orderBy(asc(carriers.countryId), asc(carriers.name));
      for (const row of rows) byBot.set(row.botId, [...(byBot.get(row.botId) ?? []), row]);
      return byBot;
    },

    /** One bot of the partner with its partner's, brand's and chatbot platform's names, or undefined. */
    async find(partnerId: string, botId: string) {
      const [row] = await db
        .select({
          bot: bots,
          partnerName,
          brandName: brands.name,
          chatbotPlatformName: lookupValues.name,
        })
        .from(bots)
        .innerJoin(partners, eq(partners.partnerId, bots.partnerId))
        .leftJoin(brands, eq(brands.brandId, bots.brandId))
        .leftJoin(lookupValues, eq(lookupValues.id, bots.chatbotPlatformId))
        .where(and(eq(bots.partnerId, partnerId), eq(bots.botId, botId)));
      return row;
    },

    /** One bot of the partner, or null. */
    async byIds(botIds: readonly string[]): Promise<BotRow[]> {
      if (botIds.length === 0) return [];
      return db
        .select()
        .from(bots)
        .where(inArray(bots.botId, [...botIds]));
    },

    async findOwn(partnerId: string, botId: string): Promise<BotRow | null> {
      const [row] = await db
        .select()
        .from(bots)
        .where(and(eq(bots.partnerId, partnerId), eq(bots.botId, botId)))
        .limit(1);
      return row ?? null;
    },

    /** The partner's bot, locked for the use case (SELECT ... FOR UPDATE). */
    async lockOwn(partnerId: string, botId: string): Promise<BotRow | undefined> {
      const [row] = await db
        .select()
        .from(bots)
        .where(and(eq(bots.partnerId, partnerId), eq(bots.botId, botId)))
        .for('update');
      return row;
    },

    async insert(bot: NewBot): Promise<BotRow> {
      const [row] = await db.insert(bots).values(bot).returning();
      if (!row) throw new Error('bot insert returned nothing');
      return row;
    },

    async update(botId: string, fields: BotFields): Promise<void> {
      await db
        .update(bots)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(bots.botId, botId));
    },

    /** Moves the bot only while it is still at `from` (false when another change came first). */
    async moveStatus(botId: string, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(bots)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(bots.botId, botId), eq(bots.status, from)))
        .returning({ botId: bots.botId });
      return rows.length === 1;
    },

    /** Moves one carrier of the bot only while it is still at `from`; the reason is set (null clears it). */
    async moveCarrier(
      botId: string,
      carrierId: number,
      from: number,
      to: number,
      reason: string | null,
    ): Promise<boolean> {
      const rows = await db
        .update(botCarriers)
        .set({ status: to, reason, updatedAt: new Date() })
        .where(
          and(
            eq(botCarriers.botId, botId),
            eq(botCarriers.carrierId, carrierId),
            eq(botCarriers.status, from),
          ),
        )
        .returning({ carrierId: botCarriers.carrierId });
      return rows.length === 1;
    },

    /**
     * Notes the carrier's newest launch job while it is launching (bot-review's sweep asks pg-boss
     * about it); a carrier that left launching meanwhile keeps what it had.
     */
    async setLaunchJob(botId: string, carrierId: number, jobId: string): Promise<void> {
      await db
        .update(botCarriers)
        .set({ launchJobId: jobId })
        .where(
          and(
            eq(botCarriers.botId, botId),
            eq(botCarriers.carrierId, carrierId),
            eq(botCarriers.status, BOT_CARRIER_MACHINE.states.launching.code),
          ),
        );
    },

    /**
     * A launch's chosen carriers become exactly `carrierIds`: new ones join at `status`, those no
     * longer chosen leave, the others keep their state.
     */
    async chooseCarriers(botId: string, carrierIds: readonly number[], status: number): Promise<void> {
      await db
        .delete(botCarriers)
        .where(
          and(
            eq(botCarriers.botId, botId),
            carrierIds.length > 0 ? notInArray(botCarriers.carrierId, [...carrierIds]) : undefined,
          ),
        );
      if (carrierIds.length === 0) return;
      await db
        .insert(botCarriers)
        .values(carrierIds.map((carrierId) => ({ botId, carrierId, status })))
        .onConflictDoNothing();
    },

    /** Adds carriers at `status` (those already on the bot are left alone). */
    async addCarriers(botId: string, carrierIds: readonly number[], status: number): Promise<void> {
      if (carrierIds.length === 0) return;
      await db
        .insert(botCarriers)
        .values(carrierIds.map((carrierId) => ({ botId, carrierId, status })))
        .onConflictDoNothing();
    },

    async delete(botId: string): Promise<void> {
      await db.delete(bots).where(eq(bots.botId, botId));
    },

    /** The bot's carriers become exactly `carrierIds`; new ones start as selected. */
    async setCarriers(botId: string, carrierIds: readonly number[], selected: number): Promise<void> {
      await db
        .delete(botCarriers)
        .where(and(eq(botCarriers.botId, botId), notInArray(botCarriers.carrierId, [...carrierIds])));
      await db
        .insert(botCarriers)
        .values(carrierIds.map((carrierId) => ({ botId, carrierId, status: selected })))
        .onConflictDoNothing();
    },

    /** The ids of `ids` that are active carriers. */
    async activeCarriers(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: carriers.carrierId })
        .from(carriers)
        .where(and(inArray(carriers.carrierId, [...ids]), eq(carriers.active, true)));
      return new Set(rows.map((row) => row.id));
    },

    async lookupCodeExists(kind: 'billing-categories' | 'hosting-regions', code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: lookupValues.id })
        .from(lookupValues)
        .where(and(eq(lookupValues.kind, kind), eq(lookupValues.code, code)));
      return row !== undefined;
    },

    async lookupIdExists(kind: 'chatbot-platforms', id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: lookupValues.id })
        .from(lookupValues)
        .where(and(eq(lookupValues.kind, kind), eq(lookupValues.id, id)));
      return row !== undefined;
    },

    /** The partner's approval record (the approved-partner rule for creating a brand from the bot). */
    async approvalOf(partnerId: string) {
      const [row] = await db
        .select({
          isAggregator: partners.isAggregator,
          launchApproved: partners.launchApproved,
          approvalStatus: partners.approvalStatus,
        })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      return row;
    },

    /** Whether the brand is the partner's own. */
    async ownBrandExists(partnerId: string, brandId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: brands.brandId })
        .from(brands)
        .where(and(eq(brands.partnerId, partnerId), eq(brands.brandId, brandId)));
      return row !== undefined;
    },

    /** The partner's bots counted by status. */
    async countsByStatus(partnerId: string): Promise<Map<number, number>> {
      const rows = await db
        .select({ status: bots.status, n: count() })
        .from(bots)
        .where(eq(bots.partnerId, partnerId))
        .groupBy(bots.status);
      return new Map(rows.map((row) => [row.status, row.n]));
    },

    /** The stored keys among `keys` that a bot still points to (the storage sweep). */
    async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const list = [...keys];
      const rows = await db
        .select({ logo: bots.logoKey, banner: bots.bannerKey, photo: bots.photoKey })
        .from(bots)
        .where(
          sql`${inArray(bots.logoKey, list)} OR ${inArray(bots.bannerKey, list)} OR ${inArray(bots.photoKey, list)}`,
        );
      const wanted = new Set(list);
      return new Set(
        rows
          .flatMap((row) => [row.logo, row.banner, row.photo])
          .filter((k): k is string => !!k && wanted.has(k)),
      );
    },
  };
}
export type BotsRepository = ReturnType<typeof createBotsRepository>;
