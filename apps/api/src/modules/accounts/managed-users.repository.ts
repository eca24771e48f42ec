import { and, asc, eq, sql } from 'drizzle-orm';
import { partners, users } from '../../platform/db/core.schema.ts';
import type { Db } from '../../platform/db/index.ts';
import { oidcPayloads } from '../../platform/oidc/oidc.schema.ts';

/** SQL of user management, always scoped to one partner (the caller's organisation). */
export function createManagedUsersRepository(db: Db) {
  return {
    async partner(partnerId: string) {
      const [row] = await db.select().from(partners).where(eq(partners.partnerId, partnerId)).limit(1);
      return row;
    },

    async list(partnerId: string, window: { start: number; end: number }) {
      const items = await db
        .select({
          userId: users.userId,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          status: users.status,
          lastSignInAt: users.lastSignInAt,
        })
        .from(users)
        .where(eq(users.partnerId, partnerId))
        .orderBy(asc(users.createdAt), asc(users.email))
        .offset(window.start)
        .limit(window.end - window.start);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.partnerId, partnerId));
      return { items, total: count?.n ?? 0 };
    },

    /** A user of this partner (never another organisation's). */
    async member(partnerId: string, userId: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.partnerId, partnerId), eq(users.userId, userId)))
        .limit(1);
      return row;
    },

    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return Boolean(row);
    },

    async insertInvited(input: {
      partnerId: string;
      email: string;
      firstName: string;
      lastName: string;
      role: string;
    }) {
      const [row] = await db
        .insert(users)
        .values({ ...input, status: 'invited', passwordHash: null })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    async setRole(partnerId: string, userId: string, role: string): Promise<void> {
      await db
        .update(users)
        .set({ role })
        .where(and(eq(users.partnerId, partnerId), eq(users.userId, userId)));
    },

    /** Deletes the user (their links and account state go with them) and their provider sessions. */
    async remove(partnerId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
        await tx.delete(users).where(and(eq(users.partnerId, partnerId), eq(users.userId, userId)));
      });
    },
  };
}
export type ManagedUsersRepository = ReturnType<typeof createManagedUsersRepository>;
