import { LOOKUP_KINDS } from '@portico/domain';
import { sql } from 'drizzle-orm';
import { carriers, countries, lookupValues } from '../core.schema.ts';
import type { Database } from '../index.ts';
import { CARRIER_SEEDS } from './carriers.ts';
import { countrySeeds } from './countries.ts';
import { LOOKUP_SEEDS } from './lookups.ts';

export interface ReferenceSeedResult {
  countries: number;
  carriers: number;
  lookups: number;
}

/** Upserts the reference data (every start): corrected names and codes reach existing databases. */
export async function seedReferenceData(database: Database): Promise<ReferenceSeedResult> {
  const { db } = database;
  const countryRows = countrySeeds();
  await db
    .insert(countries)
    .values(countryRows)
    .onConflictDoUpdate({
      target: countries.countryId,
      set: {
        name: sql`excluded.name`,
        diallingCode: sql`excluded.dialling_code`,
        region: sql`excluded.region`,
        position: sql`excluded.position`,
      },
    });

  await db
    .insert(carriers)
    .values(CARRIER_SEEDS.map((c) => ({ ...c, active: true })))
    .onConflictDoUpdate({
      target: [carriers.countryId, carriers.name],
      set: { mccMnc: sql`excluded.mcc_mnc` },
    });

  const lookupRows = LOOKUP_KINDS.flatMap((kind) =>
    LOOKUP_SEEDS[kind].map((value, position) => ({ kind, code: value.code, name: value.name, position })),
  );
  await db
    .insert(lookupValues)
    .values(lookupRows)
    .onConflictDoUpdate({
      target: [lookupValues.kind, lookupValues.code],
      set: { name: sql`excluded.name`, position: sql`excluded.position` },
    });

  return { countries: countryRows.length, carriers: CARRIER_SEEDS.length, lookups: lookupRows.length };
}
