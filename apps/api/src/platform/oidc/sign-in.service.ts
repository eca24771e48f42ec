import { SECOND_FACTOR_MESSAGE } from '@portico/domain';
import type { AuditService } from '../audit/audit.service.ts';
import type { TwoFactor } from '../auth/two-factor.service.ts';
import { normaliseEmail, type SignInAccount, type UsersService } from '../auth/users.service.ts';
import type { Counters } from '../security/counters.ts';
import { createSignInThrottle } from '../security/sign-in-throttle.ts';
import type { PendingSignIn } from './pending-sign-in.ts';

export { SIGN_IN_THROTTLE } from '../security/sign-in-throttle.ts';

export const SIGN_IN_MESSAGES = {
  missing: 'Enter your email and password.',
  invalid: 'The email or password you entered is incorrect.',
  notActivated:
    'This account has not been activated yet. Use the link in your invitation or verification email to set a password.',
  inactive: 'This account is not active. Contact your administrator.',
  throttled: (seconds: number) => {
    const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
    return `Too many failed sign-in attempts. Try again in ${count} ${count === 1 ? unit : `${unit}s`}.`;
  },
} as const;

export const SECOND_FACTOR_MESSAGES = {
  missing: SECOND_FACTOR_MESSAGE,
  invalid:
    'That code is not right. Enter the code your authenticator app shows now, or a recovery code you have not used.',
  invalidSetup: 'That code is not right. Enter the 6-digit code the app shows now for this account.',
  expired: 'This sign-in has expired. Sign in again with your email and password.',
} as const;

/** What follows a right password: nothing, a code from the authenticator app, or setting one up (required). */
export type NextStep = 'done' | 'second-factor' | 'enrol';

export type SignInResult =
  | { ok: true; account: SignInAccount; next: NextStep }
  | { ok: false; httpStatus: 400 | 401 | 403 | 429; message: string; retryAfterSeconds?: number };

type Refusal = Extract<SignInResult, { ok: false }>;

export interface SecondStepInput {
  pending: PendingSignIn;
  code: string;
  ip: string;
}

/**
 * The password sign-in use case: validate -> throttle -> check the password -> record. The throttle
 * (platform/security/sign-in-throttle.ts) never locks an account: it slows the (account, address)
 * pair that keeps failing, and refuses spraying addresses and attacked accounts only to addresses
 * that have not signed in to the account before. Its counters are shared by every instance.
 *
 * With two-factor sign-in on, a right password is only half: the code (or a recovery code) is
 * checked by `secondFactor`, through the same throttle, and only then is the sign-in recorded and the
 * pair's failures forgotten. A role that must use it and has not set it up sets it up first
 * (`confirmEnrolment`); it cannot be skipped, since the provider hears of the sign-in only after.
 */
export function createSignInService(deps: {
  users: UsersService;
  counters: Counters;
  audit?: AuditService;
  /** Absent: no second factor is ever asked (identity tests of the password step alone). */
  twoFactor?: TwoFactor;
}) {
  const { users, audit, twoFactor } = deps;
  const throttle = createSignInThrottle(deps.counters);

  async function nextStepFor(account: SignInAccount): Promise<NextStep> {
    if (!twoFactor) return 'done';
    if (await twoFactor.isEnabled(account.userId)) return 'second-factor';
    return (await twoFactor.isRequiredFor(account.role)) ? 'enrol' : 'done';
  }

  /** The sign-in is complete: the pair starts afresh, the time and the security record are kept. */
  async function complete(
    attempt: { email: string; ip: string },
    account: SignInAccount,
    detail?: Record<string, unknown>,
  ) {
    await throttle.succeeded(attempt);
    await users.recordSignIn(account.userId);
    await audit?.recordBestEffort('sign-in', {
      actorUserId: account.userId,
      actorEmail: account.email,
      subjectUserId: account.userId,
      subjectEmail: account.email,
      ip: attempt.ip,
      ...(detail ? { detail } : {}),
    });
  }

  /** The second step's common part: the account still may sign in, a code was typed, the throttle admits it. */
  async function admitSecondStep(
    input: SecondStepInput,
    now: number,
  ): Promise<{ account: SignInAccount } | Refusal> {
    const account = await users.findAccountSince(input.pending.userId, input.pending.issuedAtMs);
    if (!account) return reject(403, SECOND_FACTOR_MESSAGES.expired);
    if (!input.code.trim()) return reject(400, SECOND_FACTOR_MESSAGES.missing);
    const decision = await throttle.admit({ email: input.pending.email, ip: input.ip }, now);
    if (!decision.allowed) return throttled(decision.retryAt, now);
    return { account };
  }

  async function secondStepFailed(input: SecondStepInput) {
    await audit?.recordBestEffort('sign-in.failed', {
      subjectUserId: input.pending.userId,
      subjectEmail: input.pending.email,
      ip: input.ip,
      detail: { outcome: 'second_factor' },
    });
    await throttle.failed({ email: input.pending.email, ip: input.ip });
  }

  return {
    async signIn(input: { email: string; password: string; ip: string }): Promise<SignInResult> {
      const email = normaliseEmail(input.email);
      if (!email || !input.password) return reject(400, SIGN_IN_MESSAGES.missing);
      if (email.length > 254 || input.password.length > 1024) return reject(401, SIGN_IN_MESSAGES.invalid);

      const now = Date.now();
      const attempt = { email, ip: input.ip };
      const decision = await throttle.admit(attempt, now);
      if (!decision.allowed) return throttled(decision.retryAt, now);

      const check = await users.checkPassword(email, input.password);
      if (check.outcome === 'success') {
        const next = await nextStepFor(check.account);
        // With a second step to come, nothing is recorded or forgotten yet: the pair's attempts keep
        // counting through the codes, so a known password does not buy unthrottled code guesses.
        if (next === 'done') await complete(attempt, check.account);
        return { ok: true, account: check.account, next };
      }
      await audit?.recordBestEffort('sign-in.failed', {
        subjectEmail: email,
        ip: input.ip,
        detail: { outcome: check.outcome },
      });

      await throttle.failed(attempt);
      if (check.outcome === 'not_activated') return reject(403, SIGN_IN_MESSAGES.notActivated);
      if (check.outcome === 'inactive') return reject(403, SIGN_IN_MESSAGES.inactive);
      return reject(401, SIGN_IN_MESSAGES.invalid);
    },

    /** The second step: a code of the authenticator app, or an unused recovery code. */
    async secondFactor(input: SecondStepInput): Promise<SignInResult> {
      if (!twoFactor) return reject(403, SECOND_FACTOR_MESSAGES.expired);
      const now = Date.now();
      const admitted = await admitSecondStep(input, now);
      if (!('account' in admitted)) return admitted;
      const { account } = admitted;
      const factor = await twoFactor.verify(account.userId, input.code.trim());
      if (!factor) {
        await secondStepFailed(input);
        return reject(401, SECOND_FACTOR_MESSAGES.invalid);
      }
      await complete({ email: input.pending.email, ip: input.ip }, account, { secondFactor: factor });
      if (factor === 'recovery-code') {
        await audit?.recordBestEffort('two-factor.recovery-code-used', {
          actorUserId: account.userId,
          actorEmail: account.email,
          subjectUserId: account.userId,
          subjectEmail: account.email,
          ip: input.ip,
          detail: { left: await twoFactor.recoveryCodesLeft(account.userId) },
        });
      }
      return { ok: true, account, next: 'done' };
    },

    /** A new key for a sign-in that must set one up (shown on the set-up page). */
    async startEnrolment(account: { userId: string; email: string }) {
      if (!twoFactor) throw new Error('two-factor sign-in is not configured');
      return twoFactor.beginSetup(account);
    },

    /** The key being set up, shown again after a wrong code (a new one when none is pending). */
    async enrolmentOf(pending: PendingSignIn) {
      if (!twoFactor) throw new Error('two-factor sign-in is not configured');
      const account = { userId: pending.userId, email: pending.email };
      return (await twoFactor.pendingSetup(account)) ?? twoFactor.beginSetup(account);
    },

    /** The set-up step of a required sign-in: the code proves the app holds the key; recovery codes follow. */
    async confirmEnrolment(
      input: SecondStepInput,
    ): Promise<(SignInResult & { ok: true; recoveryCodes: string[] }) | Refusal> {
      if (!twoFactor) return reject(403, SECOND_FACTOR_MESSAGES.expired);
      const now = Date.now();
      const admitted = await admitSecondStep(input, now);
      if (!('account' in admitted)) return admitted;
      const { account } = admitted;
      const confirmed = await twoFactor.confirmSetup(account.userId, input.code.trim());
      if (!confirmed) {
        await secondStepFailed(input);
        return reject(401, SECOND_FACTOR_MESSAGES.invalidSetup);
      }
      await audit?.recordBestEffort('two-factor.enabled', {
        actorUserId: account.userId,
        actorEmail: account.email,
        subjectUserId: account.userId,
        subjectEmail: account.email,
        ip: input.ip,
        detail: { via: 'sign-in' },
      });
      await complete({ email: input.pending.email, ip: input.ip }, account, {
        secondFactor: 'authenticator',
      });
      return { ok: true, account, next: 'done', recoveryCodes: confirmed.recoveryCodes };
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;

function reject(httpStatus: 400 | 401 | 403, message: string): Refusal {
  return { ok: false, httpStatus, message };
}

function throttled(retryAt: number, now: number): Refusal {
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return {
    ok: false,
    httpStatus: 429,
    message: SIGN_IN_MESSAGES.throttled(retryAfterSeconds),
    retryAfterSeconds,
  };
}
