import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createUsersService } from '../src/platform/auth/users.service.ts';
import { createTokenVerifier, discoveredKeySet } from '../src/platform/auth/verifier.ts';
import { webClientMetadata } from '../src/platform/oidc/client.ts';
import { createIdentityTestApp, createTestUser, type IdentityTestApp } from '../src/platform/oidc/testing.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { CookieJar, localPath, portalClient, signInWithPassword } from './tokens.ts';

/** The identity plugin alone on a fresh test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
async function identityApp(env: Record<string, string> = {}, shared?: TestDatabase) {
  const testDatabase = shared ?? (await openTestDatabase());
  const test = await createIdentityTestApp({ env, database: testDatabase.database });
  return {
    ...test,
    close: async () => {
      await test.close();
      if (!shared) await testDatabase.close();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** A cookie-keeping browser over real HTTP that does not follow redirects by itself. */
function browser() {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async go(url: string | URL, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
        if (!value || expired) cookies.delete(name.trim());
        else cookies.set(name.trim(), value);
      }
      return response;
    },
  };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('the portal signs in with openid-client over HTTP (code + PKCE, fragment, resource)', () => {
  let test: IdentityTestApp;
  let client: oidc.Configuration;
  let user: Awaited<ReturnType<typeof createTestUser>>;
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    test = await identityApp({ PUBLIC_URL: publicUrl, PORT: String(port) });
    await test.app.listen({ port, host: '127.0.0.1' });
    user = await createTestUser(test.database, { email: 'flow@portico.test' });
    client = await oidc.discovery(
      new URL(test.config.OIDC_ISSUER),
      test.config.OIDC_CLIENT_ID,
      undefined,
      oidc.None(),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
  });
  afterAll(() => test.close());

  async function signIn(b: ReturnType<typeof browser>) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const redirectUri = `${publicUrl}/callback`;
    const authorizationUrl = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri,
      scope: 'openid user_info',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      response_mode: 'fragment',
      state,
      resource: test.config.OIDC_AUDIENCE,
    });
    const toInteraction = await b.go(authorizationUrl);
    expect(toInteraction.status).toBe(303);
    const interactionUrl = new URL(toInteraction.headers.get('location') ?? '', publicUrl);
    const page = await b.go(interactionUrl);
    expect(page.status).toBe(200);
    const action = /<form class="form" method="post" action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const posted = await b.go(
      new URL(action, publicUrl),
      form({ email: user.email, password: user.password ?? '' }),
    );
    expect(posted.status).toBe(303);
    const resumed = await b.go(new URL(posted.headers.get('location') ?? '', publicUrl));
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.search).toBe('');
    // The SPA reads the result from the hash (response_mode=fragment).
    const asQuery = new URL(redirectUri);
    asQuery.search = callback.hash.slice(1);
    return oidc.authorizationCodeGrant(
      client,
      asQuery,
      { pkceCodeVerifier: verifier, expectedState: state, idTokenExpected: true },
      { resource: test.config.OIDC_AUDIENCE },
    );
  }

  it('when the flow completes then the access token is a JWT for the API with scope user_info for 3600 s', async () => {
    const tokens = await signIn(browser());
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: test.config.OIDC_ISSUER,
      aud: test.config.OIDC_AUDIENCE,
      sub: user.userId,
      email: user.email,
      scope: 'user_info',
      client_id: 'portico-web',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(Math.abs((claims.exp ?? 0) - (Date.now() / 1000 + 3600))).toBeLessThan(30);
    expect(tokens.claims()?.sub).toBe(user.userId);
    expect(tokens.refresh_token).toBeUndefined();

    await expect(test.identity.verifier.verify(tokens.access_token)).resolves.toMatchObject({
      userId: user.userId,
      email: user.email,
    });
  });

  it('when the verifier discovers the JWKS over HTTP (external provider mode) then it accepts the token', async () => {
    const tokens = await signIn(browser());
    const verifier = createTokenVerifier({
      config: test.config,
      users: createUsersService({ db: test.database.db }),
      keys: discoveredKeySet(test.config.OIDC_ISSUER),
    });
    await expect(verifier.verify(tokens.access_token)).resolves.toMatchObject({ userId: user.userId });
  });

  it('when the JWKS is fetched then it holds only public key material', async () => {
    const jwks = (await (await fetch(`${test.config.OIDC_ISSUER}/jwks`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    }
  });

  it('when the portal signs out then the session ends and the browser lands on the logout callback', async () => {
    const b = browser();
    await signIn(b);
    expect(b.cookies.has('_session')).toBe(true);

    const endSession = oidc.buildEndSessionUrl(client, {
      post_logout_redirect_uri: `${publicUrl}/?action=logout&status=signed-out`,
    });
    expect(endSession.searchParams.get('client_id')).toBe('portico-web');
    const confirmPage = await b.go(endSession);
    expect(confirmPage.status).toBe(200);
    const html = await confirmPage.text();
    expect(html).toContain('<script src="/oidc/assets/sign-out.js" defer></script>');
    expect(html).toMatch(
      /<button class="button" type="submit" form="op.logoutForm" id="sign-out">Sign out<\/button>/,
    );
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=/i);
    expect(confirmPage.headers.get('content-security-policy')).toContain("script-src 'self'");
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(html).toContain('name="logout" value="yes"');

    const script = await b.go(`${publicUrl}/oidc/assets/sign-out.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain("getElementById('op.logoutForm')");

    const confirmed = await b.go(new URL(action, publicUrl), form({ xsrf, logout: 'yes' }));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${publicUrl}/?action=logout&status=signed-out`);
    expect(b.cookies.has('_session')).toBe(false);
    // The sign-out is a security record naming the account.
    const audit = await test.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'sign-out' AND actor_user_id = $1 AND actor_email = $2 AND subject_email = $2",
      [user.userId, user.email],
    );
    expect(audit.rows[0]?.n).toBe(1);

    // Signing in again needs the password again.
    const again = await b.go(
      oidc.buildAuthorizationUrl(client, {
        redirect_uri: `${publicUrl}/callback`,
        scope: 'openid user_info',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      }),
    );
    expect(again.headers.get('location')).toContain('/oidc/interaction/');
  });

  it('when end-session has no session then the auto-submit is allowed by the CSP and still lands on the callback', async () => {
    const b = browser();
    const page = await b.go(
      oidc.buildEndSessionUrl(client, {
        post_logout_redirect_uri: `${publicUrl}/?action=logout&status=signed-out`,
        state: 'st',
      }),
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const sha = createHash('sha256').update(inline).digest('base64');
    expect(page.headers.get('content-security-policy')).toContain(`'sha256-${sha}'`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await b.go(new URL(action, publicUrl), form({ xsrf, logout: 'yes' }));
    expect(confirmed.headers.get('location')).toBe(`${publicUrl}/?action=logout&status=signed-out&state=st`);
  });

  it('when the post-logout URI is not registered then a styled error page and no redirect', async () => {
    const response = await fetch(
      `${test.config.OIDC_ISSUER}/session/end?client_id=portico-web&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      { redirect: 'manual', headers: { accept: 'text/html' } },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Sign-in could not continue');
    expect(html).toContain('post_logout_redirect_uri not registered');
    expect(html).not.toMatch(/<style|\sstyle=|<script/i);
  });
});

describe('authorization requests the provider refuses', () => {
  let test: IdentityTestApp;
  let user: Awaited<ReturnType<typeof createTestUser>>;
  const base = () => {
    const client = portalClient(test.config);
    return {
      client_id: client.clientId,
      response_type: 'code',
      response_mode: 'fragment',
      redirect_uri: client.redirectUri,
      scope: 'openid user_info',
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's',
      resource: client.audience,
    };
  };

  beforeAll(async () => {
    test = await identityApp();
    user = await createTestUser(test.database, { email: 'refusals@portico.test' });
  });
  afterAll(() => test.close());

  const authorize = (params: Record<string, string>) =>
    test.app.inject({ url: `/oidc/auth?${new URLSearchParams(params)}` });

  it('when PKCE is missing or plain then the portal gets an error, not a code', async () => {
    const { code_challenge: _c, code_challenge_method: _m, ...withoutPkce } = base();
    for (const params of [
      withoutPkce,
      { ...base(), code_challenge_method: 'plain', code_challenge: 'v'.repeat(43) },
    ]) {
      const response = await authorize(params);
      expect(response.statusCode).toBe(303);
      const hash = new URLSearchParams(new URL(String(response.headers.location)).hash.slice(1));
      expect(hash.get('error')).toBe('invalid_request');
      expect(hash.get('code')).toBeNull();
    }
  });

  it('when the redirect URI is not registered then an error page, never a redirect', async () => {
    const response = await authorize({ ...base(), redirect_uri: 'https://evil.example/callback' });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('Sign-in could not continue');
  });

  it('when the client or the resource is unknown then it is refused', async () => {
    expect((await authorize({ ...base(), client_id: 'someone-else' })).statusCode).toBe(400);
    const wrongResource = await authorize({ ...base(), resource: 'https://elsewhere.example/api' });
    expect(new URL(String(wrongResource.headers.location)).hash).toContain('error=invalid_target');
  });

  it('when the Host header is forged then the provider still names only the issuer', async () => {
    const response = await test.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(response.body).not.toContain('evil.example');
    expect(response.json().authorization_endpoint).toBe(`${test.config.OIDC_ISSUER}/auth`);
  });

  it('when the code is exchanged without resource, twice, or with the wrong verifier then only the first right one works', async () => {
    const jar = new CookieJar();
    await signInWithPassword(test.app, user.email, user.password ?? '', { cookies: jar });
    // The provider session now exists: a new authorization goes straight back with a code (SSO).
    const verifier = randomBytes(32).toString('base64url');
    const params = { ...base(), code_challenge: createHash('sha256').update(verifier).digest('base64url') };
    const path = `/oidc/auth?${new URLSearchParams(params)}`;
    const response = await test.app.inject({ url: path, headers: { cookie: jar.header(path) ?? '' } });
    const code =
      new URLSearchParams(new URL(String(response.headers.location)).hash.slice(1)).get('code') ?? '';
    expect(code).not.toBe('');

    const exchange = (codeVerifier: string) =>
      test.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:5173' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: params.redirect_uri,
          client_id: params.client_id,
          code_verifier: codeVerifier,
        }).toString(),
      });
    const wrong = await exchange(randomBytes(32).toString('base64url'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');

    const right = await exchange(verifier);
    expect(right.statusCode).toBe(200);
    // The dev portal (Vite on :5173) may call the token endpoint cross-origin.
    expect(right.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const token = right.json().access_token as string;
    expect(decodeJwt(token)).toMatchObject({ aud: test.config.OIDC_AUDIENCE, scope: 'user_info' });

    const reused = await exchange(verifier);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });

  it('when another site calls the token endpoint then CORS does not let it read the answer', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'grant_type=authorization_code&code=x&client_id=portico-web&redirect_uri=x&code_verifier=x',
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('several API instances share one database', () => {
  it('when an interaction starts on one instance then another can finish it and verify the token', async () => {
    const shared = await openTestDatabase();
    const first = await identityApp({}, shared);
    const second = await identityApp({}, shared);
    try {
      const user = await createTestUser(first.database, { email: 'instances@portico.test' });
      const client = portalClient(first.config);
      const jar = new CookieJar();
      const verifier = randomBytes(32).toString('base64url');
      const authorize = `/oidc/auth?${new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        redirect_uri: client.redirectUri,
        scope: 'openid user_info',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      })}`;
      const step1 = await first.app.inject({ url: authorize });
      jar.store(step1);
      const interaction = localPath(String(step1.headers.location));
      const step2 = await second.app.inject({
        method: 'POST',
        url: interaction,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: jar.header(interaction) ?? '',
        },
        payload: new URLSearchParams({ email: user.email, password: user.password ?? '' }).toString(),
      });
      expect(step2.statusCode).toBe(303);
      const resume = localPath(String(step2.headers.location));
      const step3 = await first.app.inject({ url: resume, headers: { cookie: jar.header(resume) ?? '' } });
      const code = new URL(String(step3.headers.location)).searchParams.get('code') ?? '';
      const token = await second.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: client.redirectUri,
          client_id: client.clientId,
          code_verifier: verifier,
        }).toString(),
      });
      expect(token.statusCode).toBe(200);
      await expect(first.identity.verifier.verify(token.json().access_token)).resolves.toMatchObject({
        userId: user.userId,
      });
    } finally {
      await second.close();
      await first.close();
      await shared.close();
    }
  });
});

describe('registered client', () => {
  it('when in production then only PUBLIC_URL is registered (no Vite dev origin)', () => {
    const production = webClientMetadata(
      loadConfig({ SANDBOX: '1', NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' }),
    );
    expect(production.redirect_uris).toEqual(['https://portal.example/callback']);
    expect(production.post_logout_redirect_uris).toEqual([
      'https://portal.example/?action=logout&status=signed-out',
    ]);
    const development = webClientMetadata(loadConfig({ SANDBOX: '1', NODE_ENV: 'development' }));
    expect(development.redirect_uris).toEqual([
      'http://localhost:3000/callback',
      'http://localhost:5173/callback',
    ]);
    expect(development).toMatchObject({
      client_id: 'portico-web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    });
  });
});
