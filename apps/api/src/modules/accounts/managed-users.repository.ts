import type { TManagedUserFilters } from '@portico/domain';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { partners, users } from '../../platform/db/core.schema.ts';
import { containsPattern, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { oidcPayloads } from '../../platform/oidc/oidc.schema.ts';

const SORT_COLUMNS = {
  created_at: users.createdAt,
  name: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
  email: sql`lower(${users.email})`,
  role: users.role,
  status: users.status,
  last_sign_in_at: users.lastSignInAt,
} as const;

/** SQL of user management, always scoped to one partner (the caller's organisation). */
export function createManagedUsersRepository(db: Db) {
  return {
    async partner(partnerId: string) {
      const [row] = await db.select().from(partners).where(eq(partners.partnerId, partnerId)).limit(1);
      return row;
    },

    /** One window of the partner's users that match the search, in the asked order, and how many match. */
    async list(partnerId: string, filters: TManagedUserFilters, window: { start: number; end: number }) {
      const pattern = filters.search ? containsPattern(filters.search) : undefined;
      const where = and(
        eq(users.partnerId, partnerId),
        pattern
          ? or(
              ilike(users.email, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            )
          : undefined,
      );
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
        .where(where)
        .orderBy(...orderOf(SORT_COLUMNS, filters.sort, filters.order, users.userId))
        .offset(window.start)
        .limit(window.end - window.start);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
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
