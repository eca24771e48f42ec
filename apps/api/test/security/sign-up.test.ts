// Finding 7 (issue 10): sign-up cannot bomb an inbox or tell who is registered. One mail a minute
// (and a few an hour) per address; a registered email gets the same answer as a new one, and its
// owner is mailed "you already have an account" instead of a verification link.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAILED_RECENTLY,
  MAILED_TOO_OFTEN,
  SIGN_UP_MAILS_PER_HOUR,
} from '../../src/modules/accounts/accounts.service.ts';
import { REQUEST_ID_HEADER } from '../../src/platform/http/request-id.ts';
import { renderMail } from '../../src/platform/mail/templates.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';
import { unitOfWorkProbe } from '../unit-of-work.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const freshEmail = () => `signup-${randomUUID().slice(0, 8)}@portico.test`;
const post = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/accounts/${path}`, headers: xsrfHeaders(), payload });

/** The mails queued for an address, by template (the mail.send jobs, workers or not). */
async function mailsTo(email: string): Promise<string[]> {
  const { rows } = await t.database.sql.query<{ template: string }>(
    "SELECT data->>'template' AS template FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 ORDER BY created_on",
    [email],
  );
  return rows.map((r) => r.template);
}

/** Lets the per-address minute run out, as time passing would. */
const minutePassed = () =>
  t.database.sql.query("UPDATE rate_limit_counters SET reset_at = 0 WHERE key LIKE 'sign-up:mail:%'");

/** What a client can see of an answer: status, message and the shape of data. */
const visible = (response: Awaited<ReturnType<typeof post>>) => {
  const body = response.json<{
    status_code: number;
    message: string;
    data: Record<string, unknown> | null;
  }>();
  return {
    status: response.statusCode,
    status_code: body.status_code,
    message: body.message,
    keys: body.data ? Object.keys(body.data).sort() : null,
  };
};

describe('sign-up', () => {
  it('when one address is signed up ten times in a row then it gets one mail, and the others are refused with 429', async () => {
    const victim = freshEmail();
    const answers = [];
    for (let n = 0; n < 10; n += 1) answers.push(await post('sign-up', { email: victim, acceptTerms: true }));
    expect(answers[0]?.statusCode).toBe(200);
    for (const refused of answers.slice(1)) {
      const body = expectEnvelope(refused, 429);
      expect(body.message).toBe(MAILED_RECENTLY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await mailsTo(victim)).toEqual(['verify-email']);
  });

  it('when a sign-up fails at its commit then nothing is counted against the address: asked again at once, its mail goes', async () => {
    // Before the fix the cooldown was counted outside the unit: the retry was told a mail had gone.
    const probe = unitOfWorkProbe(t);
    const email = freshEmail();
    // Its own request id: the suite's audit leaves a request that has one to the probe.
    const request = () => ({
      method: 'POST' as const,
      url: '/api/v1/accounts/sign-up',
      headers: { ...xsrfHeaders(), [REQUEST_ID_HEADER]: randomUUID() },
      payload: { email, acceptTerms: true },
    });
    expect((await probe.run(request(), true)).response.statusCode).toBe(500);
    expect(await mailsTo(email)).toEqual([]);
    expectEnvelope((await probe.run(request(), false)).response, 200);
    expect(await mailsTo(email)).toEqual(['verify-email']);
  });

  it('when a registered email signs up then the answer is the same as for a new one and its owner is told instead', async () => {
    const { user } = await t.accountOf('DEVELOPER');
    const fresh = freshEmail();
    const registered = await post('sign-up', { email: user.email, acceptTerms: true });
    const unregistered = await post('sign-up', { email: fresh, acceptTerms: true });
    expect(visible(registered)).toEqual(visible(unregistered));
    expect(registered.json().data.email).toBe(user.email);
    expect(await mailsTo(user.email)).toEqual(['account-exists']);
    expect(await mailsTo(fresh)).toEqual(['verify-email']);
    // The cooldown answers the same too.
    expect(visible(await post('sign-up', { email: user.email, acceptTerms: true }))).toEqual(
      visible(await post('sign-up', { email: fresh, acceptTerms: true })),
    );
  });

  it('when verification is resent for a registered, a waiting or an unknown email then the answer is the same', async () => {
    const { user } = await t.accountOf(null);
    const waiting = freshEmail();
    expectEnvelope(await post('sign-up', { email: waiting, acceptTerms: true }), 200);
    await minutePassed();
    const unknown = freshEmail();
    const answers = await Promise.all(
      [user.email, waiting, unknown].map((email) => post('resend-verification', { email })),
    );
    const [first, ...others] = answers.map(visible);
    for (const other of others) expect(other).toEqual(first);
    expect(first?.status).toBe(200);
    expect(await mailsTo(user.email)).toEqual(['account-exists']);
    expect(await mailsTo(waiting)).toEqual(['verify-email', 'verify-email']);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('when an address is asked for again every minute then it gets at most a few mails an hour', async () => {
    const email = freshEmail();
    for (let n = 0; n < SIGN_UP_MAILS_PER_HOUR; n += 1) {
      expectEnvelope(await post('sign-up', { email, acceptTerms: true }), 200);
      await minutePassed();
    }
    const refused = expectEnvelope(await post('sign-up', { email, acceptTerms: true }), 429);
    expect(refused.message).toBe(MAILED_TOO_OFTEN);
    expect(await mailsTo(email)).toHaveLength(SIGN_UP_MAILS_PER_HOUR);
  });

  it('the "you already have an account" mail says so, with a link to sign in and no sign-up link', () => {
    const mail = renderMail(
      'account-exists',
      { signInUrl: 'http://localhost:3000' },
      {
        brandName: 'Portico',
        publicUrl: 'http://localhost:3000',
      },
    );
    expect(mail.subject).toBe('You already have a Portico account');
    expect(mail.text).toContain('You already have an account with it');
    expect(mail.text).toContain('Sign in: http://localhost:3000');
    expect(mail.text).not.toContain('token=');
  });
});
