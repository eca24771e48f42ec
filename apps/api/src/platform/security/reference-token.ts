import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/index.ts';
import { loadOrCreateSecret } from './secrets.ts';

const SECRET_NAME = 'reference_token.hmac_key';
const ALGORITHM = 'HS256';
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
  issue(
    subject: { partnerId: string; userId: string },
    now?: number,
  ): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a genuine, unexpired token; null otherwise. */
  verify(token: string, now?: number): Promise<ReferenceClaims | null>;
}

/**
 * The encoded reference token carried by the external analytics and firewall links: a JWT
 * (HS256, with `exp`) keyed by a secret generated once per deployment and kept in app_secrets, so
 * any instance can issue and the tools' backend can verify with any JWT library.
 */
export async function createReferenceTokenIssuer(database: Database): Promise<ReferenceTokenIssuer> {
  const key = Buffer.from(
    await loadOrCreateSecret<string>(database, SECRET_NAME, () => randomBytes(32).toString('base64url')),
    'base64url',
  );

  return {
    async issue({ partnerId, userId }, now = Date.now()) {
      const iat = Math.floor(now / 1000);
      const exp = iat + REFERENCE_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ pid: partnerId, uid: userId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },
    async verify(token, now = Date.now()) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: new Date(now),
          requiredClaims: ['exp'],
        });
        if (typeof payload.pid !== 'string' || typeof payload.uid !== 'string') return null;
        return { pid: payload.pid, uid: payload.uid, exp: payload.exp as number };
      } catch {
        return null;
      }
    },
  };
}
