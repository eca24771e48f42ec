import {
  AGGREGATOR_CARRIER_MACHINE,
  AGGREGATOR_MACHINE,
  BOT_CARRIER_MACHINE,
  BOT_STATUS,
  BRAND_CARRIER_MACHINE,
  BRAND_MACHINE,
} from '@portico/domain';
import { and, asc, count, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { partners } from '../../platform/db/core.schema.ts';
import type { Db } from '../../platform/db/index.ts';
import { aggregatorCarriers } from '../aggregators/aggregators.schema.ts';
import { botCarriers, bots } from '../bots/bots.schema.ts';
import { brandCarriers, brands } from '../brands/brands.schema.ts';
import { launches } from '../launches/launches.schema.ts';
import {
  CARRIER_APPROVED_CODES,
  CARRIER_VISIBLE_CODES,
  CARRIER_WAITING_CODES,
  PLATFORM_TAB_STATUSES,
  type ReviewAudience,
} from './bot-review.repository.ts';

export interface SubjectCounts {
  waiting: number;
  approved: number;
  rejected: number;
  oldest: { id: string; name: string; since: Date } | undefined;
}

const B = BOT_STATUS;
const BRAND = BRAND_MACHINE.states;
const BRAND_CARRIER = BRAND_CARRIER_MACHINE.states;
const AGG = AGGREGATOR_MACHINE.states;
const AGG_CARRIER = AGGREGATOR_CARRIER_MACHINE.states;

const tallyOf = (status: SQL | AnyPgColumn, waiting: number[], approved: number[], rejected: number[]) => {
  const among = (codes: number[]) =>
    sql`${status} IN (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})`;
  return {
    waiting: sql<number>`count(*) FILTER (WHERE ${among(waiting)})::int`,
    approved: sql<number>`count(*) FILTER (WHERE ${among(approved)})::int`,
    rejected: sql<number>`count(*) FILTER (WHERE ${among(rejected)})::int`,
  };
};
const EMPTY = { waiting: 0, approved: 0, rejected: 0 };
const BRAND_CARRIER_VISIBLE = [
  BRAND_CARRIER.to_be_approved_by_carrier.code,
  BRAND_CARRIER.approved.code,
  BRAND_CARRIER.rejected.code,
];

/** An aggregator's state: its approval status (an approved launch without one counts as approved). */
const aggregatorStatus = sql<number>`coalesce(${partners.approvalStatus}, CASE WHEN ${partners.launchApproved} THEN ${sql.raw(String(AGG.approved.code))} ELSE ${sql.raw(String(AGG.awaiting_approval.code))} END)::int`;
const aggregatorName = sql<string>`coalesce(${partners.company}->>'name', '')`;
const isAggregator = and(eq(partners.kind, 'developer'), eq(partners.isAggregator, true));

/**
 * The reviewers' dashboards (/admin/dashboard, /billing/my-billing): bots, brands and aggregators
 * waiting for the audience, approved and rejected, the oldest waiting, and requests per day. Read
 * straight from each subject's tables; "waiting" means waiting for this audience's decision.
 */
export function createReviewDashboardRepository(db: Db) {
  async function botCounts(audience: ReviewAudience): Promise<SubjectCounts> {
    if (audience.kind === 'platform') {
      const since = sql<Date>`coalesce(${launches.submittedAt}, ${bots.updatedAt})`;
      const [tally] = await db
        .select(
          tallyOf(
            bots.status,
            [B.submitted_for_launch],
            [...PLATFORM_TAB_STATUSES.approved],
            [B.bot_rejected_by_portico],
          ),
        )
        .from(bots);
      const [oldest] = await db
        .select({ id: bots.botId, name: bots.name, since })
        .from(bots)
        .leftJoin(launches, eq(launches.botId, bots.botId))
        .where(eq(bots.status, B.submitted_for_launch))
        .orderBy(asc(since), asc(bots.botId))
        .limit(1);
      return { ...(tally ?? EMPTY), oldest };
    }
    const mine = eq(botCarriers.carrierId, audience.carrierId);
    const [tally] = await db
      .select(
        tallyOf(botCarriers.status, CARRIER_WAITING_CODES, CARRIER_APPROVED_CODES, [
          BOT_CARRIER_MACHINE.states.rejected.code,
        ]),
      )
      .from(botCarriers)
      .where(mine);
    const [oldest] = await db
      .select({ id: bots.botId, name: bots.name, since: botCarriers.updatedAt })
      .from(botCarriers)
      .innerJoin(bots, eq(bots.botId, botCarriers.botId))
      .where(and(mine, inArray(botCarriers.status, CARRIER_WAITING_CODES)))
      .orderBy(asc(botCarriers.updatedAt), asc(bots.botId))
      .limit(1);
    return { ...(tally ?? EMPTY), oldest };
  }

  async function brandCounts(audience: ReviewAudience): Promise<SubjectCounts> {
    const since = sql<Date>`coalesce(${brands.submittedAt}, ${brands.updatedAt})`;
    if (audience.kind === 'platform') {
      const [tally] = await db
        .select(
          tallyOf(
            brands.status,
            [BRAND.submitted.code],
            [BRAND.approved.code, BRAND.approved_pending_carrier.code],
            [BRAND.rejected.code],
          ),
        )
        .from(brands);
      const [oldest] = await db
        .select({ id: brands.brandId, name: brands.name, since })
        .from(brands)
        .where(eq(brands.status, BRAND.submitted.code))
        .orderBy(asc(since), asc(brands.brandId))
        .limit(1);
      return { ...(tally ?? EMPTY), oldest };
    }
    const mine = eq(brandCarriers.carrierId, audience.carrierId);
    const [tally] = await db
      .select(
        tallyOf(
          brandCarriers.status,
          [BRAND_CARRIER.to_be_approved_by_carrier.code],
          [BRAND_CARRIER.approved.code],
          [BRAND_CARRIER.rejected.code],
        ),
      )
      .from(brandCarriers)
      .where(mine);
    const [oldest] = await db
      .select({ id: brands.brandId, name: brands.name, since })
      .from(brandCarriers)
      .innerJoin(brands, eq(brands.brandId, brandCarriers.brandId))
      .where(and(mine, eq(brandCarriers.status, BRAND_CARRIER.to_be_approved_by_carrier.code)))
      .orderBy(asc(since), asc(brands.brandId))
      .limit(1);
    return { ...(tally ?? EMPTY), oldest };
  }

  async function aggregatorCounts(audience: ReviewAudience): Promise<SubjectCounts> {
    if (audience.kind === 'platform') {
      const [tally] = await db
        .select(
          tallyOf(aggregatorStatus, [AGG.awaiting_approval.code], [AGG.approved.code], [AGG.rejected.code]),
        )
        .from(partners)
        .where(isAggregator);
      const [oldest] = await db
        .select({ id: partners.partnerId, name: aggregatorName, since: partners.createdAt })
        .from(partners)
        .where(and(isAggregator, eq(aggregatorStatus, AGG.awaiting_approval.code)))
        .orderBy(asc(partners.createdAt), asc(partners.partnerId))
        .limit(1);
      return { ...(tally ?? EMPTY), oldest };
    }
    const mine = eq(aggregatorCarriers.carrierId, audience.carrierId);
    const [tally] = await db
      .select(
        tallyOf(
          aggregatorCarriers.status,
          [AGG_CARRIER.to_be_approved_by_carrier.code],
          [AGG_CARRIER.approved.code],
          [AGG_CARRIER.rejected.code],
        ),
      )
      .from(aggregatorCarriers)
      .where(mine);
    const [oldest] = await db
      .select({ id: partners.partnerId, name: aggregatorName, since: partners.createdAt })
      .from(aggregatorCarriers)
      .innerJoin(partners, eq(partners.partnerId, aggregatorCarriers.partnerId))
      .where(and(mine, eq(aggregatorCarriers.status, AGG_CARRIER.to_be_approved_by_carrier.code)))
      .orderBy(asc(partners.createdAt), asc(partners.partnerId))
      .limit(1);
    return { ...(tally ?? EMPTY), oldest };
  }

  const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

  /** Requests received per UTC day since `since`: bots submitted for launch, brands submitted, aggregators signed up. */
  async function requestsPerDay(audience: ReviewAudience, since: Date) {
    const botDay = dayOf(launches.submittedAt);
    const brandDay = dayOf(brands.submittedAt);
    const aggregatorDay = dayOf(partners.createdAt);
    if (audience.kind === 'platform') {
      const [botRows, brandRows, aggregatorRows] = await Promise.all([
        db
          .select({ day: botDay, n: count() })
          .from(launches)
          .where(gte(launches.submittedAt, since))
          .groupBy(botDay),
        db
          .select({ day: brandDay, n: count() })
          .from(brands)
          .where(gte(brands.submittedAt, since))
          .groupBy(brandDay),
        db
          .select({ day: aggregatorDay, n: count() })
          .from(partners)
          .where(and(isAggregator, gte(partners.createdAt, since)))
          .groupBy(aggregatorDay),
      ]);
      return { bots: botRows, brands: brandRows, aggregators: aggregatorRows };
    }
    const { carrierId } = audience;
    const [botRows, brandRows, aggregatorRows] = await Promise.all([
      db
        .select({ day: botDay, n: count() })
        .from(launches)
        .innerJoin(
          botCarriers,
          and(eq(botCarriers.botId, launches.botId), eq(botCarriers.carrierId, carrierId)),
        )
        .where(and(gte(launches.submittedAt, since), inArray(botCarriers.status, CARRIER_VISIBLE_CODES)))
        .groupBy(botDay),
      db
        .select({ day: brandDay, n: count() })
        .from(brands)
        .innerJoin(
          brandCarriers,
          and(eq(brandCarriers.brandId, brands.brandId), eq(brandCarriers.carrierId, carrierId)),
        )
        .where(and(gte(brands.submittedAt, since), inArray(brandCarriers.status, [...BRAND_CARRIER_VISIBLE])))
        .groupBy(brandDay),
      db
        .select({ day: aggregatorDay, n: count() })
        .from(partners)
        .innerJoin(
          aggregatorCarriers,
          and(
            eq(aggregatorCarriers.partnerId, partners.partnerId),
            eq(aggregatorCarriers.carrierId, carrierId),
          ),
        )
        .where(gte(partners.createdAt, since))
        .groupBy(aggregatorDay),
    ]);
    return { bots: botRows, brands: brandRows, aggregators: aggregatorRows };
  }

  return { botCounts, brandCounts, aggregatorCounts, requestsPerDay };
}
export type ReviewDashboardRepository = ReturnType<typeof createReviewDashboardRepository>;
