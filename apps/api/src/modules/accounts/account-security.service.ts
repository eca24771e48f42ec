import {
  type TRecoveryCodes,
  type TTwoFactorConfirmRequest,
  type TTwoFactorPolicy,
  type TTwoFactorPolicyUpdate,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
  TWO_FACTOR_GROUP_LABELS,
  TWO_FACTOR_ROLE_GROUPS,
  type ZTwoFactorEnableRequest,
} from '@portico/domain';
import type { z } from 'zod';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import type { TwoFactor } from '../../platform/auth/two-factor.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
} from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { SIGN_IN_MESSAGES } from '../../platform/oidc/sign-in.service.ts';
import type { Counters } from '../../platform/security/counters.ts';
import { createSignInThrottle } from '../../platform/security/sign-in-throttle.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export const PASSWORD_WRONG = 'The password is not correct.';
export const CODE_WRONG = 'That code is not right. Enter the code your authenticator app shows now.';
export const SECOND_FACTOR_WRONG =
  'That code is not right. Enter the code your authenticator app shows now, or a recovery code you have not used.';
export const NOTHING_TO_CONFIRM = 'Start the set-up again: there is no new key waiting for a code.';
export const ALREADY_ON = 'Two-factor sign-in is already on.';
export const NOT_ON = 'Two-factor sign-in is not on.';
export const REQUIRED_FOR_ROLE =
  'Your role must sign in with two-factor sign-in, so it cannot be turned off. You can renew your recovery codes instead.';
export const EXTERNAL_PROVIDER =
  "Sign-in is handled by your organisation's identity provider: set up two-factor sign-in there.";

export interface AccountSecurityDeps {
  database: Pick<Database, 'transaction'>;
  repository: AccountsRepository;
  twoFactor: TwoFactor;
  counters: Counters;
  mail: Mailer;
  audit: AuditService;
  /** False when an external OpenID provider signs users in (its own second factor applies). */
  builtInSignIn: boolean;
  now?: () => Date;
}

const when = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16);

/**
 * A user's own two-factor sign-in from their profile (set up with a QR code and a code, recovery
 * codes shown once, off with the password and a code) and the super admin's setting of which role
 * groups must use it. The password and code checks go through the sign-in throttle, like a sign-in.
 */
export function createAccountSecurityService(deps: AccountSecurityDeps) {
  const { database, repository, twoFactor, mail, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const throttle = createSignInThrottle(deps.counters);

  const record = (user: AuthenticatedUser, ip: string) => ({
    actorUserId: user.userId,
    actorEmail: user.email,
    subjectUserId: user.userId,
    subjectEmail: user.email,
    partnerId: user.partnerId,
    ip,
  });

  function requireBuiltInSignIn(): void {
    if (!deps.builtInSignIn) throw new ConflictError(EXTERNAL_PROVIDER);
  }

  /** Admits a check of the user's password (and code) through the sign-in throttle. */
  async function admit(user: AuthenticatedUser, ip: string): Promise<{ email: string; ip: string }> {
    const attempt = { email: user.email.toLowerCase(), ip };
    const at = now().getTime();
    const decision = await throttle.admit(attempt, at);
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil((decision.retryAt - at) / 1000));
      throw new TooManyRequestsError(SIGN_IN_MESSAGES.throttled(seconds), seconds);
    }
    return attempt;
  }

  async function checkPassword(
    user: AuthenticatedUser,
    password: string,
    attempt: { email: string; ip: string },
  ) {
    const row = await repository.userById(user.userId);
    if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
      await throttle.failed(attempt);
      throw new BadRequestError(PASSWORD_WRONG, [{ field: 'password', message: PASSWORD_WRONG }]);
    }
  }

  /** The password and a second factor (a code of the app or a recovery code, used up here). */
  async function confirmIdentity(user: AuthenticatedUser, input: TTwoFactorConfirmRequest, ip: string) {
    const attempt = await admit(user, ip);
    await checkPassword(user, input.password, attempt);
    if (!(await twoFactor.verify(user.userId, input.code))) {
      await throttle.failed(attempt);
      throw new BadRequestError(SECOND_FACTOR_WRONG, [{ field: 'code', message: SECOND_FACTOR_WRONG }]);
    }
    await throttle.succeeded(attempt);
  }

  async function requireOn(user: AuthenticatedUser): Promise<void> {
    if (!(await twoFactor.isEnabled(user.userId))) throw new ConflictError(NOT_ON);
  }

  return {
    async status(user: AuthenticatedUser): Promise<TTwoFactorStatus> {
      return twoFactor.status(user);
    },

    /** A new key to scan, after the password again; nothing changes until a code confirms it. */
    async setup(user: AuthenticatedUser, password: string, ip: string): Promise<TTwoFactorSetup> {
      requireBuiltInSignIn();
      if (await twoFactor.isEnabled(user.userId)) throw new ConflictError(ALREADY_ON);
      const attempt = await admit(user, ip);
      await checkPassword(user, password, attempt);
      await throttle.succeeded(attempt);
      return twoFactor.beginSetup(user);
    },

    /** A code of the new key turns two-factor sign-in on; the recovery codes are returned, once. */
    async enable(
      user: AuthenticatedUser,
      input: z.output<typeof ZTwoFactorEnableRequest>,
      ip: string,
    ): Promise<TRecoveryCodes> {
      requireBuiltInSignIn();
      if (await twoFactor.isEnabled(user.userId)) throw new ConflictError(ALREADY_ON);
      if (!(await twoFactor.pendingSetup(user))) throw new ConflictError(NOTHING_TO_CONFIRM);
      const attempt = await admit(user, ip);
      const at = now();
      const confirmed = await database.transaction(async () => {
        const result = await twoFactor.confirmSetup(user.userId, input.code);
        if (!result) return null;
        await audit.record('two-factor.enabled', { ...record(user, ip), detail: { via: 'profile' } });
        await mail({
          to: user.email,
          template: 'two-factor-changed',
          data: { change: 'turned on', when: when(at) },
        });
        return result;
      });
      if (!confirmed) {
        await throttle.failed(attempt);
        throw new BadRequestError(CODE_WRONG, [{ field: 'code', message: CODE_WRONG }]);
      }
      await throttle.succeeded(attempt);
      return confirmed;
    },

    /** Off, with the password and a code; refused while the role must use it. */
    async disable(user: AuthenticatedUser, input: TTwoFactorConfirmRequest, ip: string): Promise<void> {
      await requireOn(user);
      if (await twoFactor.isRequiredFor(user.role)) throw new ForbiddenError(REQUIRED_FOR_ROLE);
      await confirmIdentity(user, input, ip);
      const at = now();
      await database.transaction(async () => {
        await twoFactor.disable(user.userId);
        await audit.record('two-factor.disabled', record(user, ip));
        await mail({
          to: user.email,
          template: 'two-factor-changed',
          data: { change: 'turned off', when: when(at) },
        });
      });
    },

    /** New recovery codes (the earlier ones stop working), with the password and a code. */
    async renewRecoveryCodes(
      user: AuthenticatedUser,
      input: TTwoFactorConfirmRequest,
      ip: string,
    ): Promise<TRecoveryCodes> {
      await requireOn(user);
      await confirmIdentity(user, input, ip);
      const at = now();
      return database.transaction(async () => {
        const codes = await twoFactor.renewRecoveryCodes(user.userId);
        await audit.record('two-factor.recovery-codes-renewed', record(user, ip));
        await mail({
          to: user.email,
          template: 'two-factor-changed',
          data: { change: 'given new recovery codes', when: when(at) },
        });
        return codes;
      });
    },

    async policy(): Promise<TTwoFactorPolicy> {
      return twoFactor.policy();
    },

    /** The super admin's setting; audited with what it was and what it is now. */
    async setPolicy(
      user: AuthenticatedUser,
      input: TTwoFactorPolicyUpdate,
      ip: string,
    ): Promise<TTwoFactorPolicy> {
      const before = await twoFactor.requirements();
      await database.transaction(async () => {
        await twoFactor.setPolicy(input, user.userId);
        const changes = TWO_FACTOR_ROLE_GROUPS.filter((group) => before[group] !== input[group]);
        await audit.record('two-factor.policy-changed', {
          actorUserId: user.userId,
          actorEmail: user.email,
          partnerId: user.partnerId,
          ip,
          detail: Object.fromEntries(
            changes.map((group) => [TWO_FACTOR_GROUP_LABELS[group], input[group] ? 'required' : 'optional']),
          ),
        });
      });
      return twoFactor.policy();
    },
  };
}
export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
