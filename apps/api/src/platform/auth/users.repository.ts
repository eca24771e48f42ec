import { eq, sql } from 'drizzle-orm';
import { accountState, users } from '../db/core.schema.ts';
import type { Db } from '../db/index.ts';

export type UserRow = typeof users.$inferSelect;

/** SQL for user accounts, as needed by sign-in and token verification. */
export function createUsersRepository(db: Db) {
  return {
    async findById(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
      return row;
    },

    /** Case-insensitive, served by the unique index on lower(email). */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },

    /** The user and when their sessions were last revoked (null: never). */
    async findWithSessionsValidAfter(userId: string) {
      const [row] = await db
        .select({ user: users, sessionsValidAfter: accountState.sessionsValidAfter })
        .from(users)
        .leftJoin(accountState, eq(accountState.userId, users.userId))
        .where(eq(users.userId, userId))
        .limit(1);
      return row;
    },

    async recordSignIn(userId: string, at: Date): Promise<void> {
      await db.update(users).set({ lastSignInAt: at }).where(eq(users.userId, userId));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
