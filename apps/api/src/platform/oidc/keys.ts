import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/index.ts';
import { loadOrCreateSecret } from '../security/secrets.ts';

const SIGNING_KEYS = 'oidc.signing_keys';
const COOKIE_KEYS = 'oidc.cookie_keys';

/** Private RS256 signing keys (JWK), newest first. */
export interface SigningKeys {
  keys: JWK[];
}

export interface IdentitySecrets {
  signingKeys: SigningKeys;
  /** Keygrip keys for the provider's signed cookies, newest first. */
  cookieKeys: string[];
}

/**
 * Loads the provider's signing and cookie keys from app_secrets, generating them on the very first
 * start. Insert-if-absent then read back, so instances starting together all end up with the same keys.
 */
export async function loadIdentitySecrets(database: Database): Promise<IdentitySecrets> {
  const signingKeys = await loadOrCreateSecret<SigningKeys>(database, SIGNING_KEYS, async () => ({
    keys: [await generateSigningKey()],
  }));
  const cookies = await loadOrCreateSecret<{ keys: string[] }>(database, COOKIE_KEYS, async () => ({
    keys: [randomBytes(32).toString('base64url')],
  }));
  return { signingKeys, cookieKeys: cookies.keys };
}

/** The public halves of the signing keys, as served at the provider's jwks_uri. */
export function publicJwks(signingKeys: SigningKeys): { keys: JWK[] } {
  return {
    keys: signingKeys.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v)),
    ),
  };
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}
