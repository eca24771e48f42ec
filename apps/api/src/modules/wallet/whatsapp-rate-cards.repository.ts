import type { WhatsappPricingSort } from '@portico/domain';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countries } from '../../platform/db/core.schema.ts';
import { containsPattern } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { whatsappRateCardPrices, whatsappRateCards } from './wallet.schema.ts';

/** The admin list's filters and order (by country, each country's newest version first, or by start). */
export interface RateCardFilter {
  countryId?: string | undefined;
  search?: string | undefined;
  sort?: 'country' | 'effective_from' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export type RateCardRow = typeof whatsappRateCards.$inferSelect & {
  countryName: string;
  prices: { category: string; price: bigint }[];
};

/** SQL of the WhatsApp rate cards (versions per country + their prices; issue 25 point 2). */
export function createRateCardsRepository(db: Db) {
  const columns = {
    rateCardId: whatsappRateCards.rateCardId,
    countryId: whatsappRateCards.countryId,
    currency: whatsappRateCards.currency,
    effectiveFrom: whatsappRateCards.effectiveFrom,
    createdBy: whatsappRateCards.createdBy,
    createdAt: whatsappRateCards.createdAt,
    countryName: countries.name,
  };

  async function withPrices(
    rows: (typeof whatsappRateCards.$inferSelect & { countryName: string })[],
  ): Promise<RateCardRow[]> {
    if (rows.length === 0) return [];
    const prices = await db
      .select()
      .from(whatsappRateCardPrices)
      .where(
        inArray(
          whatsappRateCardPrices.rateCardId,
          rows.map((r) => r.rateCardId),
        ),
      );
    return rows.map((row) => ({
      ...row,
      prices: prices
        .filter((p) => p.rateCardId === row.rateCardId)
        .map((p) => ({ category: p.category, price: p.price })),
    }));
  }

  function filters(filter: Pick<RateCardFilter, 'countryId' | 'search'>) {
    const conditions: SQL[] = [];
    if (filter.countryId) conditions.push(eq(whatsappRateCards.countryId, filter.countryId));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const either = or(ilike(countries.name, pattern), ilike(whatsappRateCards.countryId, pattern));
      if (either) conditions.push(either);
    }
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  return {
    /** Every version of these countries' cards (few per country), with their prices. */
    async versionsOf(countryIds: string[]): Promise<RateCardRow[]> {
      if (countryIds.length === 0) return [];
      const rows = await db
        .select(columns)
        .from(whatsappRateCards)
        .innerJoin(countries, eq(countries.countryId, whatsappRateCards.countryId))
        .where(inArray(whatsappRateCards.countryId, countryIds))
        .orderBy(asc(whatsappRateCards.effectiveFrom), asc(whatsappRateCards.rateCardId));
      return withPrices(rows);
    },

    /** One window of versions (the admin's list): by country, the newest first. */
    async list(window: { start: number; end: number }, filter: RateCardFilter) {
      const where = filters(filter);
      const direction = filter.order === 'desc' ? desc : asc;
      const rows = await db
        .select(columns)
        .from(whatsappRateCards)
        .innerJoin(countries, eq(countries.countryId, whatsappRateCards.countryId))
        .where(where)
        .orderBy(
          ...(filter.sort === 'effective_from'
            ? [direction(whatsappRateCards.effectiveFrom), direction(whatsappRateCards.rateCardId)]
            : [
                direction(countries.position),
                direction(countries.name),
                desc(whatsappRateCards.effectiveFrom),
                desc(whatsappRateCards.rateCardId),
              ]),
        )
        .limit(window.end - window.start)
        .offset(window.start);
      const [total] = await db
        .select({ n: count() })
        .from(whatsappRateCards)
        .innerJoin(countries, eq(countries.countryId, whatsappRateCards.countryId))
        .where(where);
      return { rows: await withPrices(rows), total: total?.n ?? 0 };
    },

    /**
     * Countries with a card in force at `at`, for PRICING: one window, by country (the countries'
     * own order, then name), by the start of the card in force, or by its price in one category
     * (a country whose card has no price in it last going up).
     */
    async countriesInForce(
      window: { start: number; end: number },
      filter: { search?: string | undefined; sort: WhatsappPricingSort; order: 'asc' | 'desc' },
      at: Date,
    ) {
      const current = db
        .selectDistinctOn([whatsappRateCards.countryId], {
          countryId: whatsappRateCards.countryId,
          rateCardId: whatsappRateCards.rateCardId,
          effectiveFrom: whatsappRateCards.effectiveFrom,
        })
        .from(whatsappRateCards)
        .where(lte(whatsappRateCards.effectiveFrom, at))
        .orderBy(
          whatsappRateCards.countryId,
          desc(whatsappRateCards.effectiveFrom),
          desc(whatsappRateCards.rateCardId),
        )
        .as('current');
      const where = filter.search
        ? or(
            ilike(countries.name, containsPattern(filter.search)),
            ilike(countries.countryId, containsPattern(filter.search)),
          )
        : undefined;
      const direction = filter.order === 'desc' ? desc : asc;
      const byCountry = [direction(countries.position), direction(countries.name)];
      const price = filter.sort === 'country' || filter.sort === 'effective_from' ? null : filter.sort;
      const priced = alias(whatsappRateCardPrices, 'priced');
      const base = db
        .select({ countryId: countries.countryId, name: countries.name, position: countries.position })
        .from(current)
        .innerJoin(countries, eq(countries.countryId, current.countryId))
        .leftJoin(priced, and(eq(priced.rateCardId, current.rateCardId), eq(priced.category, price ?? '')))
        .where(where);
      const rows = await base
        .orderBy(
          ...(filter.sort === 'country'
            ? byCountry
            : filter.sort === 'effective_from'
              ? [direction(current.effectiveFrom), ...byCountry]
              : [direction(priced.price), asc(countries.position), asc(countries.name)]),
          asc(countries.countryId),
        )
        .limit(window.end - window.start)
        .offset(window.start);
      const [total] = await db
        .select({ n: count() })
        .from(current)
        .innerJoin(countries, eq(countries.countryId, current.countryId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async country(countryId: string) {
      const [row] = await db.select().from(countries).where(eq(countries.countryId, countryId));
      return row;
    },

    async insertVersion(
      card: typeof whatsappRateCards.$inferInsert,
      prices: { category: string; price: bigint }[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(whatsappRateCards)
          .values(card)
          .returning({ id: whatsappRateCards.rateCardId });
        if (!row) throw new Error('rate card insert returned nothing');
        await tx.insert(whatsappRateCardPrices).values(prices.map((p) => ({ ...p, rateCardId: row.id })));
        return row.id;
      });
    },
  };
}
export type RateCardsRepository = ReturnType<typeof createRateCardsRepository>;
