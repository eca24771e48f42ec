import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_SCOPE, ROLES, TWO_FACTOR } from '@portico/domain';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/platform/auth/secret-box.ts';
import { userTwoFactor } from '../src/platform/auth/two-factor.schema.ts';
import { createTwoFactor } from '../src/platform/auth/two-factor.service.ts';
import { accountState } from '../src/platform/db/core.schema.ts';
import { SECOND_FACTOR_MESSAGES, SIGN_IN_MESSAGES } from '../src/platform/oidc/sign-in.service.ts';
import { createIdentityTestApp, createTestUser, type IdentityTestApp } from '../src/platform/oidc/testing.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';
import { CookieJar, localPath, portalClient } from './tokens.ts';

let testDatabase: TestDatabase;
let test: IdentityTestApp;
let twoFactor: ReturnType<typeof createTwoFactor>;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  test = await createIdentityTestApp({ database: testDatabase.database });
  twoFactor = createTwoFactor({
    db: test.database.db,
    box: createSecretBox(test.database, test.config.TWO_FACTOR_KEY),
    brandName: test.config.BRAND_NAME,
  });
});
afterAll(async () => {
  await test.close();
  await testDatabase.close();
});

const PERIOD_MS = TWO_FACTOR.periodSeconds * 1000;
/** The app's code a period from now: accepted (one period either side), and newer than any code used now. */
const nextCode = (key: string) =>
  generate({ secret: key, epoch: Math.floor((Date.now() + PERIOD_MS) / 1000) });
const currentCode = (key: string) => generate({ secret: key });
const ip = () => `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const alertText = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1]?.replace(/&#39;/g, "'");
const pendingOf = (html: string) => /name="pending" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** A user with two-factor sign-in on; its authenticator key (as the app holds it). */
async function userWithTwoFactor(role: string | null = null) {
  const user = await createTestUser(test.database, { role });
  const setup = await twoFactor.beginSetup({ userId: user.userId, email: user.email });
  const key = setup.manualKey.replace(/ /g, '');
  const confirmed = await twoFactor.confirmSetup(user.userId, await currentCode(key));
  if (!confirmed) throw new Error('the set-up did not confirm');
  return { ...user, key, recoveryCodes: confirmed.recoveryCodes };
}

/** The portal's authorization request, as a browser: our sign-in page with its cookies. */
async function openSignIn() {
  const client = portalClient(test.config);
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    response_mode: 'fragment',
    redirect_uri: client.redirectUri,
    scope: `openid ${OAUTH_SCOPE}`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'xyz',
    resource: client.audience,
  });
  const authorize = await test.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
  jar.store(authorize);
  const formPath = localPath(String(authorize.headers.location));
  const page = await test.app.inject({ url: formPath, headers: { cookie: jar.header(formPath) ?? '' } });
  const address = ip();
  const post = async (path: string, fields: Record<string, string>, remoteAddress = address) => {
    const response = await test.app.inject({
      method: 'POST',
      url: path,
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: jar.header(path) ?? '',
      },
      payload: new URLSearchParams(fields).toString(),
    });
    jar.store(response);
    return response;
  };
  return {
    page,
    formPath,
    password: (email: string, password: string) => post(formPath, { email, password }),
    secondFactor: (pending: string, code: string) => post(`${formPath}/second-factor`, { pending, code }),
    enrol: (pending: string, code: string) => post(`${formPath}/enrol`, { pending, code }),
    /** Follows the provider's resume URL to the portal's callback; the code in its hash. */
    resume: async (location: string) => {
      const path = localPath(location);
      const response = await test.app.inject({ url: path, headers: { cookie: jar.header(path) ?? '' } });
      jar.store(response);
      return String(response.headers.location ?? '');
    },
  };
}

const sessionsOf = async (userId: string) => {
  const { rows } = await test.database.sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_log WHERE action = 'sign-in' AND actor_user_id = $1",
    [userId],
  );
  return rows[0]?.n ?? 0;
};

describe('sign-in page', () => {
  it('when the sign-in page is shown then it links "Forgot password?" to the portal', async () => {
    const { page } = await openSignIn();
    expect(page.body).toContain('href="http://localhost:3000/forgot-password">Forgot password?</a>');
  });
});

describe('sign-in with two-factor sign-in on', () => {
  it('when the password is right then a code is asked, and nothing is recorded as signed in yet', async () => {
    const user = await userWithTwoFactor();
    const signIn = await openSignIn();
    const response = await signIn.password(user.email, user.password ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Enter your code</h1>');
    expect(response.body).toContain(`action="${signIn.formPath}/second-factor"`);
    expect(response.body).toContain('autocomplete="one-time-code"');
    expect(pendingOf(response.body)).not.toBe('');
    // Nothing the CSP would block, and never the key.
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)|\sstyle=/);
    expect(response.body).not.toContain(user.key);
    expect(await sessionsOf(user.userId)).toBe(0);
  });

  it('when the code is wrong then the page says so; the right code then completes the sign-in', async () => {
    const user = await userWithTwoFactor();
    const signIn = await openSignIn();
    const pending = pendingOf((await signIn.password(user.email, user.password ?? '')).body);
    const wrong = await signIn.secondFactor(
      pending,
      '000000' === (await nextCode(user.key)) ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(401);
    expect(alertText(wrong.body)).toBe(SECOND_FACTOR_MESSAGES.invalid);
    const failures = await test.database.sql.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'sign-in.failed' AND subject_user_id = $1",
      [user.userId],
    );
    expect(failures.rows).toEqual([{ detail: { outcome: 'second_factor' } }]);

    const right = await signIn.secondFactor(pending, await nextCode(user.key));
    expect(right.statusCode).toBe(303);
    const callback = await signIn.resume(String(right.headers.location));
    expect(callback).toMatch(/^http:\/\/localhost:3000\/callback#code=/);
    const records = await test.database.sql.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'sign-in' AND actor_user_id = $1",
      [user.userId],
    );
    expect(records.rows).toEqual([{ detail: { secondFactor: 'authenticator' } }]);
  });

  it('when a code already used is given again then it is refused (no replay)', async () => {
    const user = await userWithTwoFactor();
    const code = await nextCode(user.key);
    const first = await openSignIn();
    const done = await first.secondFactor(
      pendingOf((await first.password(user.email, user.password ?? '')).body),
      code,
    );
    expect(done.statusCode).toBe(303);
    const second = await openSignIn();
    const again = await second.secondFactor(
      pendingOf((await second.password(user.email, user.password ?? '')).body),
      code,
    );
    expect(again.statusCode).toBe(401);
  });

  it('when a recovery code is given then it signs in once, and is refused the second time', async () => {
    const user = await userWithTwoFactor();
    const [code] = user.recoveryCodes;
    const first = await openSignIn();
    const pending = pendingOf((await first.password(user.email, user.password ?? '')).body);
    const used = await first.secondFactor(pending, ` ${code?.toLowerCase()} `);
    expect(used.statusCode).toBe(303);
    const record = await test.database.sql.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'two-factor.recovery-code-used' AND actor_user_id = $1",
      [user.userId],
    );
    expect(record.rows).toEqual([{ detail: { left: TWO_FACTOR.recoveryCodeCount - 1 } }]);

    const second = await openSignIn();
    const again = await second.secondFactor(
      pendingOf((await second.password(user.email, user.password ?? '')).body),
      code ?? '',
    );
    expect(again.statusCode).toBe(401);
  });

  it('when the pending token is forged, of another sign-in, or missing then the sign-in starts over', async () => {
    const user = await userWithTwoFactor();
    const one = await openSignIn();
    const pending = pendingOf((await one.password(user.email, user.password ?? '')).body);
    const other = await openSignIn();
    for (const token of [pending, `${pending.slice(0, -2)}xx`, '']) {
      const response = await other.secondFactor(token, await nextCode(user.key));
      expect(response.statusCode).toBe(400);
      expect(alertText(response.body)).toBe(SECOND_FACTOR_MESSAGES.expired);
      expect(response.body).toContain('<h1>Sign in</h1>');
    }
    // The code step cannot be used to set up, nor the other way round.
    const enrol = await one.enrol(pending, await nextCode(user.key));
    expect(enrol.statusCode).toBe(400);
  });

  it('when the password changes between the two steps then the code no longer completes the sign-in', async () => {
    const user = await userWithTwoFactor();
    const signIn = await openSignIn();
    const pending = pendingOf((await signIn.password(user.email, user.password ?? '')).body);
    await test.database.db
      .insert(accountState)
      .values({ userId: user.userId, sessionsValidAfter: new Date(Date.now() + 1000) });
    const response = await signIn.secondFactor(pending, await nextCode(user.key));
    expect(response.statusCode).toBe(403);
    expect(alertText(response.body)).toBe(SECOND_FACTOR_MESSAGES.expired);
  });

  it('when wrong codes keep coming then the pair is throttled like wrong passwords', async () => {
    const user = await userWithTwoFactor();
    const signIn = await openSignIn();
    const pending = pendingOf((await signIn.password(user.email, user.password ?? '')).body);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await signIn.secondFactor(pending, 'ZZZZZ-ZZZZZ')).statusCode);
    }
    // The password's attempt and four codes are free (five a pair), then each attempt waits longer.
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    await test.database.sql.query(
      "UPDATE rate_limit_counters SET reset_at = $1 WHERE key LIKE 'sign-in:wait:%'",
      [Date.now() + 60_000],
    );
    const refused = await signIn.secondFactor(pending, await nextCode(user.key));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(alertText(refused.body)).toMatch(/^Too many failed sign-in attempts/);
  });
});

describe('a role that must use two-factor sign-in', () => {
  it('when a carrier user without it signs in then it is set up before the sign-in completes; the codes are shown once', async () => {
    const admin = await createTestUser(test.database, { role: ROLES.SUPER_ADMIN_PORTICO });
    await twoFactor.setPolicy({ admin: false, carrier: true }, admin.userId);
    try {
      const user = await createTestUser(test.database, { role: ROLES.USER_BILLING });
      const signIn = await openSignIn();
      const page = await signIn.password(user.email, user.password ?? '');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Set up two-factor sign-in</h1>');
      expect(page.body).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,/);
      const key = /<code class="key"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page.body)?.[1]?.replace(/ /g, '') ?? '';
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      expect(await sessionsOf(user.userId)).toBe(0);
      const pending = pendingOf(page.body);

      // A wrong code shows the same key again (it is kept until confirmed).
      const wrong = await signIn.enrol(pending, '12345');
      expect(wrong.statusCode).toBe(401);
      expect(alertText(wrong.body)).toBe(SECOND_FACTOR_MESSAGES.invalidSetup);
      expect(wrong.body.replace(/\s/g, '')).toContain(key);
      // The password alone does not get past it: the code step is not offered for this sign-in.
      expect((await signIn.secondFactor(pending, await currentCode(key))).statusCode).toBe(400);

      const done = await signIn.enrol(pending, await currentCode(key));
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('<h1>Save your recovery codes</h1>');
      const codes = [...done.body.matchAll(/<li><code>([A-Z0-9-]+)<\/code><\/li>/g)].map((m) => m[1]);
      expect(codes).toHaveLength(TWO_FACTOR.recoveryCodeCount);
      const resume = /<a class="button" href="([^"]+)">/.exec(done.body)?.[1] ?? '';
      expect(await signIn.resume(resume)).toMatch(/^http:\/\/localhost:3000\/callback#code=/);

      const [row] = await test.database.db
        .select()
        .from(userTwoFactor)
        .where(eq(userTwoFactor.userId, user.userId));
      expect(row?.enabledAt).toBeInstanceOf(Date);
      // Encrypted at rest: the stored value is not the key.
      expect(row?.secret).not.toContain(key);
      expect(row?.pendingSecret).toBeNull();
      const enabled = await test.database.sql.query<{ detail: unknown }>(
        "SELECT detail FROM audit_log WHERE action = 'two-factor.enabled' AND actor_user_id = $1",
        [user.userId],
      );
      expect(enabled.rows).toEqual([{ detail: { via: 'sign-in' } }]);

      // The next sign-in asks for a code.
      const next = await openSignIn();
      expect((await next.password(user.email, user.password ?? '')).body).toContain(
        '<h1>Enter your code</h1>',
      );
    } finally {
      await twoFactor.setPolicy({ admin: false, carrier: false }, admin.userId);
    }
  });

  it('when the requirement is for carriers then developers and admins sign in with the password alone', async () => {
    const admin = await createTestUser(test.database, { role: ROLES.SUPER_ADMIN_PORTICO });
    await twoFactor.setPolicy({ admin: false, carrier: true }, admin.userId);
    try {
      for (const role of [null, ROLES.ADMIN_PORTICO_READWRITE]) {
        const user = await createTestUser(test.database, { role });
        const signIn = await openSignIn();
        expect((await signIn.password(user.email, user.password ?? '')).statusCode).toBe(303);
      }
    } finally {
      await twoFactor.setPolicy({ admin: false, carrier: false }, admin.userId);
    }
  });

  it('when the password is wrong then nothing about two-factor sign-in is shown', async () => {
    const user = await userWithTwoFactor();
    const signIn = await openSignIn();
    const response = await signIn.password(user.email, 'not the password');
    expect(response.statusCode).toBe(401);
    expect(alertText(response.body)).toBe(SIGN_IN_MESSAGES.invalid);
    expect(response.body).not.toContain('Enter your code');
  });
});
