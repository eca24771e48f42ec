import {
  AGGREGATOR_CARRIER_MACHINE,
  AGGREGATOR_CARRIER_TABS,
  AGGREGATOR_MACHINE,
  AGGREGATOR_PLATFORM_TABS,
  type TAggregatorFilters,
} from '@portico/domain';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { carriers, lookupValues, partners, users } from '../../platform/db/core.schema.ts';
import { containsPattern, idMatches, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { aggregatorBilling, aggregatorCarriers, type BillingAddress } from './aggregators.schema.ts';

const S = AGGREGATOR_MACHINE.states;
/** An aggregator's state: its provider approval status (an approved launch without one counts as approved). */
const statusCode = sql<number>`coalesce(${partners.approvalStatus}, CASE WHEN ${partners.launchApproved} THEN ${sql.raw(String(S.approved.code))} ELSE ${sql.raw(String(S.awaiting_approval.code))} END)::int`;
const name = sql<string>`coalesce(${partners.company}->>'name', '')`;
// Written out qualified: drizzle leaves a column unqualified in a one-table select, which a
// correlated subquery would read as the subquery's own column.
const partnerIdRef = sql.raw('"partners"."partner_id"');
/** The account that signed the aggregator up: its user without a child role. */
const ownerEmail = sql<
  string | null
>`(SELECT u.email FROM users u WHERE u.partner_id = ${partnerIdRef} AND (u.role IS NULL OR u.role = 'DEVELOPER') ORDER BY u.created_at LIMIT 1)`;
const childUsers = sql<number>`(SELECT count(*)::int FROM users u WHERE u.partner_id = ${partnerIdRef} AND u.role LIKE 'CHILD_AGGREGATOR%')`;

/** Carriers see the aggregators the platform forwarded to their own network. */
export type AggregatorAudience = { kind: 'platform' } | { kind: 'carrier'; carrierId: number };

/** The carrier's own review of the aggregator (a correlated subquery; null when it has none). */
const carrierStatusOf = (carrierId: number) =>
  sql<
    number | null
  >`(SELECT ac.status FROM aggregator_carriers ac WHERE ac.partner_id = ${partnerIdRef} AND ac.carrier_id = ${carrierId})`;

/** A count per tab, filtered by the tab's condition (`all`: every row). */
function countsBy<K extends string>(tabs: readonly K[], conditionOf: (tab: Exclude<K, 'all'>) => SQL) {
  const counts: Record<string, SQL<number>> = {};
  for (const tab of tabs) {
    counts[tab] =
      tab === 'all'
        ? sql<number>`count(*)::int`
        : sql<number>`(count(*) filter (where ${conditionOf(tab as Exclude<K, 'all'>)}))::int`;
  }
  return counts;
}
const numbers = <K extends string>(tabs: readonly K[], row: Record<string, unknown> | undefined) =>
  Object.fromEntries(tabs.map((tab) => [tab, Number(row?.[tab] ?? 0)])) as Record<K, number>;

export function createAggregatorsRepository(db: Db) {
  function where(audience: AggregatorAudience, filters: Partial<TAggregatorFilters>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(partners.kind, 'developer'), eq(partners.isAggregator, true)];
    if (audience.kind === 'carrier') {
      conditions.push(sql`${carrierStatusOf(audience.carrierId)} IS NOT NULL`);
      if (filters.review) {
        const code = AGGREGATOR_CARRIER_MACHINE.states[filters.review].code;
        conditions.push(sql`${carrierStatusOf(audience.carrierId)} = ${code}`);
      }
    }
    if (filters.status) conditions.push(eq(statusCode, S[filters.status].code));
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      conditions.push(
        or(
          ilike(name, pattern),
          ilike(sql`coalesce(${ownerEmail}, '')`, pattern),
          idMatches(partners.partnerId, filters.search),
        ),
      );
    }
    return and(...conditions);
  }
  const columns = (audience: AggregatorAudience) => ({
    partnerId: partners.partnerId,
    name,
    ownerEmail,
    status: statusCode,
    launchApproved: partners.launchApproved,
    childUsers,
    createdAt: partners.createdAt,
    company: partners.company,
    address: partners.address,
    carrierStatus: audience.kind === 'carrier' ? carrierStatusOf(audience.carrierId) : sql<null>`NULL::int`,
  });

  return {
    async list(
      audience: AggregatorAudience,
      filters: Partial<TAggregatorFilters> & Pick<TAggregatorFilters, 'sort' | 'order'>,
      window: { start: number; end: number },
    ) {
      const condition = where(audience, filters);
      const order = orderOf(
        { created_at: partners.createdAt, name: sql`lower(${name})` },
        filters.sort,
        filters.order,
        partners.partnerId,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(columns(audience))
          .from(partners)
          .where(condition)
          .orderBy(...order)
          .offset(window.start)
          .limit(window.end - window.start),
        db.select({ n: count() }).from(partners).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /**
     * How many aggregators each of the audience's tabs holds under the filters but the tab's own
     * (the platform's `status`, a carrier's `review`), in one query: a filtered count per tab.
     */
    async tabCounts(audience: AggregatorAudience, filters: Partial<TAggregatorFilters>) {
      const { status: _status, review: _review, ...others } = filters;
      const condition = where(audience, others);
      if (audience.kind === 'platform') {
        const counts = countsBy(AGGREGATOR_PLATFORM_TABS, (tab) => eq(statusCode, S[tab].code));
        const [row] = await db.select(counts).from(partners).where(condition);
        return { kind: 'platform' as const, counts: numbers(AGGREGATOR_PLATFORM_TABS, row) };
      }
      const review = carrierStatusOf(audience.carrierId);
      const counts = countsBy(
        AGGREGATOR_CARRIER_TABS,
        (tab) => sql`${review} = ${AGGREGATOR_CARRIER_MACHINE.states[tab].code}`,
      );
      const [row] = await db.select(counts).from(partners).where(condition);
      return { kind: 'carrier' as const, counts: numbers(AGGREGATOR_CARRIER_TABS, row) };
    },

    async find(audience: AggregatorAudience, partnerId: string) {
      const [row] = await db
        .select(columns(audience))
        .from(partners)
        .where(and(eq(partners.partnerId, partnerId), where(audience, {})));
      return row;
    },

    async usersOf(partnerId: string) {
      return db
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          status: users.status,
        })
        .from(users)
        .where(eq(users.partnerId, partnerId))
        .orderBy(asc(users.createdAt));
    },

    /** The aggregator's state, locked for a decision; undefined for a partner that is no aggregator. */
    async lock(partnerId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ status: statusCode })
        .from(partners)
        .where(
          and(
            eq(partners.partnerId, partnerId),
            eq(partners.isAggregator, true),
            eq(partners.kind, 'developer'),
          ),
        )
        .for('update');
      return row?.status;
    },

    /** Moves the approval status only while it is still `from`; approval sets launchApproved with it. */
    async move(partnerId: string, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(partners)
        .set({ approvalStatus: to, launchApproved: to === S.approved.code })
        .where(and(eq(partners.partnerId, partnerId), eq(statusCode, from)))
        .returning({ partnerId: partners.partnerId });
      return rows.length === 1;
    },

    /** The carrier partner's network (its carrier_id), or null. */
    async carrierOfPartner(partnerId: string): Promise<number | null> {
      const [row] = await db
        .select({ carrierId: partners.carrierId })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      return row?.carrierId ?? null;
    },

    /** The aggregator's country: its address's, else its company's. */
    async countryOf(partnerId: string): Promise<string | null> {
      const [row] = await db
        .select({
          countryId: sql<
            string | null
          >`coalesce(${partners.address}->>'countryId', ${partners.company}->>'countryId')`,
        })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      return row?.countryId ?? null;
    },

    /** Forwarding: each active carrier of the country has the aggregator to be approved (again). */
    async forwardToCarriersOf(partnerId: string, countryId: string): Promise<number[]> {
      const active = await db
        .select({ carrierId: carriers.carrierId })
        .from(carriers)
        .where(and(eq(carriers.countryId, countryId), eq(carriers.active, true)));
      if (active.length === 0) return [];
      const pending = AGGREGATOR_CARRIER_MACHINE.states.to_be_approved_by_carrier.code;
      await db
        .insert(aggregatorCarriers)
        .values(active.map((c) => ({ partnerId, carrierId: c.carrierId, status: pending })))
        .onConflictDoUpdate({
          target: [aggregatorCarriers.partnerId, aggregatorCarriers.carrierId],
          set: { status: pending, decidedAt: null },
        });
      return active.map((c) => c.carrierId);
    },

    async carriersOf(partnerId: string) {
      return db
        .select({
          carrierId: carriers.carrierId,
          name: carriers.name,
          countryId: carriers.countryId,
          status: aggregatorCarriers.status,
        })
        .from(aggregatorCarriers)
        .innerJoin(carriers, eq(carriers.carrierId, aggregatorCarriers.carrierId))
        .where(eq(aggregatorCarriers.partnerId, partnerId))
        .orderBy(asc(carriers.countryId), asc(carriers.name));
    },

    /** The carrier's review of the aggregator, locked for its decision; undefined when it has none. */
    async lockForCarrier(partnerId: string, carrierId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ status: aggregatorCarriers.status })
        .from(aggregatorCarriers)
        .where(and(eq(aggregatorCarriers.partnerId, partnerId), eq(aggregatorCarriers.carrierId, carrierId)))
        .for('update');
      return row?.status;
    },

    async moveCarrierStatus(
      partnerId: string,
      carrierId: number,
      from: number,
      to: number,
    ): Promise<boolean> {
      const rows = await db
        .update(aggregatorCarriers)
        .set({ status: to, decidedAt: new Date() })
        .where(
          and(
            eq(aggregatorCarriers.partnerId, partnerId),
            eq(aggregatorCarriers.carrierId, carrierId),
            eq(aggregatorCarriers.status, from),
          ),
        )
        .returning({ carrierId: aggregatorCarriers.carrierId });
      return rows.length === 1;
    },

    /** The partner's name and whether it is an aggregator (undefined: no developer partner). */
    async ownPartner(partnerId: string) {
      const [row] = await db
        .select({ name, isAggregator: partners.isAggregator })
        .from(partners)
        .where(and(eq(partners.partnerId, partnerId), eq(partners.kind, 'developer')));
      return row;
    },

    async billingOf(partnerId: string) {
      const [row] = await db
        .select({
          billing: aggregatorBilling,
          category: { id: lookupValues.id, code: lookupValues.code, name: lookupValues.name },
        })
        .from(aggregatorBilling)
        .innerJoin(lookupValues, eq(lookupValues.id, aggregatorBilling.billingCategoryId))
        .where(eq(aggregatorBilling.partnerId, partnerId));
      return row;
    },

    async isBillingCategory(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: lookupValues.id })
        .from(lookupValues)
        .where(and(eq(lookupValues.id, id), eq(lookupValues.kind, 'billing-categories')));
      return row !== undefined;
    },

    async saveBilling(values: {
      partnerId: string;
      contactName: string;
      contactEmail: string;
      contactPhone: string;
      taxId: string;
      address: BillingAddress;
      billingCategoryId: number;
      updatedBy: string | null;
    }): Promise<void> {
      const { partnerId, ...rest } = values;
      await db
        .insert(aggregatorBilling)
        .values({ ...values, updatedAt: new Date() })
        .onConflictDoUpdate({ target: aggregatorBilling.partnerId, set: { ...rest, updatedAt: new Date() } });
    },
  };
}
export type AggregatorsRepository = ReturnType<typeof createAggregatorsRepository>;
