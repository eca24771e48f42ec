import type { AuditAction } from '@portico/domain';
import { and, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, endOfUtcDay, orderOf, startOfUtcDay } from '../db/filters.ts';
import type { Db } from '../db/index.ts';
import { auditLog } from './audit.schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export interface AuditFilters {
  action?: AuditAction | undefined;
  /** Part of the actor's or the subject's email, case-insensitive. */
  email?: string | undefined;
  /** Inclusive UTC calendar dates (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditSort {
  sort: 'created_at' | 'action';
  order: 'asc' | 'desc';
}
const SORT_COLUMNS = {
  created_at: auditLog.createdAt,
  action: auditLog.action,
} as const;

function filtersWhere(filters: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.email) {
    const pattern = containsPattern(filters.email);
    conditions.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.subjectEmail, pattern)));
  }
  if (filters.from) conditions.push(gte(auditLog.createdAt, startOfUtcDay(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, endOfUtcDay(filters.to)));
  return and(...conditions);
}

export function createAuditRepository(db: Db) {
  return {
    async insert(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values(entry);
    },
    /** One window of the records that match in the asked order, and how many match in all. */
    async list(filters: AuditFilters, sort: AuditSort, window: { start: number; end: number }) {
      const where = filtersWhere(filters);
      const items = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(...orderOf(SORT_COLUMNS, sort.sort, sort.order, auditLog.id))
        .offset(window.start)
        .limit(window.end - window.start);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
      return { items, total: count?.n ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
