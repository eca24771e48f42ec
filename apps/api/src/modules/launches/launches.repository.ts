import { ROLES } from '@portico/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { carriers, partners, users } from '../../platform/db/core.schema.ts';
import type { Db } from '../../platform/db/index.ts';
import { botCarriers, bots } from '../bots/bots.schema.ts';
import { brandDocuments, brands } from '../brands/brands.schema.ts';
import { launches } from './launches.schema.ts';

export type LaunchRow = typeof launches.$inferSelect;
export type LaunchFields = Partial<Omit<typeof launches.$inferInsert, 'botId' | 'partnerId' | 'createdAt'>>;
export type LaunchBotRow = typeof bots.$inferSelect;

const partnerName = sql<string>`coalesce(${partners.company}->>'name', '')`;

/**
 * SQL of launches: the launch row of a bot, and the bot, brand and carrier rows a launch reads and
 * moves (bots.status and bots.bot_carriers.status follow BOT_MACHINE and BOT_CARRIER_MACHINE).
 */
export function createLaunchesRepository(db: Db) {
  return {
    /** The bot with its partner's name; limited to one partner when `partnerId` is given. */
    async findBot(botId: string, partnerId?: string) {
      const [row] = await db
        .select({ bot: bots, partnerName })
        .from(bots)
        .innerJoin(partners, eq(partners.partnerId, bots.partnerId))
        .where(and(eq(bots.botId, botId), partnerId ? eq(bots.partnerId, partnerId) : undefined))
        .limit(1);
      return row;
    },

    /** The partner's bot, locked for the use case (SELECT ... FOR UPDATE). */
    async lockOwnBot(partnerId: string, botId: string): Promise<LaunchBotRow | undefined> {
      const [row] = await db
        .select()
        .from(bots)
        .where(and(eq(bots.partnerId, partnerId), eq(bots.botId, botId)))
        .for('update');
      return row;
    },

    async launchOf(botId: string): Promise<LaunchRow | undefined> {
      const [row] = await db.select().from(launches).where(eq(launches.botId, botId)).limit(1);
      return row;
    },

    /** The bot's launch row, created empty on first use (the bot is locked by the caller). */
    async ensureLaunch(botId: string, partnerId: string): Promise<LaunchRow> {
      await db.insert(launches).values({ botId, partnerId }).onConflictDoNothing();
      const [row] = await db.select().from(launches).where(eq(launches.botId, botId)).for('update');
      if (!row) throw new Error('launch row missing after insert');
      return row;
    },

    async updateLaunch(botId: string, fields: LaunchFields): Promise<void> {
      await db
        .update(launches)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(launches.botId, botId));
    },

    /** The bot's carriers with their per-carrier state, by country and name. */
    async carriersOf(botId: string) {
      return db
        .select({
          carrierId: carriers.carrierId,
          name: carriers.name,
          countryId: carriers.countryId,
          status: botCarriers.status,
          reason: botCarriers.reason,
          updatedAt: botCarriers.updatedAt,
        })
        .from(botCarriers)
        .innerJoin(carriers, eq(carriers.carrierId, botCarriers.carrierId))
        .where(eq(botCarriers.botId, botId))
        .orderBy(asc(carriers.countryId), asc(carriers.name));
    },

    /** The active carriers a launch may choose from: those of the bot's countries first, all active. */
    async activeCarriers() {
      return db
        .select({ carrierId: carriers.carrierId, name: carriers.name, countryId: carriers.countryId })
        .from(carriers)
        .where(eq(carriers.active, true))
        .orderBy(asc(carriers.countryId), asc(carriers.name));
    },

    /** The carrier's state of the bot, locked. */
    async lockCarrier(botId: string, carrierId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ status: botCarriers.status })
        .from(botCarriers)
        .where(and(eq(botCarriers.botId, botId), eq(botCarriers.carrierId, carrierId)))
        .for('update');
      return row?.status;
    },

    /** The brand with its documents (null when the bot has none). */
    async brandOf(brandId: string | null) {
      if (!brandId) return null;
      const [brand] = await db.select().from(brands).where(eq(brands.brandId, brandId)).limit(1);
      if (!brand) return null;
      const documents = await db
        .select({
          fileKey: brandDocuments.fileKey,
          filename: brandDocuments.filename,
          sizeBytes: brandDocuments.sizeBytes,
        })
        .from(brandDocuments)
        .where(eq(brandDocuments.brandId, brandId))
        .orderBy(asc(brandDocuments.createdAt));
      return { brand, documents };
    },

    /** Which of these carrier ids are active carriers. */
    async activeCarrierIds(carrierIds: readonly number[]): Promise<Set<number>> {
      if (carrierIds.length === 0) return new Set();
      const rows = await db
        .select({ carrierId: carriers.carrierId })
        .from(carriers)
        .where(and(inArray(carriers.carrierId, [...carrierIds]), eq(carriers.active, true)));
      return new Set(rows.map((row) => row.carrierId));
    },

    /** The platform's admins who decide launches (super admins and read-write admins), active. */
    async reviewerEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.status, 'active'),
            inArray(users.role, [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE]),
          ),
        );
      return rows.map((row) => row.email);
    },

    /**
     * The stored keys among `keys` that a launch still points to (the storage sweep). Launch files
     * live under `<prefix><botId>/`, so only the launches those keys name are read.
     */
    async referencedKeys(prefix: string, keys: readonly string[]): Promise<Set<string>> {
      const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const botIds = [
        ...new Set(
          keys.map((key) => key.slice(prefix.length).split('/')[0] ?? '').filter((id) => UUID.test(id)),
        ),
      ];
      if (botIds.length === 0) return new Set();
      const rows = await db
        .select({ loa: launches.loa, video: launches.video, screenshots: launches.screenshots })
        .from(launches)
        .where(inArray(launches.botId, botIds));
      const stored = new Set(
        rows.flatMap((row) => [row.loa?.key, row.video?.key, ...row.screenshots.map((file) => file.key)]),
      );
      return new Set(keys.filter((key) => stored.has(key)));
    },
  };
}
export type LaunchesRepository = ReturnType<typeof createLaunchesRepository>;
