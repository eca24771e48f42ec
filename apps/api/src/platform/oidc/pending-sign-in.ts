import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/index.ts';
import { loadOrCreateSecret } from '../security/secrets.ts';

const SECRET_NAME = 'sign_in.pending_key';
const ALGORITHM = 'HS256';
/** How long the second step of a sign-in may wait after the password was checked. */
export const PENDING_SIGN_IN_TTL_SECONDS = 600;

/** What a second step (an authenticator code, or setting one up) needs to know of the first. */
export interface PendingSignIn {
  /** The interaction (the provider's sign-in in progress) it belongs to. */
  uid: string;
  userId: string;
  /** The normalised email the password was checked for (the throttle's key). */
  email: string;
  /** 'code': two-factor sign-in is on, a code is asked; 'enrol': the role requires it and it is off. */
  stage: 'code' | 'enrol';
  /** When the password was checked (epoch ms): a password change after it ends the sign-in. */
  issuedAtMs: number;
}

/**
 * The password step's result, carried by the second step's form: a JWT (HS256, 10 minutes) keyed by
 * a secret kept in app_secrets, so any instance can continue it and nothing is stored per sign-in.
 * It is only good with the interaction cookie of its uid (the routes check both).
 */
export function createPendingSignIns(database: Database) {
  let key: Promise<Uint8Array> | undefined;
  const keyOf = () => {
    key ??= loadOrCreateSecret<string>(database, SECRET_NAME, () =>
      randomBytes(32).toString('base64url'),
    ).then((encoded) => new Uint8Array(Buffer.from(encoded, 'base64url')));
    key.catch(() => {
      key = undefined;
    });
    return key;
  };

  return {
    async issue(pending: Omit<PendingSignIn, 'issuedAtMs'>, nowMs = Date.now()): Promise<string> {
      return new SignJWT({ uid: pending.uid, email: pending.email, stage: pending.stage, iat_ms: nowMs })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(pending.userId)
        .setIssuedAt(Math.floor(nowMs / 1000))
        .setExpirationTime(Math.floor(nowMs / 1000) + PENDING_SIGN_IN_TTL_SECONDS)
        .sign(await keyOf());
    },

    /** The pending sign-in of this interaction and stage, or null (forged, expired, another's). */
    async verify(token: string, uid: string, stage: PendingSignIn['stage']): Promise<PendingSignIn | null> {
      if (!token || token.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(token, await keyOf(), {
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'sub'],
        });
        if (payload.uid !== uid || payload.stage !== stage) return null;
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        if (typeof payload.iat_ms !== 'number') return null;
        return { uid, stage, userId: payload.sub, email: payload.email, issuedAtMs: payload.iat_ms };
      } catch {
        return null;
      }
    },
  };
}
export type PendingSignIns = ReturnType<typeof createPendingSignIns>;
