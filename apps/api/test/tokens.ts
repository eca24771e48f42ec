import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { OAUTH_SCOPE } from '@portico/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { base64url, generateKeyPair, importJWK, type JWTPayload, SignJWT } from 'jose';
import type { Config } from '../src/platform/config.ts';
import type { Database } from '../src/platform/db/index.ts';
import { OidcPayloadAdapter } from '../src/platform/oidc/adapter.ts';
import { loadIdentitySecrets, publicJwks } from '../src/platform/oidc/keys.ts';

export interface MintOptions {
  /** Seconds from now until `exp`; negative for an expired token. Default 3600. */
  expiresIn?: number;
  /** 'provider' (default): the built-in provider's signing key; 'foreign': a key nobody trusts. */
  key?: 'provider' | 'foreign';
  /** Default RS256. 'none' gives an unsigned token; HS256 is signed with the provider's public key as the secret. */
  alg?: string;
  /** Header typ, default 'at+jwt'. */
  typ?: string;
  /** Default config.OIDC_AUDIENCE. */
  audience?: string;
}

/**
 * Signs an access token the way the built-in provider does (same key, same claims), or a crafted one
 * for negative tests. Claims given win over the defaults (iss, aud, scope, iat, exp, jti, client_id).
 */
export async function mintAccessToken(
  database: Database,
  config: Config,
  claims: { sub: string } & Record<string, unknown>,
  opts: MintOptions = {},
): Promise<string> {
  const alg = opts.alg ?? 'RS256';
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = {
    iss: config.OIDC_ISSUER,
    aud: opts.audience ?? config.OIDC_AUDIENCE,
    scope: OAUTH_SCOPE,
    client_id: config.OIDC_CLIENT_ID,
    jti: randomUUID(),
    iat: now,
    exp: now + (opts.expiresIn ?? 3600),
    ...claims,
  };
  const typ = opts.typ ?? 'at+jwt';
  // Like the provider's tokens, each names a live grant (a sign-in) unless the claims say otherwise.
  if (!Object.hasOwn(claims, 'gid')) payload.gid = await createGrant(database, config, claims.sub);

  if (alg === 'none') {
    const encode = (value: object) => base64url.encode(JSON.stringify(value));
    return `${encode({ alg: 'none', typ })}.${encode(payload)}.`;
  }

  const { signingKeys } = await loadIdentitySecrets(database);
  const providerJwk = signingKeys.keys[0];
  if (!providerJwk) throw new Error('the provider has no signing key');

  if (alg.startsWith('HS')) {
    // Algorithm confusion: HMAC keyed with the provider's public key, which anyone can fetch.
    const secret = new TextEncoder().encode(JSON.stringify(publicJwks(signingKeys).keys[0]));
    return new SignJWT(payload).setProtectedHeader({ alg, typ, kid: providerJwk.kid }).sign(secret);
  }

  if (opts.key === 'foreign') {
    const { privateKey } = await generateKeyPair(alg, { extractable: true });
    const kid = providerJwk.kid; // pretend to be the provider's key
    return new SignJWT(payload).setProtectedHeader({ alg, typ, kid }).sign(privateKey);
  }

  const key = await importJWK(providerJwk, alg);
  return new SignJWT(payload).setProtectedHeader({ alg, typ, kid: providerJwk.kid }).sign(key);
}

/** A grant of the portal for this account, as a sign-in through the provider leaves one. */
export async function createGrant(database: Database, config: Config, accountId: string): Promise<string> {
  const grantId = randomUUID();
  await new OidcPayloadAdapter(database.db, 'Grant').upsert(
    grantId,
    { accountId, clientId: config.OIDC_CLIENT_ID, kind: 'Grant', jti: grantId },
    86_400,
  );
  return grantId;
}

/** Cookies as a browser would keep them for one host: by name, sent where their path matches. */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string; expires?: number }>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      const expires =
        cookie.maxAge !== undefined ? Date.now() + cookie.maxAge * 1000 : cookie.expires?.getTime();
      if (!cookie.value || (expires !== undefined && expires <= Date.now())) {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/', expires });
      }
    }
  }

  header(url: string): string | undefined {
    const path = new URL(url, 'http://localhost').pathname;
    const now = Date.now();
    const pairs = [...this.cookies.entries()]
      .filter(([, c]) => (c.expires === undefined || c.expires > now) && pathMatches(path, c.path))
      .map(([name, c]) => `${name}=${c.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  const prefix = cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`;
  return requestPath.startsWith(prefix);
}

/** The portal's view of the provider, as it would configure itself. */
export interface PortalClient {
  issuer: string;
  clientId: string;
  redirectUri: string;
  audience: string;
}

export function portalClient(config: Config): PortalClient {
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    redirectUri: `${config.PUBLIC_URL}/callback`,
    audience: config.OIDC_AUDIENCE,
  };
}

/** Path and query of an absolute URL, for app.inject. */
export function localPath(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

export interface SignInResult {
  accessToken: string;
  expiresIn: number;
  idToken: string;
  /** The browser's cookies afterwards (the provider session), for sign-out tests. */
  cookies: CookieJar;
}

export class SignInFailed extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Signs in exactly as the portal does, through app.inject: authorization request (code + PKCE S256,
 * response_mode=fragment, resource) -> our sign-in page -> POST credentials -> resume -> code from the
 * callback's hash -> token endpoint. Without `config`, the portal defaults are derived from discovery.
 */
export async function signInWithPassword(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { config?: Config; cookies?: CookieJar } = {},
): Promise<SignInResult> {
  const discovery = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
  if (discovery.statusCode !== 200) throw new Error(`discovery answered ${discovery.statusCode}`);
  const metadata = discovery.json<{
    issuer: string;
    authorization_endpoint: string;
    token_endpoint: string;
  }>();
  const client = options.config
    ? portalClient(options.config)
    : (() => {
        const publicUrl = metadata.issuer.replace(/\/oidc$/, '');
        return {
          issuer: metadata.issuer,
          clientId: 'portico-web',
          redirectUri: `${publicUrl}/callback`,
          audience: `${publicUrl}/api`,
        };
      })();

  const jar = options.cookies ?? new CookieJar();
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: cookieHeader(jar, url) });
    jar.store(response);
    return response;
  };

  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(metadata.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    response_mode: 'fragment',
    redirect_uri: client.redirectUri,
    scope: `openid ${OAUTH_SCOPE}`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    resource: client.audience,
  }).toString();

  let response = await get(localPath(authorize.href));
  let location = redirectOf(response);
  if (location.includes('/interaction/')) {
    const page = await get(localPath(location));
    if (page.statusCode !== 200) throw new SignInFailed(page.statusCode, alertOf(page.body));
    const form = localPath(location);
    response = await app.inject({
      method: 'POST',
      url: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...cookieHeader(jar, form) },
      payload: new URLSearchParams({ email, password }).toString(),
    });
    jar.store(response);
    if (response.statusCode !== 303) throw new SignInFailed(response.statusCode, alertOf(response.body));
    response = await get(localPath(redirectOf(response)));
    location = redirectOf(response);
  }

  if (!location.startsWith(client.redirectUri)) throw new Error(`unexpected redirect to ${location}`);
  const result = new URLSearchParams(new URL(location).hash.slice(1));
  if (result.get('error')) throw new Error(`${result.get('error')}: ${result.get('error_description')}`);
  if (result.get('state') !== state) throw new Error('state mismatch');
  const code = result.get('code');
  if (!code) throw new Error('no code in the callback');

  const token = await app.inject({
    method: 'POST',
    url: localPath(metadata.token_endpoint),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      client_id: client.clientId,
      code_verifier: verifier,
      resource: client.audience,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token endpoint answered ${token.statusCode}: ${token.body}`);
  const body = token.json<{ access_token: string; expires_in: number; id_token: string }>();
  return { accessToken: body.access_token, expiresIn: body.expires_in, idToken: body.id_token, cookies: jar };
}

function cookieHeader(jar: CookieJar, url: string): Record<string, string> {
  const header = jar.header(url);
  return header ? { cookie: header } : {};
}

function redirectOf(response: LightMyRequestResponse): string {
  const location = response.headers.location;
  if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') {
    throw new Error(`expected a redirect, got ${response.statusCode}: ${response.body.slice(0, 500)}`);
  }
  return location;
}

function alertOf(html: string): string {
  return /role="alert">([^<]*)</.exec(html)?.[1] ?? html.slice(0, 200);
}
