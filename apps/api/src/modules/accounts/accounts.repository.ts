import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accountState, partners, users } from '../../platform/db/core.schema.ts';
import type { Db } from '../../platform/db/index.ts';
import { oidcPayloads } from '../../platform/oidc/oidc.schema.ts';
import { accountTokens } from './accounts.schema.ts';

export type AccountTokenRow = typeof accountTokens.$inferSelect;
export type TokenPurpose = 'verify-email' | 'invite' | 'reset-password';

/** Uses up a link inside the caller's transaction; false when another request used it first. */
async function consumeToken(tx: Db, tokenId: string, at: Date): Promise<boolean> {
  const consumed = await tx
    .update(accountTokens)
    .set({ consumedAt: at })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.consumedAt)))
    .returning({ id: accountTokens.id });
  return consumed.length > 0;
}

/** A new password ends every session of the account (decision 0007) and every open reset link. */
async function setPassword(tx: Db, userId: string, passwordHash: string, at: Date): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.userId, userId));
  await tx
    .insert(accountState)
    .values({ userId, sessionsValidAfter: at, passwordChangedAt: at })
    .onConflictDoUpdate({
      target: accountState.userId,
      set: { sessionsValidAfter: at, passwordChangedAt: at },
    });
  // The provider's sessions, grants, authorization codes and refresh tokens of the account.
  await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`);
  await tx
    .delete(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'reset-password'),
        isNull(accountTokens.consumedAt),
      ),
    );
}

/** SQL of sign-up links, first-time setup and passwords. */
export function createAccountsRepository(db: Db) {
  return {
    async userByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return row;
    },

    async userById(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.userId, userId)).limit(1);
      return row;
    },

    /** Replaces any open link of this purpose for the email (or user) with a new one. */
    async replaceToken(input: {
      purpose: TokenPurpose;
      email: string;
      userId?: string | null;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(accountTokens)
          .where(
            and(
              eq(accountTokens.purpose, input.purpose),
              eq(sql`lower(${accountTokens.email})`, input.email.toLowerCase()),
              isNull(accountTokens.consumedAt),
            ),
          );
        await tx.insert(accountTokens).values({
          purpose: input.purpose,
          email: input.email,
          userId: input.userId ?? null,
          tokenHash: input.tokenHash,
          expiresAt: input.expiresAt,
        });
      });
    },

    /** The newest link of this purpose for the email, used or not. */
    async latestToken(purpose: TokenPurpose, email: string) {
      const [row] = await db
        .select()
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.purpose, purpose),
            eq(sql`lower(${accountTokens.email})`, email.toLowerCase()),
          ),
        )
        .orderBy(sql`${accountTokens.createdAt} desc`)
        .limit(1);
      return row;
    },

    async tokenByHash(purpose: TokenPurpose, tokenHash: string) {
      const [row] = await db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.purpose, purpose), eq(accountTokens.tokenHash, tokenHash)))
        .limit(1);
      return row;
    },

    async markVerified(id: string, at: Date): Promise<void> {
      await db
        .update(accountTokens)
        .set({ verifiedAt: at })
        .where(and(eq(accountTokens.id, id), isNull(accountTokens.verifiedAt)));
    },

    /**
     * Creates the partner and its first user from a verified sign-up link, consuming the link in
     * the same transaction. Returns null when the link was consumed meanwhile.
     */
    async createSignedUpAccount(input: { tokenId: string; email: string; passwordHash: string; at: Date }) {
      return db.transaction(async (tx) => {
        if (!(await consumeToken(tx, input.tokenId, input.at))) return null;
        const [partner] = await tx.insert(partners).values({ kind: 'developer' }).returning();
        if (!partner) throw new Error('partner insert returned nothing');
        const [user] = await tx
          .insert(users)
          .values({
            partnerId: partner.partnerId,
            email: input.email,
            passwordHash: input.passwordHash,
            role: null,
            status: 'pending_setup',
          })
          .returning();
        if (!user) throw new Error('user insert returned nothing');
        await tx.insert(accountState).values({ userId: user.userId });
        return user;
      });
    },

    /** Sets an invited user's password and activates them, consuming the link. Null when consumed meanwhile. */
    async activateInvitedUser(input: { tokenId: string; userId: string; passwordHash: string; at: Date }) {
      return db.transaction(async (tx) => {
        if (!(await consumeToken(tx, input.tokenId, input.at))) return null;
        const [user] = await tx
          .update(users)
          .set({ passwordHash: input.passwordHash, status: 'active' })
          .where(and(eq(users.userId, input.userId), eq(users.status, 'invited')))
          .returning();
        if (!user) throw new Error('invited user is gone');
        return user;
      });
    },

    /** The first-time flow's state: the user, their partner and their account state. */
    async setupOf(userId: string) {
      const [row] = await db
        .select({
          user: users,
          partner: partners,
          accountType: accountState.accountType,
          setupCompletedAt: accountState.setupCompletedAt,
        })
        .from(users)
        .innerJoin(partners, eq(partners.partnerId, users.partnerId))
        .leftJoin(accountState, eq(accountState.userId, users.userId))
        .where(eq(users.userId, userId))
        .limit(1);
      return row;
    },

    async updateNames(userId: string, firstName: string, lastName: string): Promise<void> {
      await db.update(users).set({ firstName, lastName }).where(eq(users.userId, userId));
    },

    async setAccountType(userId: string, partnerId: string, accountType: 'developer' | 'aggregator') {
      await db.transaction(async (tx) => {
        await tx
          .insert(accountState)
          .values({ userId, accountType })
          .onConflictDoUpdate({ target: accountState.userId, set: { accountType } });
        await tx
          .update(partners)
          .set({ isAggregator: accountType === 'aggregator' })
          .where(eq(partners.partnerId, partnerId));
      });
    },

    async updateCompany(
      partnerId: string,
      company: Record<string, unknown>,
      address: Record<string, unknown>,
    ): Promise<void> {
      await db.update(partners).set({ company, address }).where(eq(partners.partnerId, partnerId));
    },

    async completeSetup(userId: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ status: 'active' })
          .where(and(eq(users.userId, userId), eq(users.status, 'pending_setup')));
        await tx
          .insert(accountState)
          .values({ userId, setupCompletedAt: at })
          .onConflictDoUpdate({ target: accountState.userId, set: { setupCompletedAt: at } });
      });
    },

    /**
     * Sets the new password, refuses tokens issued before `at`, deletes the user's provider
     * sessions, grants, codes and refresh tokens and any open password reset link, in one transaction.
     */
    async changePassword(userId: string, passwordHash: string, at: Date): Promise<void> {
      await db.transaction((tx) => setPassword(tx, userId, passwordHash, at));
    },

    /**
     * A password reset: the link is used up and the password changed as above, in one transaction.
     * False when another request used the link first.
     */
    async resetPassword(input: { tokenId: string; userId: string; passwordHash: string; at: Date }) {
      return db.transaction(async (tx) => {
        if (!(await consumeToken(tx, input.tokenId, input.at))) return false;
        await setPassword(tx, input.userId, input.passwordHash, input.at);
        return true;
      });
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/** SQL of the profile update: the user's names and the partner's profile image. */
export function createProfileRepository(db: Db) {
  return {
    /** Which of these profile image URL paths a partner still shows. */
    async profileImagesInUse(urls: readonly string[]): Promise<Set<string>> {
      if (urls.length === 0) return new Set();
      const rows = await db
        .select({ url: partners.profileImage })
        .from(partners)
        .where(inArray(partners.profileImage, [...urls]));
      return new Set(rows.flatMap((row) => (row.url ? [row.url] : [])));
    },

    /** Returns the profile image the partner had before (locked, so two uploads replace in turn). */
    async update(input: {
      userId: string;
      partnerId: string;
      firstName?: string | undefined;
      lastName?: string | undefined;
      profileImage?: string | undefined;
    }): Promise<{ previousProfileImage: string | null }> {
      return db.transaction(async (tx) => {
        if (input.firstName !== undefined || input.lastName !== undefined) {
          await tx
            .update(users)
            .set({
              ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
              ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
            })
            .where(eq(users.userId, input.userId));
        }
        if (input.profileImage === undefined) return { previousProfileImage: null };
        const [previous] = await tx
          .select({ profileImage: partners.profileImage })
          .from(partners)
          .where(eq(partners.partnerId, input.partnerId))
          .for('update');
        await tx
          .update(partners)
          .set({ profileImage: input.profileImage })
          .where(eq(partners.partnerId, input.partnerId));
        return { previousProfileImage: previous?.profileImage ?? null };
      });
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
