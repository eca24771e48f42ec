import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/index.ts';
import { loadOrCreateSecret } from './secrets.ts';

const SECRET_NAME = 'reference_token.hmac_key';
/** Short-lived: the token only has to survive the click that opens the external tool. */
export const REFERENCE_TOKEN_TTL_SECONDS = 300;

export interface ReferenceClaims {
  /** Partner id. */
  pid: string;
  /** User id. */
  uid: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

export interface ReferenceTokenIssuer {
  issue(subject: { partnerId: string; userId: string }, now?: number): { token: string; expiresAt: number };
  /** The claims of a genuine, unexpired token; null otherwise. */
  verify(token: string, now?: number): ReferenceClaims | null;
}

/**
 * The encoded reference token carried by the external analytics and firewall links:
 * `base64url(claims JSON) "." base64url(HMAC-SHA256)`, keyed by a secret generated once per
 * deployment and kept in app_secrets, so any instance can issue and the tools' backend can verify.
 */
export async function createReferenceTokenIssuer(database: Database): Promise<ReferenceTokenIssuer> {
  const key = Buffer.from(
    await loadOrCreateSecret<string>(database, SECRET_NAME, () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    issue({ partnerId, userId }, now = Date.now()) {
      const exp = Math.floor(now / 1000) + REFERENCE_TOKEN_TTL_SECONDS;
      const claims: ReferenceClaims = { pid: partnerId, uid: userId, exp };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return { token: `${body}.${sign(body).toString('base64url')}`, expiresAt: exp * 1000 };
    },
    verify(token, now = Date.now()) {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = sign(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReferenceClaims;
        if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
        return claims;
      } catch {
        return null;
      }
    },
  };
}
