import { STATE_MISSING_MESSAGE } from '@portico/domain';
import { codeChallengeS256, createCodeVerifier, randomString } from './pkce';
import type { TokenResponse } from './token';

/** The identity provider settings the portal needs (from /api/v1/app-config). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  scope: string;
  resource: string;
}

const PKCE_SESSION_KEY = 'portico_oidc_pkce';

export interface PkceSession {
  state: string;
  verifier: string;
}

export function savePkceSession(session: PkceSession): void {
  sessionStorage.setItem(PKCE_SESSION_KEY, JSON.stringify(session));
}

export function readPkceSession(): PkceSession | null {
  try {
    const raw = sessionStorage.getItem(PKCE_SESSION_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { state, verifier } = parsed as Record<string, unknown>;
    return typeof state === 'string' && state && typeof verifier === 'string' && verifier
      ? { state, verifier }
      : null;
  } catch {
    return null;
  }
}

export function clearPkceSession(): void {
  sessionStorage.removeItem(PKCE_SESSION_KEY);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function redirectUriFor(origin: string): string {
  return `${origin}/callback`;
}

export function buildAuthorizeUrl(
  settings: OidcSettings,
  params: { redirectUri: string; codeChallenge: string; state: string },
): string {
  const query = new URLSearchParams({
    client_id: settings.clientId,
    response_type: 'code',
    response_mode: 'fragment',
    redirect_uri: params.redirectUri,
    scope: settings.scope,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
    state: params.state,
    resource: settings.resource,
  });
  // Spaces as %20 (URLSearchParams writes '+'), as the provider documents the scope.
  return `${trimSlash(settings.issuer)}/auth?${query.toString().replace(/\+/g, '%20')}`;
}

/** A fresh PKCE pair and state, kept in session storage, and the authorisation URL that uses them. */
export async function prepareAuthorization(settings: OidcSettings, origin: string): Promise<string> {
  const verifier = createCodeVerifier();
  const state = randomString(16);
  const codeChallenge = await codeChallengeS256(verifier);
  savePkceSession({ state, verifier });
  return buildAuthorizeUrl(settings, { redirectUri: redirectUriFor(origin), codeChallenge, state });
}

export const LOGOUT_RETURN_QUERY = '?action=logout&status=signed-out';

export function buildEndSessionUrl(
  settings: Pick<OidcSettings, 'issuer' | 'clientId'>,
  origin: string,
): string {
  const postLogout = encodeURIComponent(`${origin}/${LOGOUT_RETURN_QUERY}`);
  return `${trimSlash(settings.issuer)}/session/end?client_id=${encodeURIComponent(settings.clientId)}&post_logout_redirect_uri=${postLogout}`;
}

/** The logout callback: action=logout with a status present (spec section 4). */
export function isLogoutCallback(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('action') === 'logout' && (params.get('status') ?? '') !== '';
}

/** An error answered by the provider: its message is made of error and error_description. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  readonly error: string;
  readonly errorDescription: string;

  constructor(error: string, errorDescription = '') {
    super(errorDescription ? `${error}: ${errorDescription}` : error);
    this.error = error;
    this.errorDescription = errorDescription;
  }
}

export interface CallbackResult {
  code: string;
  state: string;
  verifier: string;
}

/**
 * Reads the provider's answer from the URL hash and checks it against the stored state.
 * Throws 'Could not get state from storage.' when no sign-in was started in this browser tab, an
 * OAuthError when the provider answered with an error.
 */
export function parseCallback(hash: string, stored: PkceSession | null): CallbackResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!stored) throw new Error(STATE_MISSING_MESSAGE);
  const error = params.get('error');
  if (error) throw new OAuthError(error, params.get('error_description') ?? '');
  const state = params.get('state');
  if (state !== stored.state) {
    throw new Error('The sign-in response does not belong to this browser session. Please sign in again.');
  }
  const code = params.get('code');
  if (!code) throw new Error('The sign-in response carried no authorisation code. Please sign in again.');
  return { code, state, verifier: stored.verifier };
}

/** Exchanges the authorisation code for tokens at the provider's token endpoint. */
export async function exchangeCode(
  settings: OidcSettings,
  params: { code: string; verifier: string; redirectUri: string },
  fetchImpl: typeof fetch = fetch,
): Promise<TokenResponse> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    client_id: settings.clientId,
    code_verifier: params.verifier,
    resource: settings.resource,
  });
  const response = await fetchImpl(`${trimSlash(settings.issuer)}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body,
  });
  let json: Record<string, unknown> = {};
  try {
    json = (await response.json()) as Record<string, unknown>;
  } catch {
    // Fall through: reported below with the HTTP status.
  }
  if (!response.ok || typeof json.access_token !== 'string') {
    if (typeof json.error === 'string') {
      throw new OAuthError(
        json.error,
        typeof json.error_description === 'string' ? json.error_description : '',
      );
    }
    throw new Error(`The sign-in could not be completed (HTTP ${response.status}). Please try again.`);
  }
  return {
    access_token: json.access_token,
    ...(typeof json.expires_in === 'number' ? { expires_in: json.expires_in } : {}),
  };
}
