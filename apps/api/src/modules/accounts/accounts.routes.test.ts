import { PAYLOAD_REQUIRED, USER_DETAILS_NOT_PRESENT } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type EnvelopeBody,
  expectEnvelope,
  type TestApp,
  xsrfHeaders,
} from '../../../test/helpers.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { hashToken } from './accounts.service.ts';

const A = '/api/v1/accounts';
const S = '/api/v1/secure';
const STRONG = 'Str0ng!Passw0rd';
let t: TestApp;
let n = 0;

beforeAll(async () => {
  // Workers run, so mail.send files mail in the dev mailbox (no SMTP_URL).
  t = await createTestApp({ env: { PORTICO_ROLE: 'all' } });
});
afterAll(() => t.close());

const freshEmail = () => `new-${Date.now()}-${n++}@signup.test`;

function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...xsrfHeaders(), ...headers },
    ...(payload === undefined
      ? {}
      : typeof payload === 'string'
        ? { payload }
        : { payload: payload as object }),
  });
}
const postText = (url: string, text: string) => post(url, text, { 'content-type': 'text/plain' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits for the mail.send job to file a mail to this address; returns its text. */
async function mailTo(email: string, template: string, after = 0): Promise<string> {
  for (let i = 0; i < 80; i++) {
    const { rows } = await t.database.sql.query<{ id: number; text: string }>(
      'SELECT id, text FROM dev_mailbox WHERE lower("to") = lower($1) AND template = $2 AND id > $3 ORDER BY id DESC LIMIT 1',
      [email, template, after],
    );
    if (rows[0]) return rows[0].text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${template} mail to ${email}`);
}
const tokenIn = (text: string) => {
  const match = /\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return match[1];
};
async function lastMailId(): Promise<number> {
  const { rows } = await t.database.sql.query<{ n: number }>(
    'SELECT coalesce(max(id), 0)::int AS n FROM dev_mailbox',
  );
  return rows[0]?.n ?? 0;
}

/** Lets every address's sign-up mail cooldown run out, as a minute passing would. */
const cooldownPassed = () =>
  t.database.sql.query("UPDATE rate_limit_counters SET reset_at = 0 WHERE key LIKE 'sign-up:mail:%'");

async function signUpAndVerify(email = freshEmail()) {
  const before = await lastMailId();
  expectEnvelope(await post(`${A}/sign-up`, { email, acceptTerms: true }), 200);
  const token = tokenIn(await mailTo(email, 'verify-email', before));
  expectEnvelope(await postText(`${A}/verify-email`, token), 200);
  return { email, token };
}

async function newAccount() {
  const { email, token } = await signUpAndVerify();
  expectEnvelope(await post(`${A}/create-user`, { token, password: STRONG, confirmPassword: STRONG }), 200);
  const { rows } = await t.database.sql.query<{ user_id: string }>(
    'SELECT user_id FROM users WHERE email = $1',
    [email],
  );
  const userId = rows[0]?.user_id ?? '';
  return { email, userId, access: await t.tokenFor(userId) };
}

describe('sign-up and email verification', () => {
  it('when a new email signs up then a verification mail with a single-use link goes out through the mail job', async () => {
    const email = freshEmail();
    const body = expectEnvelope(
      await post(`${A}/sign-up`, { email: ` ${email.toUpperCase()} `, acceptTerms: true }),
      200,
    );
    expect(body.data).toMatchObject({ email });
    const text = await mailTo(email, 'verify-email');
    expect(text).toContain('Welcome to Portico.');
    expect(text).toContain(`${t.config.PUBLIC_URL}/sign-up?token=`);
    // Only the token's hash is stored.
    const token = tokenIn(text);
    const { rows } = await t.database.sql.query<{ token_hash: string }>(
      "SELECT token_hash FROM account_tokens WHERE email = $1 AND purpose = 'verify-email'",
      [email],
    );
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
    const html = await t.database.sql.query<{ html: string; subject: string }>(
      'SELECT html, subject FROM dev_mailbox WHERE "to" = $1',
      [email],
    );
    expect(html.rows[0]?.subject).toBe('Verify your email for Portico');
    expect(html.rows[0]?.html).toContain('<a href="http://localhost:3000/sign-up?token=');
  });

  it('when the email is malformed or terms are not accepted then a clear 4xx', async () => {
    const bad = expectEnvelope(await post(`${A}/sign-up`, { email: 'not-an-email', acceptTerms: true }), 400);
    expect(bad.message).toContain('Enter a valid email address.');
    const terms = expectEnvelope(
      await post(`${A}/sign-up`, { email: freshEmail(), acceptTerms: false }),
      400,
    );
    expect(terms.message).toContain('Accept the terms of service');
    expectEnvelope(await post(`${A}/sign-up`), 400);
  });

  it('verify-email takes text/plain and fails with Payload is required without one', async () => {
    const none = expectEnvelope(await postText(`${A}/verify-email`, ''), 400);
    expect(none.message).toBe(PAYLOAD_REQUIRED);
    const unknown = expectEnvelope(await postText(`${A}/verify-email`, 'x'.repeat(43)), 404);
    expect(unknown.message).toMatch(/This link is not valid/);
  });

  it('when verification is resent then the old link stops working and the new one works; too soon is 429', async () => {
    const email = freshEmail();
    expectEnvelope(await post(`${A}/sign-up`, { email, acceptTerms: true }), 200);
    const first = tokenIn(await mailTo(email, 'verify-email'));
    const soon = expectEnvelope(await post(`${A}/resend-verification`, { email }), 429);
    expect(soon.message).toMatch(/less than a minute ago/);
    await cooldownPassed();
    const before = await lastMailId();
    const resent = expectEnvelope(await post(`${A}/resend-verification`, { email }), 200);
    expect(resent.status_code).toBe(10);
    const second = tokenIn(await mailTo(email, 'verify-email', before));
    expect(second).not.toBe(first);
    expectEnvelope(await postText(`${A}/verify-email`, first), 404);
    expectEnvelope(await postText(`${A}/verify-email`, second), 200);
    // An email nobody signed up with gets the same answer, and no mail.
    const stranger = freshEmail();
    const answer = expectEnvelope(await post(`${A}/resend-verification`, { email: stranger }), 200);
    expect(answer.data).toMatchObject({ email: stranger });
  });

  it('when a link is expired then 410 says so and names the email for a new link', async () => {
    const { email, token } = await signUpAndVerify();
    await t.database.sql.query(
      "UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE email = $1",
      [email],
    );
    const gone = expectEnvelope(await postText(`${A}/verify-email`, token), 410);
    expect(gone.message).toBe('This link has expired. Ask for a new one.');
    expect(gone.data).toEqual({ reason: 'expired', email });
    expectEnvelope(await post(`${A}/create-user`, { token, password: STRONG, confirmPassword: STRONG }), 410);
  });
});

describe('set password (create user)', () => {
  it('when the verified link sets a strong password then the user exists, pending set-up; the link is then used', async () => {
    const { email, token } = await signUpAndVerify();
    expectEnvelope(await post(`${A}/create-user`), 400, 11);
    const weak = expectEnvelope(
      await post(`${A}/create-user`, { token, password: 'short', confirmPassword: 'short' }),
      400,
    );
    expect(weak.message).toMatch(/The password is too weak: it needs/);
    const mismatch = expectEnvelope(
      await post(`${A}/create-user`, { token, password: STRONG, confirmPassword: `${STRONG}x` }),
      400,
    );
    expect(mismatch.message).toContain('The passwords do not match.');

    const body = expectEnvelope(
      await post(`${A}/create-user`, { token, password: STRONG, confirmPassword: STRONG }),
      200,
    );
    expect(body.data).toEqual({ email });
    const { rows } = await t.database.sql.query<{
      status: string;
      role: string | null;
      password_hash: string;
    }>('SELECT status, role, password_hash FROM users WHERE email = $1', [email]);
    expect(rows[0]).toMatchObject({ status: 'pending_setup', role: null });
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);

    const again = expectEnvelope(
      await post(`${A}/create-user`, { token, password: STRONG, confirmPassword: STRONG }),
      410,
    );
    expect(again.message).toBe('This link has already been used. Sign in with your email and password.');
    const reopened = expectEnvelope(await postText(`${A}/verify-email`, token), 410);
    expect(reopened.data).toEqual({ reason: 'used', email });
  });

  it('when the link was not opened (verified) first then set password is refused', async () => {
    const email = freshEmail();
    expectEnvelope(await post(`${A}/sign-up`, { email, acceptTerms: true }), 200);
    const token = tokenIn(await mailTo(email, 'verify-email'));
    const body = expectEnvelope(
      await post(`${A}/create-user`, { token, password: STRONG, confirmPassword: STRONG }),
      400,
    );
    expect(body.message).toMatch(/Verify your email first/);
  });
});

describe('first-time flow', () => {
  it('setup user -> account type -> enterprise -> review -> complete; partner details appear once complete', async () => {
    const { email, access } = await newAccount();
    const h = bearer(access);
    const details = await t.app.inject({ method: 'GET', url: `${S}/partner-details`, headers: h });
    expect(details.json<EnvelopeBody>().message).toBe(USER_DETAILS_NOT_PRESENT);

    expect(expectEnvelope(await post(`${S}/setup-user-details`, undefined, h), 400).message).toBe(
      PAYLOAD_REQUIRED,
    );
    const early = expectEnvelope(await post(`${S}/complete-setup`, undefined, h), 400);
    expect(early.message).toMatch(/Set up your user details first/);
    expectEnvelope(await post(`${S}/setup-user-details`, { firstName: ' Asha ', lastName: 'Rao' }, h), 200);
    expect(expectEnvelope(await post(`${S}/complete-setup`, undefined, h), 400).message).toMatch(
      /Choose developer or aggregator/,
    );
    expectEnvelope(await post(`${S}/account-type`, { accountType: 'aggregator' }, h), 200);
    expect(expectEnvelope(await post(`${S}/complete-setup`, undefined, h), 400).message).toMatch(
      /Set up your enterprise/,
    );
    const badCompany = expectEnvelope(
      await post(
        `${S}/update-company-details`,
        { company: { name: '', website: 'acme', industryTypeId: 0 }, address: {} },
        h,
      ),
      400,
    );
    expect(badCompany.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'company.name' })]),
    );
    const industry = await t.database.sql.query<{ id: number }>(
      "SELECT id FROM lookup_values WHERE kind = 'industry-types' LIMIT 1",
    );
    expectEnvelope(
      await post(
        `${S}/update-company-details`,
        {
          company: { name: 'Acme', website: 'https://acme.example', industryTypeId: industry.rows[0]?.id },
          address: { line1: '1 MG Road', city: 'Bengaluru', postalCode: '560001', countryId: 'in' },
        },
        h,
      ),
      200,
    );
    const review = expectEnvelope(
      await t.app.inject({ method: 'GET', url: `${S}/account-setup`, headers: h }),
      200,
    );
    expect(review.data).toMatchObject({
      email,
      firstName: 'Asha',
      lastName: 'Rao',
      accountType: 'aggregator',
      company: { name: 'Acme', website: 'https://acme.example' },
      address: { line1: '1 MG Road', countryId: 'IN' },
      completed: false,
    });
    expectEnvelope(await post(`${S}/complete-setup`, undefined, h), 200);
    const after = expectEnvelope(
      await t.app.inject({ method: 'GET', url: `${S}/partner-details`, headers: h }),
      200,
    );
    expect(after.data).toMatchObject({
      email,
      partners_profile: { firstName: 'Asha', isAggregator: true, role: null },
    });
    expect(
      expectEnvelope(await post(`${S}/account-type`, { accountType: 'developer' }, h), 409).message,
    ).toBe('Your account is already set up.');
  });
});

describe('change password', () => {
  async function userWithPassword(password: string) {
    const account = await t.factories.account('DEVELOPER', {
      user: { passwordHash: await hashPassword(password) },
    });
    return {
      ...account,
      access: await t.tokenFor(account.user.userId, { iat: Math.floor(Date.now() / 1000) - 5 }),
    };
  }

  it('when the current password is wrong, or the new one weak or mismatched, then 400 with a clear message', async () => {
    const { access } = await userWithPassword(STRONG);
    const h = bearer(access);
    const wrong = expectEnvelope(
      await post(
        `${S}/change-password`,
        { currentPassword: 'nope', newPassword: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' },
        h,
      ),
      400,
    );
    expect(wrong.message).toBe('The current password is not correct.');
    const weak = expectEnvelope(
      await post(
        `${S}/change-password`,
        { currentPassword: STRONG, newPassword: 'abc', confirmPassword: 'abc' },
        h,
      ),
      400,
    );
    expect(weak.message).toMatch(/too weak/);
    const mismatch = expectEnvelope(
      await post(
        `${S}/change-password`,
        { currentPassword: STRONG, newPassword: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rdx' },
        h,
      ),
      400,
    );
    expect(mismatch.message).toContain('The passwords do not match.');
    expectEnvelope(await post(`${S}/change-password`, undefined, h), 400);
  });

  it('when the password changes then older tokens and provider sessions are refused, a mail and an audit record are written', async () => {
    const { user, access } = await userWithPassword(STRONG);
    await t.database.sql.query(
      `INSERT INTO oidc_payloads (id, type, payload) VALUES ('s-${user.userId}', 'Session', $1::jsonb), ('r-${user.userId}', 'RefreshToken', $1::jsonb)`,
      [JSON.stringify({ accountId: user.userId })],
    );
    const h = bearer(access);
    expectEnvelope(await t.app.inject({ method: 'GET', url: `${S}/partner-details`, headers: h }), 200);
    const body = expectEnvelope(
      await post(
        `${S}/change-password`,
        { currentPassword: STRONG, newPassword: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' },
        h,
      ),
      200,
    );
    expect(body.status_code).toBe(10);
    // The token remembered by the verifier is forgotten: the next call is refused at once.
    expectEnvelope(await t.app.inject({ method: 'GET', url: `${S}/partner-details`, headers: h }), 401);
    const { rows } = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM oidc_payloads WHERE payload->>'accountId' = $1",
      [user.userId],
    );
    expect(rows[0]?.n).toBe(0);
    const fresh = await t.tokenFor(user.userId, { iat: Math.floor(Date.now() / 1000) + 1 });
    expectEnvelope(
      await t.app.inject({ method: 'GET', url: `${S}/partner-details`, headers: bearer(fresh) }),
      200,
    );
    expect(await mailTo(user.email, 'password-changed')).toMatch(/every other session was signed out/);
    const audit = await t.database.sql.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE subject_user_id = $1',
      [user.userId],
    );
    expect(audit.rows.map((r) => r.action)).toContain('password.changed');
  });
});

describe('update carrier profile and admin profile', () => {
  const organisation = async (industryTypeId: number | undefined, name: string) => ({
    company: { name, website: 'https://org.example', industryTypeId },
    address: { line1: '7 Harbour Road', city: 'Mumbai', postalCode: '400001', countryId: 'in' },
  });
  const industryId = async () =>
    (
      await t.database.sql.query<{ id: number }>(
        "SELECT id FROM lookup_values WHERE kind = 'industry-types' LIMIT 1",
      )
    ).rows[0]?.id;

  it("the carrier's billing admin saves the carrier's details; its billing users see them and may not change them", async () => {
    const { user: admin, partner } = await t.factories.account('ADMIN_BILLING');
    const h = bearer(await t.tokenFor(admin.userId));
    const body = await organisation(await industryId(), 'Jio Billing Office');
    expectEnvelope(await post(`${S}/update-carrier-profile`, body, h), 200);
    const billingUser = await t.factories.user(partner.partnerId, { role: 'USER_BILLING' });
    const hb = bearer(await t.tokenFor(billingUser.userId));
    const details = expectEnvelope(
      await t.app.inject({ method: 'GET', url: `${S}/partner-details`, headers: hb }),
      200,
    );
    expect(details.data).toMatchObject({
      company: { name: 'Jio Billing Office', website: 'https://org.example' },
      address: { line1: '7 Harbour Road', city: 'Mumbai', countryId: 'IN' },
    });
    expectEnvelope(await post(`${S}/update-carrier-profile`, body, hb), 403);
    expectEnvelope(await post(`${S}/update-admin-profile`, body, h), 403);
  });

  it('the super admin saves the platform details; bad input names the field; no payload is refused', async () => {
    const { user } = await t.factories.account('SUPER_ADMIN_PORTICO');
    const h = bearer(await t.tokenFor(user.userId));
    const bad = expectEnvelope(
      await post(`${S}/update-admin-profile`, { company: { name: '', website: 'x' }, address: {} }, h),
      400,
    );
    expect(bad.data).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'company.website' })]));
    expectEnvelope(await post(`${S}/update-admin-profile`, undefined, h), 400);
    expectEnvelope(
      await post(`${S}/update-admin-profile`, await organisation(await industryId(), 'Portico Platform'), h),
      200,
    );
    const details = expectEnvelope(
      await t.app.inject({ method: 'GET', url: `${S}/partner-details`, headers: h }),
      200,
    );
    expect(details.data).toMatchObject({ company: { name: 'Portico Platform' } });
  });
});
