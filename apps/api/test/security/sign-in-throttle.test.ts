// Finding 6 (issue 10): no lockout as a weapon. Sign-in is throttled per (account, address) pair
// with growing delays; a spraying address and an attacked account are refused only to addresses
// that have not signed in to the account before. A stranger cannot lock a user out, and the right
// password from the user's usual address still works. The clock is passed in: no timing is assumed.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../src/platform/oidc/testing.ts';
import { createCounters } from '../../src/platform/security/counters.ts';
import {
  createSignInThrottle,
  delayAfterAttempt,
  SIGN_IN_THROTTLE,
} from '../../src/platform/security/sign-in-throttle.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { CookieJar, localPath } from '../tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const throttle = () => createSignInThrottle(createCounters(t.database.sql));
const email = () => `throttle-${randomUUID().slice(0, 8)}@portico.test`;
let lastAddress = 0;
const address = () => {
  lastAddress += 1;
  return `192.0.${Math.floor(lastAddress / 250) % 250}.${lastAddress % 250}`;
};

describe('growing delays per (account, address) pair', () => {
  it('gives the free attempts, then doubles the wait from one second up to fifteen minutes', () => {
    const free = SIGN_IN_THROTTLE.freeAttemptsPerPair;
    for (let attempt = 1; attempt <= free; attempt += 1) expect(delayAfterAttempt(attempt)).toBe(0);
    expect([1, 2, 3, 4].map((n) => delayAfterAttempt(free + n))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(delayAfterAttempt(free + 100)).toBe(15 * 60_000);
  });

  it('when a pair keeps failing then each next attempt waits longer, and the wait ends on time', async () => {
    const th = throttle();
    const attempt = { email: email(), ip: address() };
    let now = 1_000_000_000_000;
    for (let n = 1; n <= SIGN_IN_THROTTLE.freeAttemptsPerPair + 1; n += 1) {
      expect(await th.admit(attempt, now)).toEqual({ allowed: true });
    }
    expect(await th.admit(attempt, now)).toEqual({ allowed: false, retryAt: now + 1_000 });
    now += 1_000;
    expect(await th.admit(attempt, now)).toEqual({ allowed: true });
    expect(await th.admit(attempt, now + 1_999)).toEqual({ allowed: false, retryAt: now + 2_000 });
    now += 2_000;
    expect(await th.admit(attempt, now)).toEqual({ allowed: true });
    expect(await th.admit(attempt, now)).toEqual({ allowed: false, retryAt: now + 4_000 });
  });

  it('when many guesses from one pair arrive at once then only the free ones and one more get through', async () => {
    const th = throttle();
    const attempt = { email: email(), ip: address() };
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 25 }, () => th.admit(attempt, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(SIGN_IN_THROTTLE.freeAttemptsPerPair + 1);
  });

  it("when a stranger's pair is waiting then the same account from another address is not", async () => {
    const th = throttle();
    const account = email();
    const stranger = { email: account, ip: address() };
    const now = Date.now();
    for (let n = 0; n < 10; n += 1) await th.admit(stranger, now);
    expect((await th.admit(stranger, now)).allowed).toBe(false);
    expect(await th.admit({ email: account, ip: address() }, now)).toEqual({ allowed: true });
  });

  it('when a sign-in succeeds then the pair starts afresh', async () => {
    const th = throttle();
    const attempt = { email: email(), ip: address() };
    const now = Date.now();
    for (let n = 0; n <= SIGN_IN_THROTTLE.freeAttemptsPerPair; n += 1) await th.admit(attempt, now);
    expect((await th.admit(attempt, now)).allowed).toBe(false);
    await th.succeeded(attempt, now);
    for (let n = 0; n <= SIGN_IN_THROTTLE.freeAttemptsPerPair; n += 1) {
      expect(await th.admit(attempt, now)).toEqual({ allowed: true });
    }
  });
});

describe('limits against spraying and against one account', () => {
  it('when an account has failed from many addresses then only its usual addresses may try', async () => {
    const th = throttle();
    const account = email();
    const usual = { email: account, ip: address() };
    const now = Date.now();
    await th.succeeded(usual, now);
    for (let n = 0; n < SIGN_IN_THROTTLE.failuresPerAccount; n += 1)
      await th.failed({ email: account, ip: address() }, now);
    const stranger = await th.admit({ email: account, ip: address() }, now);
    expect(stranger).toEqual({ allowed: false, retryAt: expect.any(Number) });
    expect(await th.admit(usual, now)).toEqual({ allowed: true });
  });

  it('when one address has failed against many accounts then it may only try the accounts it knows', async () => {
    const th = throttle();
    const ip = address();
    const knownHere = { email: email(), ip };
    const now = Date.now();
    await th.succeeded(knownHere, now);
    for (let n = 0; n < SIGN_IN_THROTTLE.failuresPerAddress; n += 1)
      await th.failed({ email: email(), ip }, now);
    expect((await th.admit({ email: email(), ip }, now)).allowed).toBe(false);
    expect(await th.admit(knownHere, now)).toEqual({ allowed: true });
    expect(await th.admit({ email: email(), ip: address() }, now)).toEqual({ allowed: true });
  });
});

/** One attempt through the real sign-in page from an address: its HTTP status. */
async function signInFrom(remoteAddress: string, emailAddress: string, password: string): Promise<number> {
  const jar = new CookieJar();
  const query = new URLSearchParams({
    client_id: t.config.OIDC_CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${t.config.PUBLIC_URL}/callback`,
    scope: 'openid user_info',
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
    resource: t.config.OIDC_AUDIENCE,
  });
  const authorize = await t.app.inject({ method: 'GET', url: `/oidc/auth?${query}`, remoteAddress });
  jar.store(authorize);
  const form = localPath(String(authorize.headers.location));
  const response = await t.app.inject({
    method: 'POST',
    url: form,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(form) ?? '' },
    payload: new URLSearchParams({ email: emailAddress, password }).toString(),
  });
  return response.statusCode;
}

describe('through the sign-in page', () => {
  it('when strangers fail against a user from many addresses then the user still signs in from their usual address', async () => {
    const user = await createTestUser(t.database);
    const usual = '198.51.100.77';
    expect(await signInFrom(usual, user.email, user.password ?? '')).toBe(303);
    // Strangers, each from its own address, far past the old "six wrong passwords" lockout.
    for (let n = 0; n < SIGN_IN_THROTTLE.failuresPerAccount + 5; n += 1) {
      expect([401, 429]).toContain(await signInFrom(`203.0.113.${n + 1}`, user.email, `guess ${n}`));
    }
    expect(await signInFrom(usual, user.email, user.password ?? '')).toBe(303);
    // An address the account has never used is refused while the account is under attack.
    expect(await signInFrom('198.51.100.200', user.email, user.password ?? '')).toBe(429);
  });

  it('when one stranger keeps guessing from one address then the user signs in from a new address', async () => {
    const user = await createTestUser(t.database);
    for (let n = 0; n < 15; n += 1) {
      expect([401, 429]).toContain(await signInFrom('203.0.113.250', user.email, `guess ${n}`));
    }
    expect(await signInFrom('198.51.100.201', user.email, user.password ?? '')).toBe(303);
  });
});
