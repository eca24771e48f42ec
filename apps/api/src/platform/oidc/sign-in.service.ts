import { createHash } from 'node:crypto';
import { normaliseEmail, type SignInAccount, type UsersService } from '../../modules/users/users.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Counters } from '../security/counters.ts';

/** Failed sign-ins allowed per window, per email and per client IP. */
export const SIGN_IN_THROTTLE = { perEmail: 5, perIp: 20, windowMs: 15 * 60_000 } as const;

export const SIGN_IN_MESSAGES = {
  missing: 'Enter your email and password.',
  invalid: 'The email or password you entered is incorrect.',
  notActivated:
    'This account has not been activated yet. Use the link in your invitation or verification email to set a password.',
  inactive: 'This account is not active. Contact your administrator.',
  throttled: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

export type SignInResult =
  | { ok: true; account: SignInAccount }
  | { ok: false; httpStatus: 400 | 401 | 403 | 429; message: string; retryAfterSeconds?: number };

/**
 * The password sign-in use case: validate -> throttle -> check the password -> record. Counters live
 * in the database so every instance shares them. The per-email counter is taken before the password
 * is checked (parallel guesses cannot slip past it) and cleared on success; the per-IP counter only
 * counts failures and is not cleared by a success, so one valid account cannot launder an IP's failures.
 */
export function createSignInService(deps: { users: UsersService; counters: Counters; audit?: AuditService }) {
  const { users, counters, audit } = deps;

  return {
    async signIn(input: { email: string; password: string; ip: string }): Promise<SignInResult> {
      const email = normaliseEmail(input.email);
      if (!email || !input.password) return reject(400, SIGN_IN_MESSAGES.missing);
      if (email.length > 254 || input.password.length > 1024) return reject(401, SIGN_IN_MESSAGES.invalid);

      const now = Date.now();
      const ipKey = `sign-in:ip:${input.ip}`;
      const emailKey = `sign-in:email:${createHash('sha256').update(email).digest('base64url')}`;

      const ipHits = await counters.peek(ipKey, now);
      if (ipHits && ipHits.hits >= SIGN_IN_THROTTLE.perIp) return throttled(ipHits.resetAt, now);
      const emailHits = await counters.hit(emailKey, SIGN_IN_THROTTLE.windowMs, now);
      if (emailHits.hits > SIGN_IN_THROTTLE.perEmail) return throttled(emailHits.resetAt, now);

      const check = await users.checkPassword(email, input.password);
      if (check.outcome === 'success') {
        await counters.reset(emailKey);
        await users.recordSignIn(check.account.userId);
        await audit?.record('sign-in', {
          actorUserId: check.account.userId,
          actorEmail: check.account.email,
          subjectUserId: check.account.userId,
          subjectEmail: check.account.email,
          ip: input.ip,
        });
        return { ok: true, account: check.account };
      }
      await audit?.record('sign-in.failed', {
        subjectEmail: email,
        ip: input.ip,
        detail: { outcome: check.outcome },
      });

      await counters.hit(ipKey, SIGN_IN_THROTTLE.windowMs, now);
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

function throttled(resetAt: number, now: number): SignInResult {
  const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return { ok: false, httpStatus: 429, message: SIGN_IN_MESSAGES.throttled(minutes), retryAfterSeconds };
}
