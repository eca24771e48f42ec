import { STATE_MISSING_MESSAGE } from '@portico/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  buildAuthorizeUrl,
  buildEndSessionUrl,
  exchangeCode,
  isLogoutCallback,
  OAuthError,
  parseCallback,
  prepareAuthorization,
  readPkceSession,
} from './oidc';

const settings = {
  issuer: 'http://localhost:3000/oidc',
  clientId: 'portico-web',
  scope: 'openid user_info',
  resource: 'http://localhost:3000/api',
};

describe('the authorisation request', () => {
  it('asks for a code with PKCE, the fragment response mode, the scope and the resource', () => {
    const url = new URL(
      buildAuthorizeUrl(settings, {
        redirectUri: 'http://localhost:3000/callback',
        codeChallenge: 'ch',
        state: 'st',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/oidc/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'portico-web',
      response_type: 'code',
      response_mode: 'fragment',
      redirect_uri: 'http://localhost:3000/callback',
      scope: 'openid user_info',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      state: 'st',
      resource: 'http://localhost:3000/api',
    });
    expect(url.search).toContain('scope=openid%20user_info');
  });

  it('keeps the state and verifier in session storage', async () => {
    const url = new URL(await prepareAuthorization(settings, 'http://localhost:3000'));
    const stored = readPkceSession();
    expect(stored?.state).toBe(url.searchParams.get('state'));
    expect(stored?.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('the callback', () => {
  const stored = { state: 'st-1', verifier: 'v-1' };

  it("fails with 'Could not get state from storage.' when no sign-in was started here", () => {
    expect(() => parseCallback('#code=abc&state=st-1', null)).toThrow(STATE_MISSING_MESSAGE);
  });

  it('turns an OAuth error into an error made of error and error_description', () => {
    const error = (() => {
      try {
        parseCallback('#error=access_denied&error_description=The+user+cancelled&state=st-1', stored);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).message).toBe('access_denied: The user cancelled');
    expect((error as OAuthError).error).toBe('access_denied');
    expect((error as OAuthError).errorDescription).toBe('The user cancelled');
  });

  it('refuses a state that is not the stored one', () => {
    expect(() => parseCallback('#code=abc&state=other', stored)).toThrow(/does not belong/);
  });

  it('answers the code and the verifier', () => {
    expect(parseCallback('#code=abc&state=st-1', stored)).toEqual({
      code: 'abc',
      state: 'st-1',
      verifier: 'v-1',
    });
  });
});

describe('the token exchange', () => {
  it('posts the form of an authorization_code grant with the verifier and resource', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ access_token: 'jwt', expires_in: 3600, token_type: 'Bearer' })),
    );
    await expect(
      exchangeCode(
        settings,
        { code: 'abc', verifier: 'v-1', redirectUri: 'http://localhost:3000/callback' },
        fetchMock,
      ),
    ).resolves.toEqual({ access_token: 'jwt', expires_in: 3600 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost:3000/oidc/token');
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: 'authorization_code',
      code: 'abc',
      redirect_uri: 'http://localhost:3000/callback',
      client_id: 'portico-web',
      code_verifier: 'v-1',
      resource: 'http://localhost:3000/api',
    });
  });

  it('reports the provider error of a refused exchange', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({ error: 'invalid_grant', error_description: 'grant request is invalid' }),
          {
            status: 400,
          },
        ),
    );
    await expect(
      exchangeCode(settings, { code: 'abc', verifier: 'v', redirectUri: 'r' }, fetchMock),
    ).rejects.toThrow('invalid_grant: grant request is invalid');
  });
});

describe('sign-out', () => {
  it('goes to the end-session URL, which comes back to the logout callback', () => {
    expect(buildEndSessionUrl(settings, 'http://localhost:3000')).toBe(
      'http://localhost:3000/oidc/session/end?client_id=portico-web&post_logout_redirect_uri=' +
        encodeURIComponent('http://localhost:3000/?action=logout&status=signed-out'),
    );
  });

  it('recognises the logout callback: action=logout with a status', () => {
    expect(isLogoutCallback('?action=logout&status=signed-out')).toBe(true);
    expect(isLogoutCallback('?action=logout')).toBe(false);
    expect(isLogoutCallback('?status=x')).toBe(false);
  });
});
