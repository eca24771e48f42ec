import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { launches } from './launches.schema.ts';

/**
 * For bot review's demo launches (seedDemoLaunches): whether the demo bot has its launch already, so
 * a launch seeded once is left alone.
 */
export async function hasDemoLaunch(database: Database, botId: string): Promise<boolean> {
  const [existing] = await database.db
    .select({ botId: launches.botId })
    .from(launches)
    .where(eq(launches.botId, botId));
  return existing !== undefined;
}

/**
 * For bot review's demo launches (seedDemoLaunches): a demo bot's launch as it stands at the step the
 * demo reached, submitted and decided days ago. The stepper and the review reach these states only
 * over time, so the demo writes the row here.
 */
export async function storeDemoLaunch(
  database: Database,
  launch: typeof launches.$inferInsert,
): Promise<void> {
  await database.db.insert(launches).values(launch);
}
