import { createHash } from 'node:crypto';
import type { Counters } from './counters.ts';

/**
 * Sign-in throttling as OWASP's authentication guidance describes it: no account is ever locked.
 * Attempts are throttled per (account, address) pair with growing delays, so a stranger guessing
 * from elsewhere slows only themself; an address that fails against many accounts (spraying), or an
 * account failed against from many addresses, is then refused to every address that has not signed
 * in to that account successfully before, so the user's usual address still works.
 */
export const SIGN_IN_THROTTLE = {
  /** Attempts per (account, address) pair in a window before the delays start. */
  freeAttemptsPerPair: 5,
  pairWindowMs: 60 * 60_000,
  /** The wait after each attempt beyond the free ones: 1 s, doubling, at most 15 minutes. */
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  /** Failures from one address, any account, before it may try only the accounts it knows. */
  failuresPerAddress: 50,
  addressWindowMs: 15 * 60_000,
  /** Failures on one account, from any address, before only its usual addresses may try. */
  failuresPerAccount: 30,
  accountWindowMs: 60 * 60_000,
  /** How long a successful sign-in makes an address usual for the account. */
  usualAddressMs: 90 * 24 * 3_600_000,
} as const;

/** The wait an attempt imposes on the next one from the same pair (0 within the free attempts). */
export function delayAfterAttempt(attempt: number, rules = SIGN_IN_THROTTLE): number {
  const beyond = attempt - rules.freeAttemptsPerPair;
  if (beyond <= 0) return 0;
  return Math.min(rules.maxDelayMs, rules.firstDelayMs * 2 ** Math.min(beyond - 1, 30));
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAt: number };

interface Attempt {
  /** The normalised email (hashed before it becomes a key). */
  email: string;
  ip: string;
}

/** The throttle over the shared counters (every instance sees the same counts). */
export function createSignInThrottle(counters: Counters, rules = SIGN_IN_THROTTLE) {
  const keysOf = ({ email, ip }: Attempt) => {
    const account = createHash('sha256').update(email).digest('base64url');
    return {
      pair: `sign-in:pair:${account}:${ip}`,
      pairWait: `sign-in:wait:${account}:${ip}`,
      usual: `sign-in:usual:${account}:${ip}`,
      address: `sign-in:address:${ip}`,
      account: `sign-in:account:${account}`,
    };
  };
  const refuse = (retryAt: number): ThrottleDecision => ({ allowed: false, retryAt });

  return {
    /**
     * Whether this attempt may check a password. Counted before the check, so parallel guesses
     * from one pair cannot slip past: beyond the free attempts, only one attempt per delay passes.
     */
    async admit(attempt: Attempt, now = Date.now()): Promise<ThrottleDecision> {
      const keys = keysOf(attempt);
      const waiting = await counters.peek(keys.pairWait, now);
      if (waiting) return refuse(waiting.resetAt);
      if (!(await counters.peek(keys.usual, now))) {
        for (const [key, limit] of [
          [keys.address, rules.failuresPerAddress],
          [keys.account, rules.failuresPerAccount],
        ] as const) {
          const failures = await counters.peek(key, now);
          if (failures && failures.hits >= limit) return refuse(failures.resetAt);
        }
      }
      const { hits } = await counters.hit(keys.pair, rules.pairWindowMs, now);
      const delay = delayAfterAttempt(hits, rules);
      if (delay > 0) {
        const slot = await counters.hit(keys.pairWait, delay, now);
        if (slot.hits > 1) return refuse(slot.resetAt);
      }
      return { allowed: true };
    },

    /** A refused password: counts against the address and the account. */
    async failed(attempt: Attempt, now = Date.now()): Promise<void> {
      const keys = keysOf(attempt);
      await counters.hit(keys.address, rules.addressWindowMs, now);
      await counters.hit(keys.account, rules.accountWindowMs, now);
    },

    /** A sign-in: the pair starts afresh and the address becomes (or stays) usual for the account. */
    async succeeded(attempt: Attempt, now = Date.now()): Promise<void> {
      const keys = keysOf(attempt);
      await counters.reset(keys.pair);
      await counters.reset(keys.pairWait);
      await counters.reset(keys.usual);
      await counters.hit(keys.usual, rules.usualAddressMs, now);
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
