import { LOGIN_LANDING_PATH, STATE_MISSING_MESSAGE, TOKEN_STORAGE_KEY } from '@portico/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { appConfigQueryOptions } from '@/lib/config/app-config';
import { queryClient } from '@/lib/query-client';
import { APP_CONFIG } from '@/test/fixtures';
import { consumeCallbackUrl, storeCallbackUrl } from './callback-url';
import { savePkceSession } from './oidc';
import { completeSignIn, handleUnauthorized, redirectToSignIn } from './session';
import { readToken, storeToken } from './token';

beforeEach(() => {
  queryClient.setQueryData(appConfigQueryOptions.queryKey, APP_CONFIG);
});
afterEach(() => {
  queryClient.clear();
});

const tokenEndpoint = () =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ access_token: 'jwt-1', expires_in: 3600 })));

describe('the callback URL', () => {
  it('is remembered and used once', () => {
    storeCallbackUrl('/u/my-brands?tab=2');
    expect(consumeCallbackUrl()).toBe('/u/my-brands?tab=2');
    expect(consumeCallbackUrl()).toBeNull();
  });

  it('is not remembered on sign-up, set-password and action links, nor for other sites', () => {
    for (const location of [
      '/sign-up',
      '/set-password?token=1',
      '/action/verify',
      '/action-link',
      '//evil.test/x',
    ]) {
      storeCallbackUrl(location);
      expect(consumeCallbackUrl()).toBeNull();
    }
  });
});

describe('the sign-in callback', () => {
  it('stores the token and goes to /developer when no page was remembered', async () => {
    savePkceSession({ state: 's1', verifier: 'v1' });
    const fetchMock = tokenEndpoint();
    const before = Date.now();
    await expect(completeSignIn('#code=c1&state=s1', fetchMock)).resolves.toBe(LOGIN_LANDING_PATH);
    const token = readToken();
    expect(token?.access_token).toBe('jwt-1');
    expect(token?.expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
  });

  it('returns to the remembered page', async () => {
    savePkceSession({ state: 's2', verifier: 'v2' });
    storeCallbackUrl('/u/api');
    await expect(completeSignIn('#code=c2&state=s2', tokenEndpoint())).resolves.toBe('/u/api');
  });

  it("fails with 'Could not get state from storage.' when the state is missing", async () => {
    await expect(completeSignIn('#code=c3&state=s3', tokenEndpoint())).rejects.toThrow(STATE_MISSING_MESSAGE);
    expect(readToken()).toBeNull();
  });
});

describe('the session handler and sign-out', () => {
  it('on 401 clears the token, remembers the page and goes to the sign-in page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    vi.spyOn(browser, 'currentLocation').mockReturnValue('/u/my-campaigns');
    storeToken({ access_token: 'old', expiresAt: Date.now() + 60_000 });
    handleUnauthorized();
    expect(readToken()).toBeNull();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(String(assign.mock.calls[0]?.[0])).toMatch(
      /^http:\/\/localhost:3000\/oidc\/auth\?client_id=portico-web&/,
    );
    expect(consumeCallbackUrl()).toBe('/u/my-campaigns');
  });

  it('redirectToSignIn does not remember sign-up pages', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
    await redirectToSignIn('/sign-up');
    expect(consumeCallbackUrl()).toBeNull();
  });
});

describe('sign-in loop protection', () => {
  it('refuses to sign in again right after a sign-in, unless a person asks', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    savePkceSession({ state: 's9', verifier: 'v9' });
    await completeSignIn('#code=c9&state=s9', tokenEndpoint());
    await expect(redirectToSignIn('/u/api')).rejects.toThrow('The server did not accept your sign-in');
    expect(assign).not.toHaveBeenCalled();
    await redirectToSignIn('/u/api', { force: true });
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
