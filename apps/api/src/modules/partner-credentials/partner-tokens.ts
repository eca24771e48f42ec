import { randomUUID } from 'node:crypto';
import { errors, importJWK, type JWK, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { localKeySet } from '../../platform/auth/verifier.ts';
import type { Database } from '../../platform/db/index.ts';
import { KEY_ROTATION, loadIdentitySecrets, publicJwks } from '../../platform/oidc/keys.ts';

/** What a partner access token says: which credential (and which of its secrets) and which bot. */
export interface PartnerTokenClaims {
  credentialId: string;
  clientId: string;
  botId: string;
  /** The credential's secret version when the token was issued (a rotation raises it). */
  secretVersion: number;
}

/** Why a bearer token was refused: the networks' shapes word it each their own way. */
export class PartnerTokenError extends Error {
  constructor(readonly reason: 'malformed' | 'invalid' | 'expired' | 'revoked') {
    super(`access token ${reason}`);
    this.name = 'PartnerTokenError';
  }
}

const ALGORITHM = 'RS256';
const MAX_TOKEN_LENGTH = 4096;
const CLOCK_TOLERANCE_SECONDS = 5;
const BOT_SCOPE = /^bot:([0-9a-f-]{36})$/;
/** Tokens whose signature this instance has checked, remembered until they expire. */
const REMEMBERED_TOKENS = 20_000;

/**
 * Signs and checks partner access tokens (RFC 9068 JWTs, `typ: at+jwt`) with the identity
 * provider's own signing keys (decision 0026), under an issuer and audience of their own, so a
 * partner token is never a portal token and the other way round. The keys are read again every
 * KEY_ROTATION.reloadMs (as the provider does), and once more when a token names an unknown key.
 */
export function createPartnerTokens(deps: {
  database: Database;
  publicUrl: string;
  lifetimeSeconds: number;
}) {
  const { database, publicUrl, lifetimeSeconds } = deps;
  const issuer = `${publicUrl}/api/v1/oauth`;
  const audience = `${publicUrl}/api/v1/partner`;
  let loaded: { at: number; signing: JWK; keySet: JWTVerifyGetKey; kids: string } | null = null;
  /**
   * A partner sends many messages with one token: its RS256 check (about 0.14 ms, a tenth of a
   * send's CPU) is done once per instance. What is remembered is only what the signature proved,
   * the claims; expiry is checked on every use, and the credential's state (revoked, rotated) is
   * checked by the caller each time as before. A change of the key set forgets everything.
   */
  const verified = new LRUCache<string, { claims: PartnerTokenClaims; expiresAt: number }>({
    max: REMEMBERED_TOKENS,
  });

  async function keys(force = false) {
    if (!force && loaded && Date.now() - loaded.at < KEY_ROTATION.reloadMs) return loaded;
    const secrets = await loadIdentitySecrets(database);
    const signing = secrets.signingKeys.keys[0];
    if (!signing) throw new Error('the identity provider has no signing key');
    const kids = secrets.signingKeys.keys.map((key) => key.kid ?? '').join(' ');
    if (loaded && loaded.kids !== kids) verified.clear();
    loaded = { at: Date.now(), signing, keySet: localKeySet(publicJwks(secrets.signingKeys)), kids };
    return loaded;
  }

  const keyOf: JWTVerifyGetKey = async (header, token) => {
    try {
      return await (await keys()).keySet(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      return (await keys(true)).keySet(header, token);
    }
  };

  return {
    issuer,
    audience,
    lifetimeSeconds,

    async sign(claims: PartnerTokenClaims): Promise<string> {
      const { signing } = await keys();
      const key = await importJWK(signing, ALGORITHM);
      return new SignJWT({
        client_id: claims.clientId,
        scope: `bot:${claims.botId}`,
        cid: claims.credentialId,
        sv: claims.secretVersion,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'at+jwt', ...(signing.kid ? { kid: signing.kid } : {}) })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(claims.clientId)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .sign(key);
    },

    /** The token's claims, or PartnerTokenError (signature, issuer, audience, type, expiry, scope). */
    async verify(token: string): Promise<PartnerTokenClaims> {
      if (!token || token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3)
        throw new PartnerTokenError('malformed');
      const remembered = verified.get(token);
      if (remembered) {
        if (Date.now() < remembered.expiresAt + CLOCK_TOLERANCE_SECONDS * 1000) return remembered.claims;
        verified.delete(token);
        throw new PartnerTokenError('expired');
      }
      try {
        const { payload } = await jwtVerify(token, keyOf, {
          algorithms: [ALGORITHM],
          issuer,
          audience,
          typ: 'at+jwt',
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const botId = typeof payload.scope === 'string' ? BOT_SCOPE.exec(payload.scope)?.[1] : undefined;
        const { cid, sv, client_id: clientId } = payload;
        if (!botId || typeof cid !== 'string' || typeof sv !== 'number' || typeof clientId !== 'string')
          throw new PartnerTokenError('invalid');
        const claims = { credentialId: cid, clientId, botId, secretVersion: sv };
        // requiredClaims has made sure of exp.
        verified.set(token, { claims, expiresAt: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof PartnerTokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new PartnerTokenError('expired');
        if (error instanceof errors.JOSEError) throw new PartnerTokenError('invalid');
        throw error;
      }
    },
  };
}
export type PartnerTokens = ReturnType<typeof createPartnerTokens>;
