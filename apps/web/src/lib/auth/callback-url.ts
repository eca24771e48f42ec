import { LOGIN_CALLBACK_PATH, mayStoreCallbackUrl, SERVER_ERROR_PATH } from '@portico/domain';
import { isLogoutCallback } from './oidc';

const CALLBACK_URL_KEY = 'portico_callback_url';

function splitLocation(location: string): { pathname: string; search: string } {
  const url = new URL(location, 'http://portico.invalid');
  return { pathname: url.pathname, search: url.search };
}

/** Only same-app relative paths: never '//host' or an absolute URL (no open redirect). */
function isAppPath(location: string): boolean {
  return location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\');
}

function isStorable(location: string): boolean {
  if (!isAppPath(location)) return false;
  const { pathname, search } = splitLocation(location);
  if (pathname === LOGIN_CALLBACK_PATH || pathname === SERVER_ERROR_PATH) return false;
  if (isLogoutCallback(search)) return false;
  return mayStoreCallbackUrl(pathname);
}

/**
 * Remembers where the user was so sign-in returns there (spec section 4); not on sign-up,
 * set-password and action links.
 */
export function storeCallbackUrl(location: string): void {
  if (!isStorable(location)) return;
  try {
    sessionStorage.setItem(CALLBACK_URL_KEY, location);
  } catch {
    // Storage unavailable: sign-in lands on the default page.
  }
}

export function consumeCallbackUrl(): string | null {
  try {
    const location = sessionStorage.getItem(CALLBACK_URL_KEY);
    sessionStorage.removeItem(CALLBACK_URL_KEY);
    return location && isStorable(location) ? location : null;
  } catch {
    return null;
  }
}
