import { TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY } from '@portico/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  clearToken,
  decodeToken,
  encodeToken,
  getValidAccessToken,
  hasValidToken,
  isTokenValid,
  readToken,
  storeToken,
  tokenFromResponse,
} from './token';

function cookieValue(name: string): string | null {
  const part = document.cookie.split('; ').find((p) => p.startsWith(`${name}=`));
  return part ? part.slice(name.length + 1) : null;
}

describe('the stored token', () => {
  it('expires expires_in seconds after it was issued, 3600 s by default', () => {
    expect(tokenFromResponse({ access_token: 'a', expires_in: 120 }, 1_000)).toEqual({
      access_token: 'a',
      expiresAt: 121_000,
    });
    expect(tokenFromResponse({ access_token: 'a' }, 0).expiresAt).toBe(3_600_000);
  });

  it('is valid while the current time is before expiresAt', () => {
    const token = { access_token: 'a', expiresAt: 5_000 };
    expect(isTokenValid(token, 4_999)).toBe(true);
    expect(isTokenValid(token, 5_000)).toBe(false);
    expect(isTokenValid(null, 0)).toBe(false);
  });

  it('is stored base64-encoded in the cookie and in local storage', () => {
    const token = { access_token: 'header.payload.signature', expiresAt: Date.now() + 60_000 };
    storeToken(token);
    const encoded = btoa(JSON.stringify(token));
    expect(cookieValue(TOKEN_COOKIE_NAME)).toBe(encoded);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(encoded);
    expect(JSON.parse(atob(encoded))).toEqual(token);
    expect(readToken()).toEqual(token);
    expect(getValidAccessToken()).toBe('header.payload.signature');
  });

  it('writes a 1-day Secure SameSite=Lax cookie for the whole site', () => {
    const setter = vi.spyOn(Document.prototype, 'cookie', 'set');
    storeToken({ access_token: 'a', expiresAt: Date.now() + 1000 });
    const written = setter.mock.calls
      .map(([value]) => String(value))
      .find((v) => v.startsWith(`${TOKEN_COOKIE_NAME}=`));
    expect(written).toMatch(/; Max-Age=86400; Path=\/; Secure; SameSite=Lax$/);
  });

  it('falls back to local storage when the cookie is missing', () => {
    const token = { access_token: 'from-storage', expiresAt: Date.now() + 60_000 };
    localStorage.setItem(TOKEN_STORAGE_KEY, encodeToken(token));
    expect(readToken()).toEqual(token);
  });

  it('is not valid once expired, and is gone after clearing', () => {
    storeToken({ access_token: 'old', expiresAt: Date.now() - 1 });
    expect(readToken()?.access_token).toBe('old');
    expect(getValidAccessToken()).toBeNull();
    expect(hasValidToken()).toBe(false);
    storeToken({ access_token: 'new', expiresAt: Date.now() + 60_000 });
    clearToken();
    expect(readToken()).toBeNull();
    expect(cookieValue(TOKEN_COOKIE_NAME)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('ignores stored values that are not a token', () => {
    expect(decodeToken('not base64 !')).toBeNull();
    expect(decodeToken(btoa('{"access_token":1}'))).toBeNull();
    expect(decodeToken(null)).toBeNull();
  });

  it('is read from the cookie once per task, and again once the task ends or the token changes', async () => {
    const token = { access_token: 'a', expiresAt: Date.now() + 60_000 };
    storeToken(token);
    const getter = vi.spyOn(Document.prototype, 'cookie', 'get');
    for (let i = 0; i < 50; i += 1) expect(readToken()).toEqual(token);
    expect(getter).toHaveBeenCalledTimes(1);

    storeToken({ access_token: 'b', expiresAt: token.expiresAt });
    expect(readToken()?.access_token).toBe('b');

    // Written behind the module's back (another writer): seen from the next task on.
    localStorage.setItem(TOKEN_STORAGE_KEY, encodeToken({ access_token: 'c', expiresAt: token.expiresAt }));
    // biome-ignore lint/suspicious/noDocumentCookie: the test removes the cookie as another writer would.
    document.cookie = `${TOKEN_COOKIE_NAME}=; Max-Age=0; Path=/`;
    await Promise.resolve();
    expect(readToken()?.access_token).toBe('c');
  });
});
