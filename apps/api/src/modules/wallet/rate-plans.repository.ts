import type { PricingSort, RatePlanSort } from '@portico/domain';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { carriers, countries, partners } from '../../platform/db/core.schema.ts';
import { containsPattern } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { ratePlanPrices, ratePlans } from './wallet.schema.ts';

export type RatePlanRow = typeof ratePlans.$inferSelect & {
  carrierName: string;
  countryId: string;
  prices: { billingCategory: string; messageType: string; price: bigint }[];
};

/** SQL of rate plans (versions + prices) and the carriers the pricing page lists. */
export function createRatePlansRepository(db: Db) {
  async function withPrices(
    rows: (typeof ratePlans.$inferSelect & { carrierName: string; countryId: string })[],
  ): Promise<RatePlanRow[]> {
    if (rows.length === 0) return [];
    const prices = await db
      .select()
      .from(ratePlanPrices)
      .where(
        inArray(
          ratePlanPrices.ratePlanId,
          rows.map((r) => r.ratePlanId),
        ),
      )
      .orderBy(asc(ratePlanPrices.billingCategory), asc(ratePlanPrices.messageType));
    return rows.map((row) => ({
      ...row,
      prices: prices
        .filter((p) => p.ratePlanId === row.ratePlanId)
        .map((p) => ({ billingCategory: p.billingCategory, messageType: p.messageType, price: p.price })),
    }));
  }

  const planColumns = {
    ratePlanId: ratePlans.ratePlanId,
    carrierId: ratePlans.carrierId,
    planCode: ratePlans.planCode,
    partnerCode: ratePlans.partnerCode,
    currency: ratePlans.currency,
    effectiveFrom: ratePlans.effectiveFrom,
    verificationPrice: ratePlans.verificationPrice,
    createdBy: ratePlans.createdBy,
    createdAt: ratePlans.createdAt,
    carrierName: carriers.name,
    countryId: carriers.countryId,
  };

  return {
    /** Every version of these carriers' plans (few per carrier), with their prices. */
    async versionsOf(carrierIds: number[]): Promise<RatePlanRow[]> {
      if (carrierIds.length === 0) return [];
      const rows = await db
        .select(planColumns)
        .from(ratePlans)
        .innerJoin(carriers, eq(carriers.carrierId, ratePlans.carrierId))
        .where(inArray(ratePlans.carrierId, carrierIds))
        .orderBy(asc(ratePlans.carrierId), asc(ratePlans.effectiveFrom), asc(ratePlans.ratePlanId));
      return withPrices(rows);
    },

    /** One window of versions, newest first (admin list); search: the carrier, its country or the plan code. */
    async list(
      window: { start: number; end: number },
      carrierId?: number,
      search?: string,
      sort: RatePlanSort = { sort: 'carrier', order: 'asc' },
    ) {
      const direction = sort.order === 'asc' ? asc : desc;
      const conditions: SQL[] = [];
      if (carrierId) conditions.push(eq(ratePlans.carrierId, carrierId));
      if (search) {
        const pattern = containsPattern(search);
        const any = or(
          ilike(carriers.name, pattern),
          ilike(carriers.countryId, pattern),
          ilike(ratePlans.planCode, pattern),
        );
        if (any) conditions.push(any);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const rows = await db
        .select(planColumns)
        .from(ratePlans)
        .innerJoin(carriers, eq(carriers.carrierId, ratePlans.carrierId))
        .where(where)
        .orderBy(
          ...(sort.sort === 'carrier'
            ? [
                direction(carriers.countryId),
                direction(carriers.name),
                desc(ratePlans.effectiveFrom),
                desc(ratePlans.ratePlanId),
              ]
            : [direction(ratePlans.effectiveFrom), direction(ratePlans.ratePlanId)]),
        )
        .limit(window.end - window.start)
        .offset(window.start);
      const [total] = await db
        .select({ n: count() })
        .from(ratePlans)
        .innerJoin(carriers, eq(carriers.carrierId, ratePlans.carrierId))
        .where(where);
      return { rows: await withPrices(rows), total: total?.n ?? 0 };
    },

    async insertVersion(
      plan: typeof ratePlans.$inferInsert,
      prices: { billingCategory: string; messageType: string; price: bigint }[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(ratePlans).values(plan).returning({ id: ratePlans.ratePlanId });
        if (!row) throw new Error('rate plan insert returned nothing');
        await tx.insert(ratePlanPrices).values(prices.map((p) => ({ ...p, ratePlanId: row.id })));
        return row.id;
      });
    },

    async carrier(carrierId: number) {
      const [row] = await db.select().from(carriers).where(eq(carriers.carrierId, carrierId));
      return row;
    },

    async carriersById(carrierIds: number[]) {
      if (carrierIds.length === 0) return [];
      return db
        .select({ carrierId: carriers.carrierId, name: carriers.name })
        .from(carriers)
        .where(and(inArray(carriers.carrierId, carrierIds), eq(carriers.active, true)));
    },

    /** The partner's region: the region of its address's country (else its company's country). */
    async partnerCountry(partnerId: string): Promise<string | null> {
      const [row] = await db
        .select({ address: partners.address, company: partners.company })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      const fromAddress = row?.address?.countryId;
      const fromCompany = row?.company?.countryId;
      const id =
        typeof fromAddress === 'string' ? fromAddress : typeof fromCompany === 'string' ? fromCompany : null;
      return id;
    },

    async countryRegion(countryId: string): Promise<string | null> {
      const [row] = await db
        .select({ region: countries.region })
        .from(countries)
        .where(eq(countries.countryId, countryId));
      return row?.region ?? null;
    },

    /** Active carriers of one region (pricing page), by country then name. */
    async carriersInRegion(
      region: string,
      window: { start: number; end: number },
      search?: string,
      sort: PricingSort = { sort: 'country', order: 'asc' },
    ) {
      const direction = sort.order === 'asc' ? asc : desc;
      const conditions: SQL[] = [eq(carriers.active, true), eq(countries.region, region)];
      if (search) conditions.push(ilike(carriers.name, containsPattern(search)));
      const where = and(...conditions);
      const rows = await db
        .select({
          carrierId: carriers.carrierId,
          name: carriers.name,
          countryId: carriers.countryId,
          countryName: countries.name,
        })
        .from(carriers)
        .innerJoin(countries, eq(countries.countryId, carriers.countryId))
        .where(where)
        .orderBy(
          ...(sort.sort === 'country'
            ? [direction(countries.position), direction(countries.name), asc(carriers.name)]
            : [direction(carriers.name), asc(carriers.carrierId)]),
        )
        .limit(window.end - window.start)
        .offset(window.start);
      const [total] = await db
        .select({ n: count() })
        .from(carriers)
        .innerJoin(countries, eq(countries.countryId, carriers.countryId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async carriersWithoutPlan(): Promise<number[]> {
      const rows = await db
        .select({ carrierId: carriers.carrierId, plan: ratePlans.ratePlanId })
        .from(carriers)
        .leftJoin(ratePlans, eq(ratePlans.carrierId, carriers.carrierId));
      return [...new Set(rows.filter((r) => r.plan === null).map((r) => r.carrierId))];
    },
  };
}
export type RatePlansRepository = ReturnType<typeof createRatePlansRepository>;
