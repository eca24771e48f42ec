import {
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  TOKEN_COOKIE_MAX_AGE_SECONDS,
  TOKEN_COOKIE_NAME,
  TOKEN_STORAGE_KEY,
} from '@portico/domain';

/** The stored token (spec section 3): the access token and its expiry in epoch milliseconds. */
export interface StoredToken {
  access_token: string;
  expiresAt: number;
}

export interface TokenResponse {
  access_token: string;
  expires_in?: number;
}

export function tokenFromResponse(response: TokenResponse, now: number = Date.now()): StoredToken {
  const lifetime =
    typeof response.expires_in === 'number' && response.expires_in > 0
      ? response.expires_in
      : DEFAULT_TOKEN_LIFETIME_SECONDS;
  return { access_token: response.access_token, expiresAt: now + lifetime * 1000 };
}

/** A token is valid while the current time is before expiresAt (spec section 4). */
export function isTokenValid(token: StoredToken | null, now: number = Date.now()): token is StoredToken {
  return token !== null && token.access_token !== '' && now < token.expiresAt;
}

/** Base64 of the JSON, as the spec stores it. */
export function encodeToken(token: StoredToken): string {
  return btoa(JSON.stringify({ access_token: token.access_token, expiresAt: token.expiresAt }));
}

export function decodeToken(encoded: string | null | undefined): StoredToken | null {
  if (!encoded) return null;
  try {
    const parsed: unknown = JSON.parse(atob(encoded));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { access_token, expiresAt } = parsed as Record<string, unknown>;
    if (typeof access_token !== 'string' || typeof expiresAt !== 'number') return null;
    return { access_token, expiresAt };
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
function notify(): void {
  for (const listener of listeners) listener();
}

/** Re-render hooks when the token is stored or cleared (here or in another tab). */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    forget();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The last token read, kept until the current task ends. React asks for it on every render of every
 * component that follows the token (useSyncExternalStore's getSnapshot, through each usePartnerDetails
 * and useCan), and reading `document.cookie` is slow in Chromium: one page render read it hundreds of
 * times (tens of ms on a phone). Each task still sees what is stored at its start; storing or
 * clearing here, or another tab's change, drops it at once.
 */
let current: { token: StoredToken | null } | null = null;
function forget(): void {
  current = null;
}

/** Stores the token base64-encoded in a 1-day Secure SameSite=Lax cookie and in local storage. */
export function storeToken(token: StoredToken): void {
  const encoded = encodeToken(token);
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie, written synchronously (the Cookie Store API is async and not in every browser).
  document.cookie = `${TOKEN_COOKIE_NAME}=${encoded}; Max-Age=${TOKEN_COOKIE_MAX_AGE_SECONDS}; Path=/; Secure; SameSite=Lax`;
  safeStorage()?.setItem(TOKEN_STORAGE_KEY, encoded);
  forget();
  notify();
}

/** The stored token (cookie first, then local storage), valid or not. */
export function readToken(): StoredToken | null {
  if (current) return current.token;
  const token =
    decodeToken(readCookie(TOKEN_COOKIE_NAME)) ?? decodeToken(safeStorage()?.getItem(TOKEN_STORAGE_KEY));
  current = { token };
  queueMicrotask(forget);
  return token;
}

export function clearToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie, written synchronously (the Cookie Store API is async and not in every browser).
  document.cookie = `${TOKEN_COOKIE_NAME}=; Max-Age=0; Path=/; Secure; SameSite=Lax`;
  safeStorage()?.removeItem(TOKEN_STORAGE_KEY);
  forget();
  notify();
}

/** The access token to send as Bearer, or null when there is none or it has expired. */
export function getValidAccessToken(now: number = Date.now()): string | null {
  const token = readToken();
  return isTokenValid(token, now) ? token.access_token : null;
}

export function hasValidToken(now: number = Date.now()): boolean {
  return getValidAccessToken(now) !== null;
}
