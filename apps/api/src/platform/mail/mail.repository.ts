import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { devMailbox } from './mail.schema.ts';

export type DevMail = typeof devMailbox.$inferSelect;

/** SQL of the dev mailbox. */
export function createDevMailboxRepository(db: Db) {
  return {
    /** Files a mail once per job (a retried job finds it already filed). */
    async file(mail: Omit<typeof devMailbox.$inferInsert, 'id' | 'createdAt'>): Promise<void> {
      await db.insert(devMailbox).values(mail).onConflictDoNothing({ target: devMailbox.jobId });
    },

    /** Newest first, optionally for one recipient. */
    async list(options: { to?: string | undefined; start: number; end: number }) {
      const where = options.to ? eq(sql`lower(${devMailbox.to})`, options.to.toLowerCase()) : undefined;
      const items = await db
        .select()
        .from(devMailbox)
        .where(where)
        .orderBy(desc(devMailbox.id))
        .offset(options.start)
        .limit(options.end - options.start);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(devMailbox).where(where);
      return { items, total: count?.n ?? 0 };
    },
  };
}
export type DevMailboxRepository = ReturnType<typeof createDevMailboxRepository>;
