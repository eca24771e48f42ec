import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { bots } from './bots.schema.ts';

export type BotRow = typeof bots.$inferSelect;
export type NewBot = typeof bots.$inferInsert;

/** Bots' SQL: every read of one bot is scoped to the caller's partner (another tenant's bot is not found). */
export function createBotsRepository(db: Db) {
  return {
    /** One bot of the partner, or null. */
    async findOwn(partnerId: string, botId: string): Promise<BotRow | null> {
      const [row] = await db
        .select()
        .from(bots)
        .where(and(eq(bots.partnerId, partnerId), eq(bots.botId, botId)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type BotsRepository = ReturnType<typeof createBotsRepository>;
