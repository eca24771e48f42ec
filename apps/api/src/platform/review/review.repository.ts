import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { carriers } from '../db/core.schema.ts';
import type { Db } from '../db/index.ts';
import { reviewHistory } from './review.schema.ts';

export type ReviewHistoryRow = typeof reviewHistory.$inferSelect & { carrierName: string | null };
export type NewReviewHistory = Omit<typeof reviewHistory.$inferInsert, 'id' | 'createdAt'>;

export function createReviewRepository(db: Db) {
  return {
    async insert(entry: NewReviewHistory): Promise<void> {
      await db.insert(reviewHistory).values(entry);
    },

    /** A subject's history (its own and its per-carrier subjects'), newest first, one window. */
    async history(
      subjects: readonly string[],
      subjectId: string,
      window: { start: number; end: number },
    ): Promise<{ items: ReviewHistoryRow[]; total: number }> {
      const where = and(
        inArray(reviewHistory.subject, [...subjects]),
        eq(reviewHistory.subjectId, subjectId),
      );
      const [items, [total]] = await Promise.all([
        db
          .select({
            id: reviewHistory.id,
            subject: reviewHistory.subject,
            subjectId: reviewHistory.subjectId,
            carrierId: reviewHistory.carrierId,
            action: reviewHistory.action,
            fromCode: reviewHistory.fromCode,
            toCode: reviewHistory.toCode,
            reason: reviewHistory.reason,
            actorUserId: reviewHistory.actorUserId,
            actorEmail: reviewHistory.actorEmail,
            actorRole: reviewHistory.actorRole,
            createdAt: reviewHistory.createdAt,
            carrierName: carriers.name,
          })
          .from(reviewHistory)
          .leftJoin(carriers, eq(carriers.carrierId, reviewHistory.carrierId))
          .where(where)
          .orderBy(desc(reviewHistory.createdAt), desc(reviewHistory.id))
          .offset(window.start)
          .limit(window.end - window.start),
        db.select({ n: count() }).from(reviewHistory).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
