import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/platform/db/core.schema.ts';
import { SIGN_IN_MESSAGES, SIGN_IN_THROTTLE } from '../src/platform/oidc/sign-in.service.ts';
import { createIdentityTestApp, createTestUser, type IdentityTestApp } from '../src/platform/oidc/testing.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { CookieJar, localPath, portalClient } from './tokens.ts';

let testDatabase: TestDatabase;
let test: IdentityTestApp;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  test = await createIdentityTestApp({ database: testDatabase.database });
});
afterAll(async () => {
  await test.close();
  await testDatabase.close();
});

/** Starts the portal's authorization request and lands on our sign-in page, as a browser would. */
async function openSignIn() {
  const client = portalClient(test.config);
  const jar = new CookieJar();
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    response_mode: 'fragment',
    redirect_uri: client.redirectUri,
    scope: 'openid user_info',
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
    state: 'xyz',
    resource: client.audience,
  });
  const authorize = await test.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
  jar.store(authorize);
  expect(authorize.statusCode).toBe(303);
  const formPath = localPath(String(authorize.headers.location));
  const page = await test.app.inject({
    method: 'GET',
    url: formPath,
    headers: { cookie: jar.header(formPath) ?? '' },
  });
  return {
    formPath,
    jar,
    page,
    post: (
      email: string,
      password: string,
      opts: { remoteAddress?: string; origin?: string; path?: string; cookies?: boolean } = {},
    ) => {
      const path = opts.path ?? formPath;
      const cookie = opts.cookies === false ? undefined : jar.header(path);
      return test.app.inject({
        method: 'POST',
        url: path,
        remoteAddress: opts.remoteAddress ?? '127.0.0.1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
          ...(opts.origin ? { origin: opts.origin } : {}),
        },
        payload: new URLSearchParams({ email, password }).toString(),
      });
    },
  };
}

/** Keeps every pair's running delay going for a minute from now. */
const holdWaits = () =>
  test.database.sql.query("UPDATE rate_limit_counters SET reset_at = $1 WHERE key LIKE 'sign-in:wait:%'", [
    Date.now() + 60_000,
  ]);
/** Lets every pair's delay run out, as time passing would. */
const endWaits = () =>
  test.database.sql.query("UPDATE rate_limit_counters SET reset_at = 0 WHERE key LIKE 'sign-in:wait:%'");

const ip = () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const alertText = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1]?.replace(/&#39;/g, "'");

describe('sign-in page', () => {
  it('when the portal sends the user to /oidc/auth then our page asks for Email and Password', async () => {
    const { page, formPath } = await openSignIn();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    // no-referrer would make browsers send `Origin: null` with the form, which the POST refuses.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const html = page.body;
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<button class="button" type="submit">Sign in<\/button>/);
    expect(html).toContain('href="http://localhost:3000/sign-up">Create an account</a>');
    expect(html).toContain(`action="${formPath}"`);
    expect(html).toContain('Portico');
    expect(html).toContain('<link rel="stylesheet" href="/oidc/assets/signin.css">');
    // Nothing the CSP (script-src 'self', style-src 'self') would block.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('when the brand name is configured then the page shows it', async () => {
    const branded = await createIdentityTestApp({
      database: test.database,
      env: { BRAND_NAME: 'Acme <Msg>' },
    });
    try {
      const client = portalClient(branded.config);
      const query = new URLSearchParams({
        client_id: client.clientId,
        response_type: 'code',
        redirect_uri: client.redirectUri,
        scope: 'openid user_info',
        code_challenge: randomBytes(32).toString('base64url'),
        code_challenge_method: 'S256',
      });
      const jar = new CookieJar();
      const authorize = await branded.app.inject({ url: `/oidc/auth?${query}` });
      jar.store(authorize);
      const path = localPath(String(authorize.headers.location));
      const page = await branded.app.inject({ url: path, headers: { cookie: jar.header(path) ?? '' } });
      expect(page.body).toContain('Acme &lt;Msg&gt;');
      expect(page.body).not.toContain('Acme <Msg>');
    } finally {
      await branded.close();
    }
  });

  it('when the password is wrong then the page says so, keeps the email and sets no session', async () => {
    const user = await createTestUser(test.database, { email: 'wrong-pass@portico.test' });
    const signIn = await openSignIn();
    const response = await signIn.post('Wrong-Pass@portico.test', 'not the password', {
      remoteAddress: ip(),
    });
    expect(response.statusCode).toBe(401);
    expect(alertText(response.body)).toBe(SIGN_IN_MESSAGES.invalid);
    expect(response.body).toContain('value="Wrong-Pass@portico.test"');
    expect(response.body).not.toContain('not the password');
    expect(response.body).toContain('aria-invalid="true"');
    expect(response.cookies.map((c) => c.name)).not.toContain('_session');
    const [row] = await test.database.db.select().from(users).where(eq(users.userId, user.userId));
    expect(row?.lastSignInAt).toBeNull();
    // A security record names the email tried and the address, never the password.
    const audit = await test.database.sql.query<{ action: string; ip: string; detail: unknown }>(
      "SELECT action, ip, detail FROM audit_log WHERE subject_email = 'wrong-pass@portico.test'",
    );
    expect(audit.rows).toEqual([
      { action: 'sign-in.failed', ip: expect.any(String), detail: { outcome: 'invalid' } },
    ]);
  });

  it('when the email is unknown then the same message (no account enumeration)', async () => {
    const signIn = await openSignIn();
    const response = await signIn.post('nobody@portico.test', 'whatever', { remoteAddress: ip() });
    expect(response.statusCode).toBe(401);
    expect(alertText(response.body)).toBe(SIGN_IN_MESSAGES.invalid);
    expect(response.body).toContain('value="nobody@portico.test"');
  });

  it('when fields are empty then it asks for both', async () => {
    const signIn = await openSignIn();
    const response = await signIn.post('', '', { remoteAddress: ip() });
    expect(response.statusCode).toBe(400);
    expect(alertText(response.body)).toBe(SIGN_IN_MESSAGES.missing);
  });

  it('when the typed email carries markup then it is escaped', async () => {
    const signIn = await openSignIn();
    const response = await signIn.post('"><script>alert(1)</script>', 'x', { remoteAddress: ip() });
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('when the account is invited and has no password then it cannot sign in and is told why', async () => {
    await createTestUser(test.database, { email: 'invited@portico.test', status: 'invited', password: null });
    const signIn = await openSignIn();
    const response = await signIn.post('invited@portico.test', 'anything', { remoteAddress: ip() });
    expect(response.statusCode).toBe(403);
    expect(alertText(response.body)).toBe(SIGN_IN_MESSAGES.notActivated);
  });

  it('when the credentials are right then it continues the flow and records the sign-in', async () => {
    const user = await createTestUser(test.database, { email: 'right@portico.test' });
    const signIn = await openSignIn();
    const response = await signIn.post('  RIGHT@portico.test ', user.password ?? '', { remoteAddress: ip() });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\/[\w-]+$/);
    const [row] = await test.database.db.select().from(users).where(eq(users.userId, user.userId));
    expect(row?.lastSignInAt).toBeInstanceOf(Date);
    const audit = await test.database.sql.query<{ action: string; actor_user_id: string }>(
      "SELECT action, actor_user_id FROM audit_log WHERE action = 'sign-in' AND actor_user_id = $1",
      [user.userId],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('when one address keeps failing for an account then its next attempt waits, the right password included', async () => {
    const user = await createTestUser(test.database, { email: 'throttled@portico.test' });
    const signIn = await openSignIn();
    const address = ip();
    // The free attempts, then one more that starts the first delay.
    for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.freeAttemptsPerPair + 1; attempt += 1) {
      const response = await signIn.post(user.email, `wrong ${attempt}`, { remoteAddress: address });
      expect(response.statusCode).toBe(401);
    }
    // While the delay runs (held here, so the test does not race the clock) even the right password waits.
    await holdWaits();
    const refused = await signIn.post(user.email, user.password ?? '', { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(alertText(refused.body)).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.body).toContain(`value="${user.email}"`);
    // Once the delay has passed, the right password goes through.
    await endWaits();
    expect((await signIn.post(user.email, user.password ?? '', { remoteAddress: address })).statusCode).toBe(
      303,
    );
  });

  it('when a stranger fails many times from another address then the user still signs in from theirs', async () => {
    const user = await createTestUser(test.database, { email: 'targeted@portico.test' });
    const stranger = ip();
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await (await openSignIn()).post(user.email, `guess ${attempt}`, {
        remoteAddress: stranger,
      });
      expect([401, 429]).toContain(response.statusCode);
    }
    const own = await (await openSignIn()).post(user.email, user.password ?? '', { remoteAddress: ip() });
    expect(own.statusCode).toBe(303);
  });

  it('when a sign-in succeeds then the pair starts afresh', async () => {
    const user = await createTestUser(test.database, { email: 'reset@portico.test' });
    const address = ip();
    const attempt = async (password: string) =>
      (await (await openSignIn()).post(user.email, password, { remoteAddress: address })).statusCode;
    for (let n = 1; n <= SIGN_IN_THROTTLE.freeAttemptsPerPair - 1; n += 1)
      expect(await attempt('wrong')).toBe(401);
    expect(await attempt(user.password ?? '')).toBe(303);
    for (let n = 1; n <= SIGN_IN_THROTTLE.freeAttemptsPerPair + 1; n += 1)
      expect(await attempt('wrong')).toBe(401);
    expect(await attempt('wrong')).toBe(429);
  });

  it('when one address fails against many accounts then it may only try the accounts it has signed in to', async () => {
    const address = ip();
    const known = await createTestUser(test.database, { email: 'known-here@portico.test' });
    const signIn = await openSignIn();
    expect(
      (await signIn.post(known.email, known.password ?? '', { remoteAddress: address })).statusCode,
    ).toBe(303);
    const spray = await openSignIn();
    for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.failuresPerAddress; attempt += 1) {
      const response = await spray.post(`spray-${attempt}@portico.test`, 'guess', { remoteAddress: address });
      expect(response.statusCode).toBe(401);
    }
    const refused = await spray.post('spray-next@portico.test', 'guess', { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(alertText(refused.body)).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    // Another address is not affected; the account this address knows still signs in from it.
    expect((await spray.post('spray-next@portico.test', 'guess', { remoteAddress: ip() })).statusCode).toBe(
      401,
    );
    const again = await (await openSignIn()).post(known.email, known.password ?? '', {
      remoteAddress: address,
    });
    expect(again.statusCode).toBe(303);
  });

  it('when the interaction cookie is missing then the POST is refused and nothing is checked', async () => {
    const user = await createTestUser(test.database, { email: 'no-cookie@portico.test' });
    const signIn = await openSignIn();
    const response = await signIn.post(user.email, user.password ?? '', {
      cookies: false,
      remoteAddress: ip(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Your sign-in has expired');
  });

  it('when the uid in the URL is not the interaction of the cookie then it is refused', async () => {
    const user = await createTestUser(test.database, { email: 'mismatch@portico.test' });
    const first = await openSignIn();
    const second = await openSignIn();
    // The first interaction's cookies, sent to the second interaction's URL.
    const cookie = first.jar.header(first.formPath) ?? '';
    const response = await test.app.inject({
      method: 'POST',
      url: second.formPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ email: user.email, password: user.password ?? '' }).toString(),
    });
    expect(response.statusCode).toBe(400);
    const page = await test.app.inject({ url: second.formPath, headers: { cookie } });
    expect(page.statusCode).toBe(400);
  });

  it('when the form is posted from another site then it is refused', async () => {
    const user = await createTestUser(test.database, { email: 'cross-site@portico.test' });
    const signIn = await openSignIn();
    const response = await signIn.post(user.email, user.password ?? '', {
      origin: 'https://evil.example',
      remoteAddress: ip(),
    });
    expect(response.statusCode).toBe(403);
    const sameSite = await signIn.post(user.email, user.password ?? '', {
      origin: 'http://localhost:3000',
      remoteAddress: ip(),
    });
    expect(sameSite.statusCode).toBe(303);
  });

  it('when the body is JSON instead of a form then 415', async () => {
    const signIn = await openSignIn();
    const response = await test.app.inject({
      method: 'POST',
      url: signIn.formPath,
      headers: { 'content-type': 'application/json', cookie: signIn.jar.header(signIn.formPath) ?? '' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x' }),
    });
    expect(response.statusCode).toBe(415);
  });

  it('when the interaction is unknown then a clear expired page', async () => {
    const response = await test.app.inject({ url: '/oidc/interaction/does-not-exist' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Your sign-in has expired');
  });
});

describe('sign-in assets', () => {
  it('when the stylesheet and fonts are requested then they are served locally', async () => {
    const css = await test.app.inject({ url: '/oidc/assets/signin.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('#5956d6');
    expect(css.body).not.toMatch(/https?:\/\//);
    for (const weight of [400, 500, 600]) {
      const url = `/oidc/assets/fonts/poppins-latin-${weight}-normal.woff2`;
      expect(css.body).toContain(`fonts/poppins-latin-${weight}-normal.woff2`);
      const font = await test.app.inject({ url });
      expect(font.statusCode).toBe(200);
      expect(font.headers['content-type']).toBe('font/woff2');
      expect(font.rawPayload.subarray(0, 4).toString()).toBe('wOF2');
    }
    const etag = String(css.headers.etag);
    const again = await test.app.inject({
      url: '/oidc/assets/signin.css',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('when an unknown or traversal asset is requested then 404', async () => {
    for (const url of ['/oidc/assets/nope.css', '/oidc/assets/../index.ts', '/oidc/assets/%2e%2e/keys.ts']) {
      expect((await test.app.inject({ url })).statusCode).toBe(404);
    }
  });
});
