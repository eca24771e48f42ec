import { PASSWORD_RESET } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createGrant } from '../../../test/tokens.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { createTestUser } from '../../platform/oidc/testing.ts';
import { hashToken } from './accounts.service.ts';
import {
  RESET_LINK_USED,
  RESET_MAILED_RECENTLY,
  RESET_TOO_MANY_FROM_CLIENT,
} from './password-reset.service.ts';

const A = '/api/v1/accounts';
const NEW_PASSWORD = 'Brand!New2027';
let t: TestApp;
let n = 0;

beforeAll(async () => {
  // Workers run: the reset job and mail.send file the mail in the dev mailbox (no SMTP_URL).
  t = await createTestApp({ env: { PORTICO_ROLE: 'all' } });
});
afterAll(() => t.close());

/** Each test asks from an address of its own, so the per-client limit is its own. */
const clientIp = () => `10.2.${n % 250}.${++n % 250}`;

function post(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = clientIp(),
) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...xsrfHeaders(), ...headers },
    ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
  });
}
const forgot = (email: string, ip?: string) => post(`${A}/forgot-password`, { email }, {}, ip);
const checkLink = (token: string) => post(`${A}/check-reset-link`, token, { 'content-type': 'text/plain' });
const reset = (token: string, password = NEW_PASSWORD) =>
  post(`${A}/reset-password`, { token, password, confirmPassword: password });

/** Waits for a mail of this template to this address after the given mailbox id; its text. */
async function mailTo(email: string, template: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.database.sql.query<{ text: string }>(
      'SELECT text FROM dev_mailbox WHERE lower("to") = lower($1) AND template = $2 AND id > $3 ORDER BY id DESC LIMIT 1',
      [email, template, after],
    );
    if (rows[0]) return rows[0].text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${template} mail to ${email}`);
}
const tokenIn = (text: string) => {
  const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return match[1];
};
/** Waits until the reset jobs queued so far ran (none is left to do). */
async function jobsDone(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('accounts.send-password-reset', 'mail.send') AND state IN ('created', 'retry', 'active')",
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the jobs did not finish');
}
async function lastMailId(): Promise<number> {
  const { rows } = await t.database.sql.query<{ n: number }>(
    'SELECT coalesce(max(id), 0)::int AS n FROM dev_mailbox',
  );
  return rows[0]?.n ?? 0;
}

/** A user who can sign in, and a link mailed to them. */
async function userWithLink() {
  const user = await createTestUser(t.database, { email: `reset-${Date.now()}-${n++}@portico.test` });
  const before = await lastMailId();
  expectEnvelope(await forgot(user.email), 200);
  return { user, token: tokenIn(await mailTo(user.email, 'reset-password', before)) };
}

describe('asking for a reset link', () => {
  it('when the email has an account then a single-use link goes out, only its hash is kept, and a security record is written', async () => {
    const user = await createTestUser(t.database, { email: `Known-${Date.now()}@portico.test` });
    const body = expectEnvelope(await forgot(` ${user.email.toUpperCase()} `), 200);
    expect(body.data).toMatchObject({ email: user.email.toLowerCase() });
    const text = await mailTo(user.email, 'reset-password');
    expect(text).toContain(`${t.config.PUBLIC_URL}/reset-password?token=`);
    expect(text).toContain(`expires in ${PASSWORD_RESET.linkTtlMinutes} minutes`);
    const token = tokenIn(text);
    const { rows } = await t.database.sql.query<{ token_hash: string; user_id: string; expires_at: Date }>(
      "SELECT token_hash, user_id, expires_at FROM account_tokens WHERE purpose = 'reset-password' AND user_id = $1",
      [user.userId],
    );
    expect(rows).toEqual([
      { token_hash: hashToken(token), user_id: user.userId, expires_at: expect.any(Date) },
    ]);
    const ttl = new Date(rows[0]?.expires_at ?? 0).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(PASSWORD_RESET.linkTtlMinutes * 60_000);
    const audit = await t.database.sql.query<{ action: string; ip: string }>(
      "SELECT action, ip FROM audit_log WHERE action = 'password.reset-requested' AND subject_user_id = $1",
      [user.userId],
    );
    expect(audit.rows).toEqual([{ action: 'password.reset-requested', ip: expect.any(String) }]);
  });

  it('when the email has no account then the answer is the same, and nothing is mailed or stored', async () => {
    const known = await createTestUser(t.database, { email: `same-${Date.now()}@portico.test` });
    const unknown = `nobody-${Date.now()}@portico.test`;
    const a = expectEnvelope(await forgot(known.email), 200);
    const b = expectEnvelope(await forgot(unknown), 200);
    expect(b.message).toBe(a.message);
    expect(Object.keys(b.data as object)).toEqual(Object.keys(a.data as object));
    expect((b.data as { email: string }).email).toBe(unknown);
    await jobsDone();
    const mails = await t.database.sql.query('SELECT 1 FROM dev_mailbox WHERE "to" = $1', [unknown]);
    expect(mails.rows).toEqual([]);
    const tokens = await t.database.sql.query('SELECT 1 FROM account_tokens WHERE email = $1', [unknown]);
    expect(tokens.rows).toEqual([]);
  });

  it('when an invited user (no password yet) asks then no link is sent: the invitation sets the password', async () => {
    const invited = await createTestUser(t.database, {
      email: `invited-${Date.now()}@portico.test`,
      status: 'invited',
      password: null,
    });
    expectEnvelope(await forgot(invited.email), 200);
    await jobsDone();
    const mails = await t.database.sql.query('SELECT 1 FROM dev_mailbox WHERE "to" = $1', [invited.email]);
    expect(mails.rows).toEqual([]);
  });

  it('when the same email asks again within a minute then 429, whether or not it has an account', async () => {
    const known = await createTestUser(t.database, { email: `again-${Date.now()}@portico.test` });
    for (const email of [known.email, `again-nobody-${Date.now()}@portico.test`]) {
      expectEnvelope(await forgot(email), 200);
      const again = expectEnvelope(await forgot(email), 429);
      expect(again.message).toBe(RESET_MAILED_RECENTLY);
    }
  });

  it('when one client asks for many emails then it is refused past the hourly limit', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < PASSWORD_RESET.perClientPerHour; i++) {
      expectEnvelope(await forgot(`spray-${i}-${Date.now()}@portico.test`, ip), 200);
    }
    const refused = expectEnvelope(await forgot(`spray-last-${Date.now()}@portico.test`, ip), 429);
    expect(refused.message).toBe(RESET_TOO_MANY_FROM_CLIENT);
  });

  it('when the email is malformed then a clear 400', async () => {
    const bad = expectEnvelope(await forgot('not-an-email'), 400);
    expect(bad.message).toContain('Enter a valid email address.');
  });
});

describe('resetting with the link', () => {
  it('when the link is opened then it names the account and stays usable', async () => {
    const { user, token } = await userWithLink();
    const body = expectEnvelope(await checkLink(token), 200);
    expect(body.data).toEqual({ email: user.email });
    expectEnvelope(await checkLink(token), 200);
  });

  it('when the new password is set then the old one stops working, every session ends, a record is written and the owner is told', async () => {
    const { user, token } = await userWithLink();
    // A session from before: an access token with its grant, and a provider session and refresh token.
    const before = await t.tokenFor(user.userId);
    const headers = { authorization: `Bearer ${before}` };
    expectEnvelope(await t.app.inject({ url: '/api/v1/secure/two-factor', headers }), 200);
    const grantId = await createGrant(t.database, t.config, user.userId);
    await t.database.sql.query(
      `INSERT INTO oidc_payloads (id, type, payload, grant_id) VALUES
        ('session-${n}', 'Session', jsonb_build_object('accountId', $1::text), null),
        ('refresh-${n}', 'RefreshToken', jsonb_build_object('accountId', $1::text, 'grantId', $2::text), $2)`,
      [user.userId, grantId],
    );
    const mailsBefore = await lastMailId();

    const body = expectEnvelope(await reset(token), 200);
    expect(body.data).toEqual({ email: user.email });

    const { rows } = await t.database.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE user_id = $1',
      [user.userId],
    );
    expect(await verifyPassword(rows[0]?.password_hash ?? '', NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(rows[0]?.password_hash ?? '', user.password ?? '')).toBe(false);
    // The token from before the reset is refused, and the provider's rows of the account are gone.
    expectEnvelope(await t.app.inject({ url: '/api/v1/secure/two-factor', headers }), 401);
    const left = await t.database.sql.query(
      `SELECT type FROM oidc_payloads WHERE payload->>'accountId' = $1`,
      [user.userId],
    );
    expect(left.rows).toEqual([]);
    const audit = await t.database.sql.query<{ actor_email: string }>(
      "SELECT actor_email FROM audit_log WHERE action = 'password.reset' AND subject_user_id = $1",
      [user.userId],
    );
    expect(audit.rows).toEqual([{ actor_email: user.email }]);
    expect(await mailTo(user.email, 'password-changed', mailsBefore)).toContain('was changed');
    // A token issued after the reset works.
    const after = await t.tokenFor(user.userId, { iat_ms: Date.now() + 5 });
    expectEnvelope(
      await t.app.inject({ url: '/api/v1/secure/two-factor', headers: { authorization: `Bearer ${after}` } }),
      200,
    );
  });

  it('when the link was used then 410 says so (and for whom); an unknown link is a 404', async () => {
    const { user, token } = await userWithLink();
    expectEnvelope(await reset(token), 200);
    const used = expectEnvelope(await reset(token, 'Another!Pass2028'), 410);
    expect(used.message).toBe(RESET_LINK_USED);
    expect(used.data).toEqual({ reason: 'used', email: user.email });
    expectEnvelope(await checkLink(token), 410);
    expectEnvelope(await reset('x'.repeat(43)), 404);
  });

  it('when the link has expired then 410 says so and nothing changes', async () => {
    const { user, token } = await userWithLink();
    await t.database.sql.query(
      "UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [hashToken(token)],
    );
    const expired = expectEnvelope(await reset(token), 410);
    expect(expired.data).toEqual({ reason: 'expired', email: user.email });
    const { rows } = await t.database.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE user_id = $1',
      [user.userId],
    );
    expect(await verifyPassword(rows[0]?.password_hash ?? '', user.password ?? '')).toBe(true);
  });

  it('when a newer link is asked for then the older one stops working', async () => {
    const { user, token } = await userWithLink();
    await t.database.sql.query(
      "UPDATE rate_limit_counters SET reset_at = 0 WHERE key LIKE 'password-reset:%'",
    );
    const before = await lastMailId();
    expectEnvelope(await forgot(user.email), 200);
    const newer = tokenIn(await mailTo(user.email, 'reset-password', before));
    expectEnvelope(await checkLink(token), 404);
    expectEnvelope(await reset(newer), 200);
  });

  it('when the new password breaks the rules or does not match then a clear 400 and the link still works', async () => {
    const { token } = await userWithLink();
    const weak = expectEnvelope(await reset(token, 'weak'), 400);
    expect(weak.message).toMatch(/The password is too weak/);
    const mismatch = expectEnvelope(
      await post(`${A}/reset-password`, { token, password: NEW_PASSWORD, confirmPassword: 'Other!Pass2027' }),
      400,
    );
    expect(mismatch.message).toContain('The passwords do not match.');
    expectEnvelope(await checkLink(token), 200);
  });
});
