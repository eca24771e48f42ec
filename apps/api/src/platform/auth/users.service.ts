import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { AuthenticatedUser } from './types.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Statuses that may sign in and call the API: `pending_setup` has set a password but not yet set up
 * their user details (the first-time flow continues signed in).
 */
const SIGN_IN_STATUSES = new Set(['active', 'pending_setup']);
/** Statuses that have not chosen a password yet. */
const NOT_ACTIVATED_STATUSES = new Set(['invited']);

/** What the identity provider needs to know about an account (its `sub` and claims). */
export interface SignInAccount {
  userId: string;
  email: string;
  /** partners_profile.role: whether its group must sign in with a second factor. */
  role: string | null;
}

export type PasswordCheck =
  | { outcome: 'success'; account: SignInAccount }
  | { outcome: 'invalid' }
  /** Invited (or any account without a password): no password set yet. */
  | { outcome: 'not_activated' }
  /** Any other status (for example disabled). */
  | { outcome: 'inactive' };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Account lookup for sign-in and token verification. Only active (or pending_setup) users can sign in
 * or call the API; unknown emails cost the same argon2id verification as known ones so timing reveals nothing.
 */
export function createUsersService(deps: { db: Db }) {
  const repository = createUsersRepository(deps.db);
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => {
    dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
    return dummyHash;
  };
  // Computed now, so the first unknown email is not slower than the others.
  void getDummyHash();

  const toAccount = (row: UserRow): SignInAccount => ({
    userId: row.userId,
    email: row.email,
    role: row.role,
  });

  return {
    /** Checks an email and password; the argon2id verification always runs. */
    async checkPassword(email: string, password: string): Promise<PasswordCheck> {
      const row = await repository.findByEmail(normaliseEmail(email));
      const matches = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), password);
      if (!row) return { outcome: 'invalid' };
      // A state other than "wrong password" is told only to someone who knows the password, or when
      // the account has no password to know.
      if (row.passwordHash && !matches) return { outcome: 'invalid' };
      if (NOT_ACTIVATED_STATUSES.has(row.status)) return { outcome: 'not_activated' };
      if (!SIGN_IN_STATUSES.has(row.status)) return { outcome: 'inactive' };
      if (!row.passwordHash) return { outcome: 'not_activated' };
      return { outcome: 'success', account: toAccount(row) };
    },

    async recordSignIn(userId: string, at = new Date()): Promise<void> {
      await repository.recordSignIn(userId, at);
    },

    /** The account behind a token's `sub` (users.user_id), when it may still sign in. */
    async findAccount(userId: string): Promise<SignInAccount | null> {
      const row = await findActiveRow(userId);
      return row ? toAccount(row) : null;
    },

    /**
     * The account a sign-in half done (password checked, second factor asked) belongs to, when it
     * may still sign in and its password has not changed since `sinceMs`.
     */
    async findAccountSince(userId: string, sinceMs: number): Promise<SignInAccount | null> {
      if (!UUID.test(userId)) return null;
      const found = await repository.findWithSessionsValidAfter(userId);
      if (!found || !SIGN_IN_STATUSES.has(found.user.status)) return null;
      const validAfter = found.sessionsValidAfter;
      if (validAfter && sinceMs <= validAfter.getTime()) return null;
      return toAccount(found.user);
    },

    /** The caller behind a verified access token, or null when the user is unknown or not active. */
    async findAuthenticatedUser(
      userId: string,
      token: { issuedAt?: number | undefined; issuedAtMs?: number | undefined } = {},
    ): Promise<AuthenticatedUser | null> {
      if (!UUID.test(userId)) return null;
      const found = await repository.findWithSessionsValidAfter(userId);
      if (!found || !SIGN_IN_STATUSES.has(found.user.status)) return null;
      // A password change refuses the access tokens issued before it (they are JWTs: nothing to
      // delete). Our provider's tokens say when to the millisecond (iat_ms); with whole seconds only
      // (iat), a token of the same second as the change cannot be told from one just before it, so
      // it is refused too.
      const validAfter = found.sessionsValidAfter;
      const issuedAtMs = token.issuedAtMs ?? (token.issuedAt ?? 0) * 1000;
      if (validAfter && issuedAtMs <= validAfter.getTime()) return null;
      const row = found.user;
      return { userId: row.userId, partnerId: row.partnerId, email: row.email, role: row.role };
    },
  };

  async function findActiveRow(userId: string): Promise<UserRow | undefined> {
    if (!UUID.test(userId)) return undefined;
    const row = await repository.findById(userId);
    return row && SIGN_IN_STATUSES.has(row.status) ? row : undefined;
  }
}

export type UsersService = ReturnType<typeof createUsersService>;
