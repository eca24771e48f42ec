import type { AuditService } from '../audit/audit.service.ts';
import { normaliseEmail, type SignInAccount, type UsersService } from '../auth/users.service.ts';
import type { Counters } from '../security/counters.ts';
import { createSignInThrottle } from '../security/sign-in-throttle.ts';

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

export type SignInResult =
  | { ok: true; account: SignInAccount }
  | { ok: false; httpStatus: 400 | 401 | 403 | 429; message: string; retryAfterSeconds?: number };

/**
 * The password sign-in use case: validate -> throttle -> check the password -> record. The throttle
 * (platform/security/sign-in-throttle.ts) never locks an account: it slows the (account, address)
 * pair that keeps failing, and refuses spraying addresses and attacked accounts only to addresses
 * that have not signed in to the account before. Its counters are shared by every instance.
 */
export function createSignInService(deps: { users: UsersService; counters: Counters; audit?: AuditService }) {
  const { users, audit } = deps;
  const throttle = createSignInThrottle(deps.counters);

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
        await throttle.succeeded(attempt);
        await users.recordSignIn(check.account.userId);
        await audit?.recordBestEffort('sign-in', {
          actorUserId: check.account.userId,
          actorEmail: check.account.email,
          subjectUserId: check.account.userId,
          subjectEmail: check.account.email,
          ip: input.ip,
        });
        return { ok: true, account: check.account };
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
  };
}

export type SignInService = ReturnType<typeof createSignInService>;

function reject(httpStatus: 400 | 401 | 403, message: string): SignInResult {
  return { ok: false, httpStatus, message };
}

function throttled(retryAt: number, now: number): SignInResult {
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return {
    ok: false,
    httpStatus: 429,
    message: SIGN_IN_MESSAGES.throttled(retryAfterSeconds),
    retryAfterSeconds,
  };
}
