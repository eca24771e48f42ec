import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { addGoogleServiceAccount, type SandboxContext } from './context.ts';

/**
 * Google's OAuth 2.0 token endpoint for service accounts (oauth2.googleapis.com/token), served at
 * /sandbox/oauth2/token: a signed JWT assertion in, a short-lived access token out, in Google's
 * shapes. The RBM and Business Communications routes then accept only the tokens issued here,
 * with their own scope (see {@link authorizeGoogleCall}).
 */

const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const RBM_SCOPE = 'https://www.googleapis.com/auth/rcsbusinessmessaging';
export const BUSINESS_COMMUNICATIONS_SCOPE = 'https://www.googleapis.com/auth/businesscommunications';
/** Google's access tokens live an hour; it answers expires_in 3599. */
const TOKEN_LIFETIME_SECONDS = 3599;
/** Google refuses an assertion whose exp is more than an hour after its iat. */
const MAX_ASSERTION_SECONDS = 3600;
const CLOCK_SKEW_SECONDS = 300;

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** Google's token errors: {"error": "invalid_grant", "error_description": "..."}. */
const oauthError = (reply: FastifyReply, error: OAuthError) =>
  reply.code(error.status).send({ error: error.error, error_description: error.description });

const ZAssertionClaims = z.object({
  iss: z.string().min(1),
  scope: z.string().trim().min(1),
  aud: z.union([z.string(), z.array(z.string())]),
  iat: z.number().int(),
  exp: z.number().int(),
});

async function verifyAssertion(ctx: SandboxContext, assertion: string) {
  let issuer: string | undefined;
  try {
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8'));
    issuer = typeof claims?.iss === 'string' ? claims.iss : undefined;
  } catch {
    throw new OAuthError(
      400,
      'invalid_grant',
      'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.',
    );
  }
  await ctx.loadGoogleServiceAccounts();
  const keys = issuer ? ctx.googleServiceAccounts.get(issuer) : undefined;
  if (!keys?.length) throw new OAuthError(400, 'invalid_grant', 'Invalid grant: account not found');
  for (const key of keys) {
    try {
      const { payload } = await jwtVerify(assertion, key, {
        algorithms: ['RS256'],
        audience: GOOGLE_TOKEN_AUDIENCE,
        issuer,
        requiredClaims: ['iat', 'exp', 'scope'],
        clockTolerance: CLOCK_SKEW_SECONDS,
      });
      const claims = ZAssertionClaims.parse(payload);
      if (claims.exp - claims.iat > MAX_ASSERTION_SECONDS)
        throw new OAuthError(
          400,
          'invalid_grant',
          'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
        );
      return claims;
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      if (error instanceof joseErrors.JWSSignatureVerificationFailed) continue;
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud')
        throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: Failed audience check.');
      if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError)
        throw new OAuthError(400, 'invalid_grant', `Invalid JWT: ${(error as Error).message}`);
      throw error;
    }
  }
  throw new OAuthError(400, 'invalid_grant', 'Invalid JWT Signature.');
}

export function googleOAuthPlugin(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(async (error: unknown, _request, reply) => {
      if (error instanceof OAuthError) return oauthError(reply, error);
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      return oauthError(
        reply,
        new OAuthError(
          status >= 400 && status < 500 ? status : 500,
          'invalid_request',
          (error as Error).message,
        ),
      );
    });
    // The token endpoint takes a form, as Google's does (and only a form).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post<{ Body: Record<string, string> | undefined }>('/token', async (request) => {
      const { grant_type: grantType, assertion } = request.body ?? {};
      if (grantType !== JWT_BEARER_GRANT)
        throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
      if (!assertion) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: assertion');
      const claims = await verifyAssertion(ctx, assertion);
      const accessToken = `ya29.sandbox-${randomBytes(24).toString('base64url')}`;
      ctx.store.issueAccessToken(accessToken, {
        clientEmail: claims.iss,
        scopes: claims.scope.split(/\s+/),
        expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000,
      });
      return { access_token: accessToken, expires_in: TOKEN_LIFETIME_SECONDS, token_type: 'Bearer' };
    });

    // A developer registers a key of their own, as with IAM's serviceAccounts.keys.upload (the
    // sandbox exists only with DEMO=1 or SANDBOX=1, and its networks hold test data only).
    app.post<{ Body: Record<string, string> | undefined }>('/service-accounts', async (request) => {
      const account = z
        .object({ client_email: z.string().email(), public_key: z.string().min(1) })
        .safeParse(request.body);
      if (!account.success)
        throw new OAuthError(400, 'invalid_request', 'Send client_email and public_key (PEM) as a form.');
      try {
        addGoogleServiceAccount(ctx, {
          clientEmail: account.data.client_email,
          publicKey: account.data.public_key,
        });
      } catch {
        throw new OAuthError(400, 'invalid_request', 'public_key is not a PEM public key.');
      }
      return { client_email: account.data.client_email };
    });
  };
}

/** Thrown for a call without a valid access token; each API answers it in its own error shape. */
export class GoogleAuthError extends Error {
  constructor(
    readonly code: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The bearer token check of Google's APIs in the sandbox: with service accounts configured, only
 * an unexpired token this sandbox issued, granted `scope`; without, the configured static token
 * (or any token when none is configured).
 */
export function authorizeGoogleCall(ctx: SandboxContext, request: FastifyRequest, scope: string): void {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) throw new GoogleAuthError(401, 'Request is missing required authentication credential.');
  if (!ctx.googleTokensRequired) {
    if (ctx.credentials.rbm !== undefined && token !== ctx.credentials.rbm)
      throw new GoogleAuthError(401, 'Request had invalid authentication credentials.');
    return;
  }
  const issued = ctx.store.accessToken(token);
  if (!issued || issued.expiresAt <= Date.now())
    throw new GoogleAuthError(
      401,
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
  if (!issued.scopes.includes(scope))
    throw new GoogleAuthError(403, 'Request had insufficient authentication scopes.');
}
