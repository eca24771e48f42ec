import { createHash, createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Long enough to choose Pay, short enough that a leaked link is soon worthless. */
export const CHECKOUT_TOKEN_TTL_SECONDS = 30 * 60;
const AUDIENCE = 'portico:sandbox-checkout';

export interface CheckoutClaims {
  topupId: string;
  userId: string;
}

export interface CheckoutTokens {
  /** Signs a top-up's checkout for the user who started it, in the browser (XSRF cookie) they used. */
  issue(claims: CheckoutClaims & { browser: string | null }): Promise<string>;
  /** The claims when the token is genuine, unexpired, for this top-up and presented by that browser. */
  verify(
    token: string,
    expected: { topupId: string; browser: string | null },
  ): Promise<CheckoutClaims | null>;
}

const fingerprint = (browser: string) => createHash('sha256').update(browser).digest('base64url');

/**
 * The sandbox checkout's proof that the person confirming a top-up is the one who started it. The
 * portal opens the checkout by navigation, so no Bearer token comes along: `POST /secure/wallet/topups`
 * (authenticated) issues this HS256 JWT naming the top-up and the user, bound to a hash of the
 * browser's XSRF cookie, and the checkout accepts a confirmation only with it, from that browser.
 * The key is derived from the sandbox's webhook secret, so every instance shares it.
 */
export function createCheckoutTokens(secret: string): CheckoutTokens {
  const key = createHmac('sha256', secret).update('portico sandbox checkout token').digest();
  return {
    async issue({ topupId, userId, browser }) {
      return new SignJWT({ tid: topupId, bnd: browser ? fingerprint(browser) : '' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${CHECKOUT_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(token, expected) {
      if (!expected.browser || token.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        if (payload.tid !== expected.topupId || typeof payload.sub !== 'string') return null;
        if (payload.bnd !== fingerprint(expected.browser)) return null;
        return { topupId: expected.topupId, userId: payload.sub };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
