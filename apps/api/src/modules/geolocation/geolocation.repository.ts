import { eq } from 'drizzle-orm';
import { countries } from '../../platform/db/core.schema.ts';
import type { Db } from '../../platform/db/index.ts';

export function createGeolocationRepository(db: Db) {
  return {
    async country(countryId: string) {
      const [row] = await db
        .select({ name: countries.name, region: countries.region })
        .from(countries)
        .where(eq(countries.countryId, countryId))
        .limit(1);
      return row;
    },
  };
}
export type GeolocationRepository = ReturnType<typeof createGeolocationRepository>;
