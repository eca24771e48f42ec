import { OAUTH_SCOPE } from '@portico/domain';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.ts';
import { type AppError, ServiceUnavailableError, UnauthorizedError } from '../http/errors.ts';
import type { AuthenticatedUser, TokenVerifier } from './types.ts';
import type { UsersService } from './users.service.ts';

/** Asymmetric algorithms only: never `none`, never HS* (which would accept the public key as a secret). */
export const ACCESS_TOKEN_ALGORITHMS = ['RS256', 'ES256', 'PS256'];
const MAX_TOKEN_LENGTH = 8192;
const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * How long a verified token's user is remembered by this instance. A user disabled (or whose
 * sessions are revoked) is refused by every instance within this time (decision 0006).
 */
export const VERIFIED_TOKEN_TTL_MS = 10_000;
const VERIFIED_TOKEN_CACHE_SIZE = 5_000;

/** The built-in provider's grants: a token is only as alive as the grant (the sign-in) it came from. */
export interface GrantCheck {
  isActive(grantId: string): Promise<boolean>;
}

export interface TokenVerifierDeps {
  config: Pick<Config, 'OIDC_ISSUER' | 'OIDC_AUDIENCE'>;
  users: Pick<UsersService, 'findAuthenticatedUser'>;
  /** Where signing keys come from: the built-in provider's keys or the external provider's JWKS. */
  keys: JWTVerifyGetKey;
  /**
   * With the built-in provider: every access token names its grant (`gid`), which sign-out and
   * revocation end; a token whose grant has ended is refused. Absent for an external provider.
   */
  grants?: GrantCheck;
  now?: () => number;
}

export const SESSION_ENDED_MESSAGE = 'You have signed out of this session. Please sign in again.';

/**
 * Verifies a Bearer access token: signature (allow-listed algorithms) against the provider's keys,
 * issuer, audience, `typ: at+jwt`, expiry, the `user_info` scope; then loads the active user behind `sub`.
 */
export function createTokenVerifier({
  config,
  users,
  keys,
  grants,
  now = Date.now,
}: TokenVerifierDeps): TokenVerifier {
  // Least recently used tokens leave first when full; each entry lives VERIFIED_TOKEN_TTL_MS, or
  // until its token expires when that is sooner (set per entry below).
  const verified = new LRUCache<string, AuthenticatedUser>({
    max: VERIFIED_TOKEN_CACHE_SIZE,
    ttl: VERIFIED_TOKEN_TTL_MS,
    // Read the clock at every lookup (no cached "now"): an entry is never served past its time.
    ttlResolution: 0,
    perf: { now },
  });
  return {
    async verify(token: string): Promise<AuthenticatedUser> {
      const remembered = verified.get(token);
      if (remembered) return remembered;
      if (!token || token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) {
        throw new UnauthorizedError('The access token is malformed.');
      }
      let payload: JWTPayload;
      try {
        payload = await accessTokenClaims(token, keys, config);
      } catch (error) {
        throw toHttpError(error);
      }

      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes(OAUTH_SCOPE)) {
        throw new UnauthorizedError(`The access token does not carry the ${OAUTH_SCOPE} scope.`);
      }
      if (grants) {
        const grantId = payload.gid;
        if (typeof grantId !== 'string' || !(await grants.isActive(grantId))) {
          throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
        }
      }
      const user =
        typeof payload.sub === 'string'
          ? await users.findAuthenticatedUser(payload.sub, {
              issuedAt: payload.iat,
              issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : undefined,
            })
          : null;
      if (!user)
        throw new UnauthorizedError('The account for this access token does not exist or is not active.');
      const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
      const ttl = Math.min(VERIFIED_TOKEN_TTL_MS, expiresAt - now());
      if (ttl > 0) verified.set(token, user, { ttl });
      return user;
    },
    forgetUser(userId: string): void {
      const tokens = [...verified.entries()].filter(([, user]) => user.userId === userId);
      for (const [token] of tokens) verified.delete(token);
    },
  };
}

/**
 * The claims of an access token whose signature (allow-listed algorithms), issuer, audience, type
 * and expiry check out; throws jose's error otherwise. Says nothing about the user or the session.
 */
export async function accessTokenClaims(
  token: string,
  keys: JWTVerifyGetKey,
  config: Pick<Config, 'OIDC_ISSUER' | 'OIDC_AUDIENCE'>,
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, keys, {
    algorithms: ACCESS_TOKEN_ALGORITHMS,
    issuer: config.OIDC_ISSUER,
    audience: config.OIDC_AUDIENCE,
    typ: 'at+jwt',
    requiredClaims: ['exp', 'sub'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  });
  return payload;
}

/** Keys of the built-in provider, read from the database at start (public halves only). */
export function localKeySet(jwks: JSONWebKeySet): JWTVerifyGetKey {
  return createLocalJWKSet(jwks);
}

/**
 * Keys of an external provider: its jwks_uri is discovered from `${issuer}/.well-known/openid-configuration`
 * on first use (and again after a failure); jose caches and refreshes the key set itself.
 */
export function discoveredKeySet(issuer: string, fetchImpl: typeof fetch = fetch): JWTVerifyGetKey {
  let remote: Promise<JWTVerifyGetKey> | undefined;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetchImpl(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`OpenID discovery answered HTTP ${response.status}`);
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer !== issuer) throw new Error('OpenID discovery names another issuer');
    if (typeof metadata.jwks_uri !== 'string') throw new Error('OpenID discovery has no jwks_uri');
    return createRemoteJWKSet(new URL(metadata.jwks_uri));
  };
  return async (header, token) => {
    remote ??= discover().catch((error: unknown) => {
      remote = undefined;
      throw new KeySetUnavailableError(error);
    });
    return (await remote)(header, token);
  };
}

class KeySetUnavailableError extends Error {
  constructor(cause: unknown) {
    super('identity provider keys unavailable', { cause });
  }
}

const CLAIM_MESSAGES: Record<string, string> = {
  iss: 'The access token was not issued by this portal’s identity provider.',
  aud: 'The access token is not meant for this API.',
  typ: 'The token is not an access token.',
  nbf: 'The access token is not valid yet.',
  exp: 'The access token has no expiry.',
  sub: 'The access token names no user.',
};

function toHttpError(error: unknown): AppError {
  // Not a verdict on the token: the provider's keys could not be fetched.
  if (
    error instanceof KeySetUnavailableError ||
    error instanceof errors.JWKSTimeout ||
    !(error instanceof errors.JOSEError)
  ) {
    return new ServiceUnavailableError();
  }
  if (error instanceof errors.JWTExpired) {
    return new UnauthorizedError('The access token has expired. Please sign in again.');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new UnauthorizedError(
      CLAIM_MESSAGES[error.claim] ?? `The access token's ${error.claim} claim is not valid.`,
    );
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return new UnauthorizedError('The access token is signed with an algorithm that is not accepted.');
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  ) {
    return new UnauthorizedError('The access token signature is not valid.');
  }
  return new UnauthorizedError('The access token is malformed.');
}
