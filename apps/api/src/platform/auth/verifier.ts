import { OAUTH_SCOPE } from '@portico/domain';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { UsersService } from '../../modules/users/users.service.ts';
import type { Config } from '../config.ts';
import { type AppError, ServiceUnavailableError, UnauthorizedError } from '../http/errors.ts';
import type { AuthenticatedUser, TokenVerifier } from './types.ts';

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

export interface TokenVerifierDeps {
  config: Pick<Config, 'OIDC_ISSUER' | 'OIDC_AUDIENCE'>;
  users: Pick<UsersService, 'findAuthenticatedUser'>;
  /** Where signing keys come from: the built-in provider's keys or the external provider's JWKS. */
  keys: JWTVerifyGetKey;
  now?: () => number;
}

/**
 * Verifies a Bearer access token: signature (allow-listed algorithms) against the provider's keys,
 * issuer, audience, `typ: at+jwt`, expiry, the `user_info` scope; then loads the active user behind `sub`.
 */
export function createTokenVerifier({
  config,
  users,
  keys,
  now = Date.now,
}: TokenVerifierDeps): TokenVerifier {
  // Insertion-ordered, so the first key is the oldest when the cache is full.
  const verified = new Map<string, { user: AuthenticatedUser; until: number }>();
  return {
    async verify(token: string): Promise<AuthenticatedUser> {
      const remembered = verified.get(token);
      if (remembered && remembered.until > now()) return remembered.user;
      if (remembered) verified.delete(token);
      if (!token || token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) {
        throw new UnauthorizedError('The access token is malformed.');
      }
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(token, keys, {
          algorithms: ACCESS_TOKEN_ALGORITHMS,
          issuer: config.OIDC_ISSUER,
          audience: config.OIDC_AUDIENCE,
          typ: 'at+jwt',
          requiredClaims: ['exp', 'sub'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        throw toHttpError(error);
      }

      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes(OAUTH_SCOPE)) {
        throw new UnauthorizedError(`The access token does not carry the ${OAUTH_SCOPE} scope.`);
      }
      const user =
        typeof payload.sub === 'string'
          ? await users.findAuthenticatedUser(payload.sub, { issuedAt: payload.iat })
          : null;
      if (!user)
        throw new UnauthorizedError('The account for this access token does not exist or is not active.');
      if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
      verified.set(token, { user, until: Math.min(now() + VERIFIED_TOKEN_TTL_MS, expiresAt) });
      return user;
    },
    forgetUser(userId: string): void {
      for (const [token, entry] of verified) if (entry.user.userId === userId) verified.delete(token);
    },
  };
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
