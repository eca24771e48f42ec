import { ROLES } from '@portico/domain';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.ts';
import { createSecretBox } from '../../platform/auth/secret-box.ts';
import { newRecoveryCodes } from '../../platform/auth/totp.ts';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../platform/auth/two-factor.schema.ts';
import { recoveryCodeHash } from '../../platform/auth/two-factor.service.ts';
import type { PlatformConfig } from '../../platform/config.ts';
import { users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS, DEMO_PASSWORD } from '../../platform/db/seed/index.ts';

/**
 * A demo admin who signs in with two-factor sign-in (README "Demo accounts"), so the super admin's
 * setting shows a group with it on; no journey signs in as it. Its authenticator key is fixed and
 * printed in the README: a development credential, seeded only with DEMO=1.
 */
export const DEMO_TWO_FACTOR_ACCOUNT = {
  email: 'security-admin@portico.test',
  firstName: 'Sana',
  lastName: 'Iyer',
  role: ROLES.ADMIN_PORTICO_READONLY,
  authenticatorKey: 'PORTICODEMOSECURITYADMINKEYTWOFA',
} as const;

/** Idempotent: the account, then its key and recovery codes, each only when missing. */
export async function seedDemoTwoFactor(
  database: Database,
  config: Pick<PlatformConfig, 'TWO_FACTOR_KEY'>,
): Promise<{ twoFactorAccounts: number }> {
  const account = DEMO_TWO_FACTOR_ACCOUNT;
  await database.db
    .insert(users)
    .values({
      partnerId: DEMO_PARTNERS.platform.partnerId,
      email: account.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      status: 'active',
    })
    .onConflictDoNothing();
  const [user] = await database.db
    .select({ userId: users.userId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account.email))
    .limit(1);
  if (!user) throw new Error(`demo account ${account.email} is missing`);

  const box = createSecretBox(database, config.TWO_FACTOR_KEY);
  const enabledAt = new Date(Date.now() - 20 * 86_400_000);
  await database.transaction(async () => {
    const inserted = await database.db
      .insert(userTwoFactor)
      .values({ userId: user.userId, secret: await box.seal(account.authenticatorKey), enabledAt })
      .onConflictDoNothing()
      .returning({ userId: userTwoFactor.userId });
    if (inserted.length === 0) return;
    // Codes nobody knows (the README gives the key, which is enough to sign in); two already used.
    const hashes = newRecoveryCodes().map((code) => recoveryCodeHash(user.userId, code));
    await database.db.insert(twoFactorRecoveryCodes).values(
      hashes.map((codeHash, i) => ({
        userId: user.userId,
        codeHash,
        ...(i < 2 ? { usedAt: new Date(enabledAt.getTime() + (i + 1) * 86_400_000) } : {}),
      })),
    );
  });
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, user.userId)));
  return { twoFactorAccounts: row?.n ?? 0 };
}
