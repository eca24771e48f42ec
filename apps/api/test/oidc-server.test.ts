import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/auth/password.ts';
import { createTestApp, expectEnvelope, type TestApp } from './helpers.ts';
import { CookieJar, localPath, portalClient, signInWithPassword } from './tokens.ts';

// The identity plugin inside the real server (helmet, XSRF, rate limit, error envelope around it).
let t: TestApp;
const password = 'Portico!Demo2026';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in through the real server', () => {
  it('when a role account signs in through the page then its token opens the secure prefix', async () => {
    const { user } = await t.factories.account('SUPER_ADMIN_PORTICO', {
      user: { passwordHash: await hashPassword(password) },
    });
    const { accessToken, expiresIn } = await signInWithPassword(t.app, user.email, password);
    expect(expiresIn).toBe(3600);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/secure/partner-details',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expectEnvelope(response, 200);
  });

  it('when a pending_setup account signs in then it may continue its first-time flow', async () => {
    const { user } = await t.factories.account(null, {
      user: { passwordHash: await hashPassword(password), status: 'pending_setup' },
    });
    const { accessToken } = await signInWithPassword(t.app, user.email, password);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/secure/partner-details',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.statusCode).not.toBe(401);
  });

  it('when a disabled account tries then it is refused with a clear message', async () => {
    const { user } = await t.factories.account(null, {
      user: { passwordHash: await hashPassword(password), status: 'disabled' },
    });
    await expect(signInWithPassword(t.app, user.email, password)).rejects.toMatchObject({
      httpStatus: 403,
      message: 'This account is not active. Contact your administrator.',
    });
    const token = await t.tokenFor(user.userId);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/secure/partner-details',
      headers: { authorization: `Bearer ${token}` },
    });
    expectEnvelope(response, 401);
  });

  it('when the sign-in page is served then it carries its own CSP, which lets the form land on the portal', async () => {
    const client = portalClient(t.config);
    const jar = new CookieJar();
    const authorize = await t.app.inject({
      url: `/oidc/auth?${new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        redirect_uri: client.redirectUri,
        scope: 'openid user_info',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
    });
    jar.store(authorize);
    const path = localPath(String(authorize.headers.location));
    const page = await t.app.inject({ url: path, headers: { cookie: jar.header(path) ?? '' } });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self';");
    expect(csp).toMatch(/form-action 'self' http:\/\/localhost:3000 http:\/\/localhost:5173/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    // The form POST is not subject to the API's XSRF pair (the interaction cookie protects it).
    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(path) ?? '' },
      payload: 'email=nobody%40portico.test&password=x',
    });
    expect(post.statusCode).toBe(401);
    expect(post.headers['content-type']).toContain('text/html');
    expect(post.body).toContain('The email or password you entered is incorrect.');
  });
});
