import type { CarrierSort } from '@portico/domain';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { carriers, countries, lookupValues } from '../../platform/db/core.schema.ts';
import type { Db } from '../../platform/db/index.ts';

export interface Window {
  start: number;
  end: number;
}

/** `%term%` for ILIKE with the term's own wildcards escaped. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

/** The filtered total alongside each row, so one query answers both the page and the count. */
const totalOver = () => sql<number>`count(*) over()`.mapWith(Number);

/**
 * A window's rows and the filter's total. The total rides on the rows (one round trip); only a
 * window past the end, which has no rows to carry it, costs a separate count.
 */
async function windowed<Row extends { total: number }>(
  window: Window,
  page: () => Promise<Row[]>,
  countAll: () => Promise<{ n: number }[]>,
): Promise<{ rows: Omit<Row, 'total'>[]; total: number }> {
  const rows = await page();
  const total = rows[0]?.total ?? (window.start === 0 ? 0 : ((await countAll())[0]?.n ?? 0));
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

export function createReferenceDataRepository(db: Db) {
  return {
    async countries(window: Window, search?: string) {
      const filter = where(search ? ilike(countries.name, containing(search)) : undefined);
      return windowed(
        window,
        () =>
          db
            .select({
              countryId: countries.countryId,
              name: countries.name,
              diallingCode: countries.diallingCode,
              region: countries.region,
              total: totalOver(),
            })
            .from(countries)
            .where(filter)
            .orderBy(asc(countries.position), asc(countries.name))
            .offset(window.start)
            .limit(window.end - window.start),
        () => db.select({ n: count() }).from(countries).where(filter),
      );
    },

    async carriers(
      window: Window,
      filters: {
        countryId?: string | undefined;
        search?: string | undefined;
        sort?: CarrierSort | undefined;
        order?: 'asc' | 'desc' | undefined;
      },
    ) {
      const direction = filters.order === 'desc' ? desc : asc;
      const order = {
        // The countries' own order, then name; a country's carriers by name either way.
        country: [direction(countries.position), direction(countries.name), asc(carriers.name)],
        carrier: [direction(sql`lower(${carriers.name})`)],
        mcc_mnc: [direction(carriers.mccMnc)],
      }[filters.sort ?? 'country'];
      const filter = where(
        eq(carriers.active, true),
        filters.countryId ? eq(carriers.countryId, filters.countryId) : undefined,
        filters.search ? ilike(carriers.name, containing(filters.search)) : undefined,
      );
      return windowed(
        window,
        () =>
          db
            .select({
              carrierId: carriers.carrierId,
              name: carriers.name,
              countryId: carriers.countryId,
              countryName: countries.name,
              mccMnc: carriers.mccMnc,
              total: totalOver(),
            })
            .from(carriers)
            .innerJoin(countries, eq(countries.countryId, carriers.countryId))
            .where(filter)
            .orderBy(...order, direction(carriers.carrierId))
            .offset(window.start)
            .limit(window.end - window.start),
        () => db.select({ n: count() }).from(carriers).where(filter),
      );
    },

    async lookups(kind: string, window: Window, search?: string) {
      const filter = where(
        eq(lookupValues.kind, kind),
        search ? ilike(lookupValues.name, containing(search)) : undefined,
      );
      return windowed(
        window,
        () =>
          db
            .select({
              id: lookupValues.id,
              code: lookupValues.code,
              name: lookupValues.name,
              total: totalOver(),
            })
            .from(lookupValues)
            .where(filter)
            .orderBy(asc(lookupValues.position), asc(lookupValues.id))
            .offset(window.start)
            .limit(window.end - window.start),
        () => db.select({ n: count() }).from(lookupValues).where(filter),
      );
    },
  };
}
export type ReferenceDataRepository = ReturnType<typeof createReferenceDataRepository>;
