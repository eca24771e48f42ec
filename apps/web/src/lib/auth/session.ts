import { LOGIN_LANDING_PATH } from '@portico/domain';
import { browser } from '@/lib/browser';
import { appConfigQueryOptions } from '@/lib/config/app-config';
import { queryClient } from '@/lib/query-client';
import { consumeCallbackUrl, storeCallbackUrl } from './callback-url';
import {
  buildEndSessionUrl,
  clearPkceSession,
  exchangeCode,
  parseCallback,
  prepareAuthorization,
  readPkceSession,
  redirectUriFor,
} from './oidc';
import { clearToken, storeToken, tokenFromResponse } from './token';

let signInInFlight: Promise<void> | null = null;
let signingOut = false;

const SIGNED_IN_AT_KEY = 'portico_signed_in_at';
/** A new sign-in asked for this soon after the last one means the API refused the fresh token. */
const SIGN_IN_LOOP_WINDOW_MS = 10_000;
export const SIGN_IN_REFUSED_MESSAGE =
  'The server did not accept your sign-in. Please try again; if it keeps happening, contact support.';

function signedInMomentsAgo(): boolean {
  try {
    const at = Number(sessionStorage.getItem(SIGNED_IN_AT_KEY));
    return Number.isFinite(at) && Date.now() - at < SIGN_IN_LOOP_WINDOW_MS;
  } catch {
    return false;
  }
}

function forgetSignInMoment(): void {
  try {
    sessionStorage.removeItem(SIGNED_IN_AT_KEY);
  } catch {
    // Storage unavailable: nothing to forget.
  }
}

/**
 * Goes to the provider's sign-in page (authorisation code + PKCE). Without `force` (a person asking
 * to sign in), it refuses to go round again right after a sign-in, so a token the API keeps
 * refusing shows an explanation instead of an endless redirect loop.
 */
export function startSignIn(options: { force?: boolean } = {}): Promise<void> {
  // Signing out: the page is already leaving; never resolves, so nothing else happens meanwhile.
  if (signingOut) return new Promise<void>(() => {});
  if (!options.force && signedInMomentsAgo()) return Promise.reject(new Error(SIGN_IN_REFUSED_MESSAGE));
  if (options.force) forgetSignInMoment();
  signInInFlight ??= (async () => {
    const config = await queryClient.fetchQuery(appConfigQueryOptions);
    browser.assign(await prepareAuthorization(config.oidc, browser.origin()));
  })().finally(() => {
    signInInFlight = null;
  });
  return signInInFlight;
}

/** No valid token on a page that needs one: remember the page, then sign in. */
export function redirectToSignIn(
  location: string = browser.currentLocation(),
  options: { force?: boolean } = {},
): Promise<void> {
  storeCallbackUrl(location);
  return startSignIn(options);
}

/** The session handler for HTTP 401: clear the token, remember where we were, sign in again. */
export function handleUnauthorized(): void {
  clearToken();
  redirectToSignIn().catch(() => {
    // The app-config call failed too: its own error handling has taken over.
  });
}

/** Clears the token cookie and storage, then ends the provider session (which returns to the logout callback). */
export async function signOut(): Promise<void> {
  const config = await queryClient.fetchQuery(appConfigQueryOptions);
  // From here the page is leaving for the provider: the guards must not start a sign-in meanwhile
  // (it would replace the end-session navigation and keep the provider session alive).
  signingOut = true;
  storeCallbackUrl(browser.currentLocation());
  forgetSignInMoment();
  clearToken();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app-config' });
  browser.assign(buildEndSessionUrl(config.oidc, browser.origin()));
}

/** True once sign-out has begun (the page is on its way to the provider's end-session URL). */
export function isSigningOut(): boolean {
  return signingOut;
}

const callbacks = new Map<string, Promise<string>>();

/**
 * The sign-in callback: reads the URL hash, checks the state, exchanges the code, stores the token and
 * answers where to go next (the stored callback URL, else /developer). Runs once per hash.
 */
export function completeSignIn(hash: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const existing = callbacks.get(hash);
  if (existing) return existing;
  const run = (async () => {
    const stored = readPkceSession();
    clearPkceSession();
    const { code, verifier } = parseCallback(hash, stored);
    const config = await queryClient.fetchQuery(appConfigQueryOptions);
    const response = await exchangeCode(
      config.oidc,
      { code, verifier, redirectUri: redirectUriFor(browser.origin()) },
      fetchImpl,
    );
    storeToken(tokenFromResponse(response));
    try {
      sessionStorage.setItem(SIGNED_IN_AT_KEY, String(Date.now()));
    } catch {
      // Storage unavailable: no loop protection, sign-in still works.
    }
    return consumeCallbackUrl() ?? LOGIN_LANDING_PATH;
  })();
  callbacks.set(hash, run);
  return run;
}
