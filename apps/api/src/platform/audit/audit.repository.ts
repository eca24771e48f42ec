import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export function createAuditRepository(db: Db) {
  return {
    async insert(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values(entry);
    },
    async list(options: { start: number; end: number; action?: string | undefined }) {
      const where = options.action ? eq(auditLog.action, options.action) : undefined;
      const items = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .offset(options.start)
        .limit(options.end - options.start);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
      return { items, total: count?.n ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
