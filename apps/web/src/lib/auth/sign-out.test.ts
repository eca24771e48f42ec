import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { appConfigQueryOptions } from '@/lib/config/app-config';
import { queryClient } from '@/lib/query-client';
import { APP_CONFIG } from '@/test/fixtures';
import { redirectToSignIn, signOut } from './session';
import { readToken, storeToken } from './token';

// Sign-out leaves the page for good, so its module state is tested in a file of its own.
beforeEach(() => {
  queryClient.setQueryData(appConfigQueryOptions.queryKey, APP_CONFIG);
});
afterEach(() => {
  queryClient.clear();
});

describe('sign-out', () => {
  it('sign-out clears the token and goes to the end-session URL', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    storeToken({ access_token: 'jwt', expiresAt: Date.now() + 60_000 });
    await signOut();
    expect(readToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith(
      `http://localhost:3000/oidc/session/end?client_id=portico-web&post_logout_redirect_uri=${encodeURIComponent(
        `${window.location.origin}/?action=logout&status=signed-out`,
      )}`,
    );
  });
});

describe('sign-out racing the guards', () => {
  it('once sign-out has begun, no sign-in replaces the end-session navigation', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    storeToken({ access_token: 'jwt', expiresAt: Date.now() + 60_000 });
    await signOut();
    let settled = false;
    void redirectToSignIn('/u/dashboard').then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(String(assign.mock.calls[0]?.[0])).toContain('/oidc/session/end?');
  });
});
