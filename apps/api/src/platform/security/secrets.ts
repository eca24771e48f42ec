import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { appSecrets } from './security.schema.ts';

/**
 * Reads a generated secret from app_secrets, creating it on first use. Insert-if-absent then read
 * back, so instances starting together agree on one value.
 */
export async function loadOrCreateSecret<T>(
  database: Database,
  name: string,
  create: () => T | Promise<T>,
): Promise<T> {
  const existing = await readSecret<T>(database, name);
  if (existing !== undefined) return existing;
  await database.db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing({ target: appSecrets.name });
  const stored = await readSecret<T>(database, name);
  if (stored === undefined) throw new Error(`app secret ${name} could not be stored`);
  return stored;
}

async function readSecret<T>(database: Database, name: string): Promise<T | undefined> {
  const [row] = await database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name))
    .limit(1);
  return row?.value as T | undefined;
}
