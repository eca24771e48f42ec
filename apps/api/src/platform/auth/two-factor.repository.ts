import { TWO_FACTOR_GROUP_ROLES, TWO_FACTOR_ROLE_GROUPS, type TwoFactorRoleGroup } from '@portico/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { users } from '../db/core.schema.ts';
import type { Db } from '../db/index.ts';
import { twoFactorRecoveryCodes, twoFactorRequirements, userTwoFactor } from './two-factor.schema.ts';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

/** Statuses that can sign in (users.service.ts): the users a requirement concerns. */
const SIGN_IN_STATUSES = ['active', 'pending_setup'];

/** SQL of two-factor sign-in: the keys, the recovery codes and the super admin's setting. */
export function createTwoFactorRepository(db: Db) {
  return {
    async find(userId: string): Promise<TwoFactorRow | undefined> {
      const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
      return row;
    },

    /** Keeps a key being set up (replacing one not confirmed); the key in use stays until confirmed. */
    async savePending(userId: string, sealed: string, at: Date): Promise<void> {
      await db
        .insert(userTwoFactor)
        .values({ userId, pendingSecret: sealed, updatedAt: at })
        .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingSecret: sealed, updatedAt: at } });
    },

    /**
     * Puts the pending key in use (only the one the code was checked against) with new recovery
     * codes, in one transaction. False when another request confirmed or replaced it meanwhile.
     */
    async confirm(input: {
      userId: string;
      pendingSecret: string;
      step: number;
      codeHashes: readonly string[];
      at: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const confirmed = await tx
          .update(userTwoFactor)
          .set({
            secret: input.pendingSecret,
            pendingSecret: null,
            enabledAt: input.at,
            lastUsedStep: input.step,
            updatedAt: input.at,
          })
          .where(
            and(eq(userTwoFactor.userId, input.userId), eq(userTwoFactor.pendingSecret, input.pendingSecret)),
          )
          .returning({ userId: userTwoFactor.userId });
        if (confirmed.length === 0) return false;
        await replaceCodes(tx, input.userId, input.codeHashes);
        return true;
      });
    },

    /** Records the step of an accepted code; false when it (or a later one) was accepted before. */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(userTwoFactor)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            isNotNull(userTwoFactor.enabledAt),
            or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return rows.length > 0;
    },

    /** Uses up a recovery code; false when it is not the user's or was used already. */
    async useRecoveryCode(userId: string, codeHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, codeHash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /** New recovery codes: every earlier one stops working. */
    async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
      await db.transaction((tx) => replaceCodes(tx, userId, codeHashes));
    },

    /** Turns two-factor sign-in off: the key and the recovery codes are deleted. */
    async remove(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
      });
    },

    /** The setting per role group, the latest change first, with the email of who made it. */
    async requirements() {
      return db
        .select({
          roleGroup: twoFactorRequirements.roleGroup,
          required: twoFactorRequirements.required,
          updatedAt: twoFactorRequirements.updatedAt,
          updatedBy: users.email,
        })
        .from(twoFactorRequirements)
        .leftJoin(users, eq(users.userId, twoFactorRequirements.updatedBy))
        .orderBy(desc(twoFactorRequirements.updatedAt));
    },

    async setRequirements(values: Record<TwoFactorRoleGroup, boolean>, by: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        for (const group of TWO_FACTOR_ROLE_GROUPS) {
          const set = { required: values[group], updatedAt: at, updatedBy: by };
          await tx
            .insert(twoFactorRequirements)
            .values({ roleGroup: group, ...set })
            .onConflictDoUpdate({ target: twoFactorRequirements.roleGroup, set });
        }
      });
    },

    /** Per role group: its users who can sign in, and how many of them have two-factor sign-in on. */
    async groupCounts(): Promise<Record<TwoFactorRoleGroup, { users: number; withTwoFactor: number }>> {
      const counts = {} as Record<TwoFactorRoleGroup, { users: number; withTwoFactor: number }>;
      for (const group of TWO_FACTOR_ROLE_GROUPS) {
        const [row] = await db
          .select({
            users: count(),
            withTwoFactor: sql<number>`count(${userTwoFactor.enabledAt})::int`,
          })
          .from(users)
          .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.userId))
          .where(
            and(
              inArray(users.role, [...TWO_FACTOR_GROUP_ROLES[group]]),
              inArray(users.status, SIGN_IN_STATUSES),
            ),
          );
        counts[group] = { users: row?.users ?? 0, withTwoFactor: Number(row?.withTwoFactor ?? 0) };
      }
      return counts;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

async function replaceCodes(tx: Db, userId: string, codeHashes: readonly string[]): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await tx.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}
