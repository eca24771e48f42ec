import {
  BOT_CARRIER_MACHINE,
  BOT_STATUS,
  type BotReviewTab,
  CHANNEL_TYPE,
  type TBotReviewFilters,
} from '@portico/domain';
import { and, asc, count, eq, ilike, inArray, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { VerificationContact } from '../../networks/index.ts';
import { carriers, partners, users } from '../../platform/db/core.schema.ts';
import { containsPattern, idMatches, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { botCarriers, bots } from '../bots/bots.schema.ts';
import { brands } from '../brands/brands.schema.ts';
import { launches } from '../launches/launches.schema.ts';

/** Who reviews: the platform's admins see every launch; a carrier sees the launches on its own network. */
export type ReviewAudience = { kind: 'platform' } | { kind: 'carrier'; carrierId: number };

export type ReviewBotRow = typeof bots.$inferSelect;
export type LaunchRow = typeof launches.$inferSelect;

const C = BOT_CARRIER_MACHINE.states;
const B = BOT_STATUS;
const DRAFTS: readonly number[] = [B.in_progress, B.in_progress_carrier_submission];

/**
 * The carrier states in which a carrier sees a launch: from the platform's forward (or approval)
 * on. Chosen (0) and awaiting the platform (6) are the developer's and the platform's business.
 */
export const CARRIER_VISIBLE_CODES = [
  C.to_be_approved_by_carrier.code,
  C.approved_pending_from_carrier.code,
  C.approved.code,
  C.rejected.code,
  C.launching.code,
  C.launched.code,
  C.launch_failed.code,
];
/** Waiting for the carrier's decision. */
export const CARRIER_WAITING_CODES = [C.to_be_approved_by_carrier.code, C.approved_pending_from_carrier.code];
/** The carrier approved it (then the launch on its network: launching, launched or failed). */
export const CARRIER_APPROVED_CODES = [
  C.approved.code,
  C.launching.code,
  C.launched.code,
  C.launch_failed.code,
];

/**
 * The platform's tabs and queues (BOT_REVIEW_TABS), as bot states:
 * - submitted: submitted for launch (6), waiting for the platform;
 * - forwarded: forwarded to the carriers (30; 39 for a bot the carriers alone still decide);
 * - approved: approved by the platform (42 while carriers decide, 31 once every carrier decided),
 *   launched (10), and launch_failed (9: approved, the network refused; the platform may retry);
 * - rejected: rejected (32), by the platform or by every carrier;
 * - verification: submitted (6) with the verification hold still held: paid, awaiting the platform;
 * - listing: launched bots whose store listing is filled in but not yet in the store;
 * - creation: drafts still being created (-1 details, -2 registered on the network, carriers next);
 * - all: every bot past its drafts.
 */
export const PLATFORM_TAB_STATUSES: Record<
  Exclude<BotReviewTab, 'verification' | 'listing'>,
  readonly number[]
> = {
  submitted: [B.submitted_for_launch],
  forwarded: [B.bot_forwarded_by_portico, B.bot_to_be_approved_by_carrier],
  approved: [
    B.bot_approved_by_portico_pending_from_carrier,
    B.bot_approved_by_portico,
    B.launched,
    B.launch_failed,
  ],
  rejected: [B.bot_rejected_by_portico],
  creation: DRAFTS,
  all: Object.values(B).filter((code) => !DRAFTS.includes(code)),
};

/**
 * A carrier's tabs, as its own carrier state: submitted = waiting for its decision (39 or 42),
 * forwarded = forwarded and not yet approved by the platform (39), approved = its approvals and their
 * launch, rejected = its rejections, all = everything it sees. The platform's queues are not a
 * carrier's: they read as its waiting list.
 */
const CARRIER_TAB_CODES: Record<BotReviewTab, readonly number[]> = {
  submitted: CARRIER_WAITING_CODES,
  forwarded: [C.to_be_approved_by_carrier.code],
  approved: CARRIER_APPROVED_CODES,
  rejected: [C.rejected.code],
  verification: CARRIER_WAITING_CODES,
  listing: CARRIER_WAITING_CODES,
  creation: CARRIER_WAITING_CODES,
  all: CARRIER_VISIBLE_CODES,
};

const partnerName = sql<string>`coalesce(${partners.company}->>'name', '')`;
/** The hold of the launch is still held: the developer paid, the platform has not decided. */
const holdHeld = sql<boolean>`EXISTS (SELECT 1 FROM ledger_holds h WHERE h.hold_id = ${launches.holdId} AND h.status = 'held')`;

export function createBotReviewRepository(db: Db) {
  /** The carrier's own row joins only for a carrier (-1 matches no carrier). */
  const carrierJoin = (audience: ReviewAudience) =>
    and(
      eq(botCarriers.botId, bots.botId),
      eq(botCarriers.carrierId, audience.kind === 'carrier' ? audience.carrierId : -1),
    );

  function tabWhere(audience: ReviewAudience, tab: BotReviewTab): SQL | undefined {
    if (audience.kind === 'carrier') return inArray(botCarriers.status, [...CARRIER_TAB_CODES[tab]]);
    if (tab === 'verification') return and(eq(bots.status, B.submitted_for_launch), holdHeld);
    if (tab === 'listing') {
      return and(eq(bots.status, B.launched), isNotNull(bots.listing), eq(bots.listedInStore, false));
    }
    return inArray(bots.status, [...PLATFORM_TAB_STATUSES[tab]]);
  }

  /** Every filter of the list but its tab (the tab counts share them). */
  function filterWhere(audience: ReviewAudience, filters: Omit<TBotReviewFilters, 'tab'>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      conditions.push(
        or(ilike(bots.name, pattern), ilike(partnerName, pattern), idMatches(bots.botId, filters.search)),
      );
    }
    if (filters.channel) {
      conditions.push(sql`${CHANNEL_TYPE[filters.channel]} = ANY(${bots.channels})`);
    }
    if (filters.carrier_id !== undefined && audience.kind === 'platform') {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM bot_carriers bc WHERE bc.bot_id = ${bots.botId} AND bc.carrier_id = ${filters.carrier_id})`,
      );
    }
    return and(...conditions);
  }

  function listWhere(audience: ReviewAudience, filters: TBotReviewFilters): SQL | undefined {
    return and(tabWhere(audience, filters.tab), filterWhere(audience, filters));
  }

  /** The rows a count reads: a carrier's own row joined (only the bots on its network), else every bot. */
  const countFrom = (audience: ReviewAudience, columns: Record<string, SQL<number>>) => {
    const from = db
      .select(columns)
      .from(bots)
      .innerJoin(partners, eq(partners.partnerId, bots.partnerId))
      .leftJoin(launches, eq(launches.botId, bots.botId));
    return audience.kind === 'carrier' ? from.innerJoin(botCarriers, carrierJoin(audience)) : from;
  };

  const listColumns = {
    botId: bots.botId,
    name: bots.name,
    partnerId: bots.partnerId,
    partnerName,
    brandName: brands.name,
    channels: bots.channels,
    status: bots.status,
    carrierStatus: botCarriers.status,
    carrierUpdatedAt: botCarriers.updatedAt,
    preflight: launches.preflight,
    submittedAt: launches.submittedAt,
    updatedAt: bots.updatedAt,
  };

  const fromBots = () =>
    db
      .select(listColumns)
      .from(bots)
      .innerJoin(partners, eq(partners.partnerId, bots.partnerId))
      .leftJoin(brands, eq(brands.brandId, bots.brandId))
      .leftJoin(launches, eq(launches.botId, bots.botId));

  return {
    /** One window of the launches the audience sees, with their carriers (a carrier: its own only). */
    async list(audience: ReviewAudience, filters: TBotReviewFilters, window: { start: number; end: number }) {
      const where = listWhere(audience, filters);
      const order = orderOf(
        {
          submitted_at: sql`coalesce(${launches.submittedAt}, ${bots.updatedAt})`,
          updated_at: bots.updatedAt,
          name: sql`lower(${bots.name})`,
          partner_name: sql`lower(${partnerName})`,
        },
        filters.sort,
        filters.order,
        bots.botId,
      );
      const join = carrierJoin(audience);
      const [rows, [total]] = await Promise.all([
        (audience.kind === 'carrier'
          ? fromBots().innerJoin(botCarriers, join)
          : fromBots().leftJoin(botCarriers, join)
        )
          .where(where)
          .orderBy(...order)
          .offset(window.start)
          .limit(window.end - window.start),
        countFrom(audience, { n: count() }).where(where),
      ]);
      const carriersOf = await this.carriersOfBots(
        rows.map((row) => row.botId),
        audience.kind === 'carrier' ? audience.carrierId : undefined,
      );
      return {
        rows: rows.map((row) => ({ ...row, carriers: carriersOf.get(row.botId) ?? [] })),
        total: total?.n ?? 0,
      };
    },

    /**
     * How many launches each of the audience's tabs holds under the list's other filters, in one
     * query (a filtered count per tab: the tabs overlap, so one GROUP BY key would not do). A
     * carrier counts only the bots on its own network, on its own tabs.
     */
    async tabCounts<K extends BotReviewTab>(
      audience: ReviewAudience,
      tabs: readonly K[],
      filters: Omit<TBotReviewFilters, 'tab'>,
    ): Promise<Record<K, number>> {
      const columns = Object.fromEntries(
        tabs.map((tab) => [tab, sql<number>`(count(*) filter (where ${tabWhere(audience, tab)}))::int`]),
      );
      const scope =
        audience.kind === 'carrier' ? inArray(botCarriers.status, CARRIER_VISIBLE_CODES) : undefined;
      const [row] = await countFrom(audience, columns).where(and(scope, filterWhere(audience, filters)));
      // Object.fromEntries loses the keys: they are exactly `tabs`.
      return Object.fromEntries(tabs.map((tab) => [tab, Number(row?.[tab] ?? 0)])) as Record<K, number>;
    },

    /** The carriers of these bots (only `onlyCarrier` when given), by bot. */
    async carriersOfBots(botIds: readonly string[], onlyCarrier?: number) {
      const byBot = new Map<string, { carrierId: number; name: string; status: number }[]>();
      if (botIds.length === 0) return byBot;
      const rows = await db
        .select({
          botId: botCarriers.botId,
          carrierId: botCarriers.carrierId,
          name: carriers.name,
          status: botCarriers.status,
        })
        .from(botCarriers)
        .innerJoin(carriers, eq(carriers.carrierId, botCarriers.carrierId))
        .where(
          and(
            inArray(botCarriers.botId, [...botIds]),
            onlyCarrier === undefined ? undefined : eq(botCarriers.carrierId, onlyCarrier),
          ),
        )
        .orderBy(asc(carriers.name));
      for (const { botId, ...carrier } of rows) byBot.set(botId, [...(byBot.get(botId) ?? []), carrier]);
      return byBot;
    },

    /** A bot the audience sees (a platform admin: past its drafts; a carrier: on its network), or undefined. */
    async visible(audience: ReviewAudience, botId: string): Promise<boolean> {
      const [row] = await db
        .select({ botId: bots.botId })
        .from(bots)
        .leftJoin(botCarriers, carrierJoin(audience))
        .where(
          and(
            eq(bots.botId, botId),
            audience.kind === 'carrier'
              ? inArray(botCarriers.status, CARRIER_VISIBLE_CODES)
              : notInArray(bots.status, [...DRAFTS]),
          ),
        );
      return row !== undefined;
    },

    /** The bot, locked (every decision on one bot takes its turn on this row). */
    async lockBot(botId: string): Promise<ReviewBotRow | undefined> {
      const [row] = await db.select().from(bots).where(eq(bots.botId, botId)).for('update');
      return row;
    },

    /** One carrier's row of a bot, locked (call after lockBot). */
    async lockCarrier(botId: string, carrierId: number) {
      const [row] = await db
        .select()
        .from(botCarriers)
        .where(and(eq(botCarriers.botId, botId), eq(botCarriers.carrierId, carrierId)))
        .for('update');
      return row;
    },

    async carrierStates(botId: string): Promise<{ carrierId: number; status: number }[]> {
      return db
        .select({ carrierId: botCarriers.carrierId, status: botCarriers.status })
        .from(botCarriers)
        .where(eq(botCarriers.botId, botId))
        .orderBy(asc(botCarriers.carrierId));
    },

    async carrier(carrierId: number) {
      const [row] = await db.select().from(carriers).where(eq(carriers.carrierId, carrierId));
      return row;
    },

    /**
     * Who vouches for the bot's agent when the network verifies it: the partner (its company name)
     * and the company details of the launch's Business Verification step. Null without them.
     */
    async verificationContactOf(botId: string): Promise<VerificationContact | null> {
      const [row] = await db
        .select({ partnerName, company: launches.company })
        .from(launches)
        .innerJoin(partners, eq(partners.partnerId, launches.partnerId))
        .where(eq(launches.botId, botId));
      if (!row?.company) return null;
      return {
        partnerName: row.partnerName || row.company.company_name,
        partnerEmailAddress: row.company.contact_email,
        brandContactName: row.company.contact_name,
        brandContactEmailAddress: row.company.contact_email,
        brandWebsiteUrl: row.company.website,
      };
    },

    async launchOf(botId: string): Promise<LaunchRow | undefined> {
      const [row] = await db.select().from(launches).where(eq(launches.botId, botId));
      return row;
    },

    /** The reasons the carriers' failed launches and rejections carry, with the carrier's name. */
    async carrierReasons(botId: string): Promise<{ name: string; reason: string }[]> {
      const rows = await db
        .select({ name: carriers.name, reason: botCarriers.reason })
        .from(botCarriers)
        .innerJoin(carriers, eq(carriers.carrierId, botCarriers.carrierId))
        .where(and(eq(botCarriers.botId, botId), isNotNull(botCarriers.reason)))
        .orderBy(asc(carriers.name));
      return rows.flatMap((row) => (row.reason ? [{ name: row.name, reason: row.reason }] : []));
    },

    /** Who hears of a decision on a partner's bot: its developer owners (no role or DEVELOPER). */
    async ownerEmails(partnerId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.partnerId, partnerId),
            eq(users.status, 'active'),
            or(sql`${users.role} IS NULL`, eq(users.role, 'DEVELOPER')),
          ),
        );
      return rows.map((row) => row.email);
    },

    /** The active reviewers of a carrier (its users who may decide: billing admin and manager). */
    async carrierReviewerEmails(carrierId: number): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .innerJoin(partners, eq(partners.partnerId, users.partnerId))
        .where(
          and(
            eq(partners.carrierId, carrierId),
            eq(partners.kind, 'carrier'),
            eq(users.status, 'active'),
            inArray(users.role, ['ADMIN_BILLING', 'MANAGER_BILLING']),
          ),
        );
      return rows.map((row) => row.email);
    },

    /** The carrier a carrier user's partner stands for. */
    async carrierOfPartner(partnerId: string): Promise<number | null> {
      const [row] = await db
        .select({ carrierId: partners.carrierId })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      return row?.carrierId ?? null;
    },
  };
}
export type BotReviewRepository = ReturnType<typeof createBotReviewRepository>;
