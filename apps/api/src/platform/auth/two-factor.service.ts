import { createHash } from 'node:crypto';
import {
  isAuthenticatorCodeShape,
  isRecoveryCodeShape,
  isTwoFactorRequired,
  normaliseRecoveryCode,
  type TTwoFactorPolicy,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
  TWO_FACTOR_ROLE_GROUPS,
  type TwoFactorRequirements,
} from '@portico/domain';
import type { Db } from '../db/index.ts';
import type { SecretBox } from './secret-box.ts';
import {
  checkAuthenticatorCode,
  manualKeyOf,
  newAuthenticatorKey,
  newRecoveryCodes,
  otpauthUriOf,
  qrCodeOf,
} from './totp.ts';
import { createTwoFactorRepository } from './two-factor.repository.ts';

/** Which second factor a sign-in (or a confirmation) was made with. */
export type SecondFactor = 'authenticator' | 'recovery-code';

export interface TwoFactorDeps {
  db: Db;
  box: SecretBox;
  /** The issuer the authenticator app shows beside the code. */
  brandName: string;
  now?: () => Date;
}

/** Only a SHA-256 of a recovery code is kept, bound to its user (a code of one user is nobody else's). */
export const recoveryCodeHash = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');

/**
 * Two-factor sign-in (issue 26 point 3): an authenticator key per user, set up in two steps (a new
 * key, then a code that proves the app holds it), recovery codes shown once, and the super admin's
 * setting of which role groups must use it. The callers check passwords, write the security
 * records and hold the unit of work; this service never returns a key once it is in use, and never
 * logs one.
 */
export function createTwoFactor({ db, box, brandName, now = () => new Date() }: TwoFactorDeps) {
  const repository = createTwoFactorRepository(db);

  const setupOf = (key: string, email: string): TTwoFactorSetup => {
    const otpauthUri = otpauthUriOf(key, brandName, email);
    return { manualKey: manualKeyOf(key), otpauthUri, qrCode: qrCodeOf(otpauthUri) };
  };

  type RequirementRows = Awaited<ReturnType<typeof repository.requirements>>;
  const requirementsOf = (rows: RequirementRows): TwoFactorRequirements => {
    const required: TwoFactorRequirements = { admin: false, carrier: false };
    for (const row of rows) {
      if ((TWO_FACTOR_ROLE_GROUPS as readonly string[]).includes(row.roleGroup)) {
        required[row.roleGroup as keyof TwoFactorRequirements] = row.required;
      }
    }
    return required;
  };
  const requirements = async () => requirementsOf(await repository.requirements());

  async function issueRecoveryCodes(userId: string) {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => recoveryCodeHash(userId, code)) };
  }

  return {
    requirements,

    async isRequiredFor(role: string | null): Promise<boolean> {
      return isTwoFactorRequired(role, await requirements());
    },

    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await repository.find(userId))?.enabledAt);
    },

    async status(user: { userId: string; role: string | null }): Promise<TTwoFactorStatus> {
      const row = await repository.find(user.userId);
      const enabled = Boolean(row?.enabledAt);
      return {
        enabled,
        enabledAt: row?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await repository.recoveryCodesLeft(user.userId) : 0,
        required: isTwoFactorRequired(user.role, await requirements()),
      };
    },

    /** A new key to set up (replacing one not confirmed yet); the key in use, if any, keeps working. */
    async beginSetup(user: { userId: string; email: string }): Promise<TTwoFactorSetup> {
      const key = newAuthenticatorKey();
      await repository.savePending(user.userId, await box.seal(key), now());
      return setupOf(key, user.email);
    },

    /** The key being set up, shown again (the sign-in page after a wrong code); null when there is none. */
    async pendingSetup(user: { userId: string; email: string }): Promise<TTwoFactorSetup | null> {
      const row = await repository.find(user.userId);
      return row?.pendingSecret ? setupOf(await box.open(row.pendingSecret), user.email) : null;
    },

    /**
     * Confirms the key being set up with a code of it: the key is put in use and new recovery codes
     * are returned, once. Null when the code is wrong or there is nothing to confirm.
     */
    async confirmSetup(userId: string, code: string): Promise<{ recoveryCodes: string[] } | null> {
      const row = await repository.find(userId);
      if (!row?.pendingSecret) return null;
      const check = await checkAuthenticatorCode(await box.open(row.pendingSecret), code, {
        nowMs: now().getTime(),
      });
      if (!check.valid) return null;
      const { codes, hashes } = await issueRecoveryCodes(userId);
      const confirmed = await repository.confirm({
        userId,
        pendingSecret: row.pendingSecret,
        step: check.step,
        codeHashes: hashes,
        at: now(),
      });
      return confirmed ? { recoveryCodes: codes } : null;
    },

    /**
     * Checks a second factor: a code of the key in use (once per time step) or an unused recovery
     * code (used up here). Null when it is neither, or two-factor sign-in is off.
     */
    async verify(userId: string, input: string): Promise<SecondFactor | null> {
      const row = await repository.find(userId);
      if (!row?.secret || !row.enabledAt) return null;
      if (isAuthenticatorCodeShape(input)) {
        const check = await checkAuthenticatorCode(await box.open(row.secret), input, {
          afterStep: row.lastUsedStep,
          nowMs: now().getTime(),
        });
        return check.valid && (await repository.acceptStep(userId, check.step)) ? 'authenticator' : null;
      }
      if (!isRecoveryCodeShape(input)) return null;
      const used = await repository.useRecoveryCode(userId, recoveryCodeHash(userId, input), now());
      return used ? 'recovery-code' : null;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      return repository.recoveryCodesLeft(userId);
    },

    /** New recovery codes, returned once; the earlier ones stop working. */
    async renewRecoveryCodes(userId: string): Promise<{ recoveryCodes: string[] }> {
      const { codes, hashes } = await issueRecoveryCodes(userId);
      await repository.replaceRecoveryCodes(userId, hashes);
      return { recoveryCodes: codes };
    },

    async disable(userId: string): Promise<void> {
      await repository.remove(userId);
    },

    async policy(): Promise<TTwoFactorPolicy> {
      const rows = await repository.requirements();
      const counts = await repository.groupCounts();
      const required = requirementsOf(rows);
      const latest = rows[0];
      return {
        groups: TWO_FACTOR_ROLE_GROUPS.map((group) => ({
          group,
          required: required[group],
          ...counts[group],
        })),
        updatedAt: latest?.updatedAt.toISOString() ?? null,
        updatedBy: latest?.updatedBy ?? null,
      };
    },

    async setPolicy(values: TwoFactorRequirements, by: string): Promise<void> {
      await repository.setRequirements(values, by, now());
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
