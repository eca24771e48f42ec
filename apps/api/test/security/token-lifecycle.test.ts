// Finding 5 (issue 10): sign-out (end_session) and /oidc/token/revocation end the session, and the
// API refuses its access tokens: at once on the instance that handled it, and on every other
// instance once its short verification cache has let go (VERIFIED_TOKEN_TTL_MS). A token issued in
// the same second as a password change is refused too.
import { OAUTH_SCOPE } from '@portico/domain';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsersService } from '../../src/platform/auth/users.service.ts';
import {
  createTokenVerifier,
  localKeySet,
  SESSION_ENDED_MESSAGE,
  VERIFIED_TOKEN_TTL_MS,
} from '../../src/platform/auth/verifier.ts';
import { accountState } from '../../src/platform/db/core.schema.ts';
import { createGrants } from '../../src/platform/oidc/adapter.ts';
import { loadIdentitySecrets, publicJwks } from '../../src/platform/oidc/keys.ts';
import { createTestUser } from '../../src/platform/oidc/testing.ts';
import { buildServer, type Server } from '../../src/server.ts';
import { createTestApp, expectEnvelope, type TestApp, testConfig } from '../helpers.ts';
import { type CookieJar, localPath, signInWithPassword } from '../tokens.ts';

const SECURE_CALL = '/api/v1/secure/account-setup';
let t: TestApp;
let otherInstance: Server;

beforeAll(async () => {
  t = await createTestApp();
  // A second API instance on the same database, with its own verification cache.
  otherInstance = await buildServer({ config: testConfig(), database: t.database });
  await otherInstance.app.ready();
});
afterAll(async () => {
  await otherInstance.close();
  await t.close();
});

async function signedIn() {
  const user = await createTestUser(t.database);
  const session = await signInWithPassword(t.app, user.email, user.password ?? '', { config: t.config });
  return { user, ...session };
}

const call = (token: string, app = t.app) =>
  app.inject({ method: 'GET', url: SECURE_CALL, headers: { authorization: `Bearer ${token}` } });

/** The provider's end-session page and its confirmation, as the portal's sign-out runs them. */
async function signOut(cookies: CookieJar) {
  const postLogout = `${t.config.PUBLIC_URL}/?action=logout&status=signed-out`;
  const start = `/oidc/session/end?client_id=${t.config.OIDC_CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(postLogout)}`;
  const page = await t.app.inject({
    method: 'GET',
    url: start,
    headers: { cookie: cookies.header(start) ?? '' },
  });
  expect(page.statusCode).toBe(200);
  cookies.store(page);
  const action = localPath(
    /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page.body)?.[1] ?? '',
  );
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const confirmed = await t.app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.header(action) ?? '' },
    payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  expect(confirmed.statusCode).toBe(303);
}

function revoke(token: string, hint = 'access_token') {
  return t.app.inject({
    method: 'POST',
    url: '/oidc/token/revocation',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token,
      token_type_hint: hint,
      client_id: t.config.OIDC_CLIENT_ID,
    }).toString(),
  });
}

/** Whether the provider still has a session for these cookies (an authorization request needs no sign-in). */
async function providerSessionAlive(cookies: CookieJar): Promise<boolean> {
  const url = `/oidc/auth?${new URLSearchParams({
    client_id: t.config.OIDC_CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${t.config.PUBLIC_URL}/callback`,
    scope: `openid ${OAUTH_SCOPE}`,
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
    resource: t.config.OIDC_AUDIENCE,
  })}`;
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.header(url) ?? '' } });
  return !String(response.headers.location).includes('/interaction/');
}

describe('token lifecycle', () => {
  it('when the user signs out then their access token is refused at once, with a clear message', async () => {
    const { accessToken, cookies } = await signedIn();
    expectEnvelope(await call(accessToken), 200);
    await signOut(cookies);
    const refused = expectEnvelope(await call(accessToken), 401);
    expect(refused.message).toBe(SESSION_ENDED_MESSAGE);
    expect(await providerSessionAlive(cookies)).toBe(false);
  });

  it('when the access token is revoked at /oidc/token/revocation then it is refused and the session is over', async () => {
    const { accessToken, cookies } = await signedIn();
    expectEnvelope(await call(accessToken), 200);
    expect(await providerSessionAlive(cookies)).toBe(true);
    const response = await revoke(accessToken);
    expect(response.statusCode).toBe(200);
    expectEnvelope(await call(accessToken), 401);
    expect(await providerSessionAlive(cookies)).toBe(false);
  });

  it('when a token of one sign-in is revoked then other sign-ins of the same user keep working', async () => {
    const { user, accessToken } = await signedIn();
    const other = await signInWithPassword(t.app, user.email, user.password ?? '', { config: t.config });
    await revoke(accessToken);
    expectEnvelope(await call(accessToken), 401);
    expectEnvelope(await call(other.accessToken), 200);
  });

  it('when the revocation names a forged or unknown token then it answers 200 and revokes nothing', async () => {
    const { accessToken } = await signedIn();
    const [header, payload] = accessToken.split('.');
    for (const token of ['not-a-token', `${header}.${payload}.forged-signature`]) {
      expect((await revoke(token)).statusCode).toBe(200);
    }
    expectEnvelope(await call(accessToken), 200);
  });

  it('when another instance has the token in its cache then it refuses it once the cache lets go', async () => {
    // The check every other instance runs, with its clock under the test's control.
    let clock = Date.now();
    const verifier = createTokenVerifier({
      config: t.config,
      users: createUsersService({ db: t.database.db }),
      keys: localKeySet(publicJwks((await loadIdentitySecrets(t.database)).signingKeys)),
      grants: createGrants(t.database.db),
      now: () => clock,
    });
    const { accessToken, cookies } = await signedIn();
    await verifier.verify(accessToken);
    await signOut(cookies);
    // Remembered for a moment (decision 0006) ...
    await expect(verifier.verify(accessToken)).resolves.toBeTruthy();
    // ... and refused once that moment has passed.
    clock += VERIFIED_TOKEN_TTL_MS + 1;
    await expect(verifier.verify(accessToken)).rejects.toMatchObject({
      httpStatus: 401,
      message: SESSION_ENDED_MESSAGE,
    });
  });

  it('when another instance first sees a signed-out token then it refuses it', async () => {
    const { accessToken, cookies } = await signedIn();
    await signOut(cookies);
    expectEnvelope(await call(accessToken, otherInstance.app), 401);
  });

  it('when a token names no grant or an ended one then 401', async () => {
    const user = await createTestUser(t.database);
    expectEnvelope(await call(await t.tokenFor(user.userId, { gid: undefined })), 401);
    expectEnvelope(await call(await t.tokenFor(user.userId, { gid: 'no-such-grant' })), 401);
  });

  it('when the password changes in the same second a token was issued then that token is refused', async () => {
    const user = await createTestUser(t.database);
    const second = Math.floor(Date.now() / 1000);
    const sameSecond = await t.tokenFor(user.userId, { iat: second });
    const nextSecond = await t.tokenFor(user.userId, { iat: second + 1 });
    expectEnvelope(await call(sameSecond), 200);
    await t.database.db
      .insert(accountState)
      .values({ userId: user.userId, sessionsValidAfter: new Date(second * 1000 + 400) });
    // A fresh look (no cache): the verifier of another instance.
    expectEnvelope(await call(sameSecond, otherInstance.app), 401);
    expectEnvelope(await call(nextSecond, otherInstance.app), 200);
  });

  it('when a token says to the millisecond that it came after the change in the same second then it is accepted', async () => {
    const user = await createTestUser(t.database);
    const second = Math.floor(Date.now() / 1000);
    await t.database.db
      .insert(accountState)
      .values({ userId: user.userId, sessionsValidAfter: new Date(second * 1000 + 400) });
    const before = await t.tokenFor(user.userId, { iat: second, iat_ms: second * 1000 + 399 });
    const after = await t.tokenFor(user.userId, { iat: second, iat_ms: second * 1000 + 401 });
    expectEnvelope(await call(before, otherInstance.app), 401);
    expectEnvelope(await call(after, otherInstance.app), 200);
  });

  it('when the provider issues an access token then it names its grant and its issue time to the millisecond', async () => {
    const { accessToken } = await signedIn();
    const claims = decodeJwt(accessToken);
    expect(typeof claims.gid).toBe('string');
    expect(Math.floor(Number(claims.iat_ms) / 1000)).toBeGreaterThanOrEqual(Number(claims.iat));
  });
});
