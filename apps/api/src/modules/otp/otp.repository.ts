import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { otpCodes } from './otp.schema.ts';

export type OtpRow = typeof otpCodes.$inferSelect;

export function createOtpRepository(db: Db) {
  return {
    /** Stores a new code; earlier open codes for the number stop working. */
    async replace(input: Omit<typeof otpCodes.$inferInsert, 'createdAt' | 'attempts' | 'consumedAt'>) {
      await db.transaction(async (tx) => {
        await tx
          .update(otpCodes)
          .set({ consumedAt: sql`now()` })
          .where(
            and(
              eq(otpCodes.partnerId, input.partnerId),
              eq(otpCodes.msisdn, input.msisdn),
              isNull(otpCodes.consumedAt),
            ),
          );
        await tx.insert(otpCodes).values(input);
      });
    },

    async latestOpen(partnerId: string, msisdn: string): Promise<OtpRow | undefined> {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(
          and(eq(otpCodes.partnerId, partnerId), eq(otpCodes.msisdn, msisdn), isNull(otpCodes.consumedAt)),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Counts an attempt; returns the attempts made so far (after this one). */
    async countAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ attempts: otpCodes.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Marks the code used; false when another request used it first. */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return rows.length > 0;
    },
  };
}
export type OtpRepository = ReturnType<typeof createOtpRepository>;
