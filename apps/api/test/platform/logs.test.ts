import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl } from '../../src/platform/http/logging.ts';
import { REQUEST_ID_HEADER, runForRequest } from '../../src/platform/http/request-id.ts';
import { createTestUser } from '../../src/platform/oidc/testing.ts';
import { createTestApp, type TestApp, xsrfHeaders } from '../helpers.ts';

/** Every line the app logged, as written. */
const written: string[] = [];
const logged = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
let t: TestApp;

beforeAll(async () => {
  // Workers run here, so the jobs a request queues log under it; debug shows each job's start.
  t = await createTestApp({
    env: { PORTICO_ROLE: 'all', LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void written.push(line) },
  });
});
afterAll(() => t.close());

async function until(found: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (found()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never logged: ${what}`);
}

describe('logs', () => {
  it('never hold a token, a password or a secret link: headers redacted, secret query values taken out of URLs', async () => {
    const secrets = {
      bearer: 'bearer-secret-4d1c9a7e',
      verify: 'verify-secret-8b2e11f0',
      link: 'link-secret-77aa01bc',
      password: 'Password!Secret-2931',
      code: 'code-secret-5e5e5e5e',
    };
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/secure/users/me',
      headers: { authorization: `Bearer ${secrets.bearer}` },
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/network-events/whatsapp?hub.mode=subscribe&hub.verify_token=${secrets.verify}&hub.challenge=42`,
    });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${secrets.link}` });
    await t.app.inject({ method: 'GET', url: `/oidc/callback?code=${secrets.code}&state=abc` });
    for (const password of [secrets.password, 'short']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/accounts/reset-password',
        headers: xsrfHeaders(),
        payload: { token: secrets.link, password, confirmPassword: password },
      });
    }
    const user = await createTestUser(t.database, { email: `logs-${Date.now()}@portico.test` });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/change-password',
      headers: { ...xsrfHeaders(), authorization: `Bearer ${secrets.bearer}` },
      payload: { oldPassword: secrets.password, newPassword: secrets.password, userId: user.userId },
    });

    const all = written.join('');
    // The requests were logged (so the check below looked at something)...
    expect(all).toContain('hub.verify_token=[Redacted]');
    expect(all).toContain('/reset-password?token=[Redacted]');
    expect(all).toContain('code=[Redacted]&state=abc');
    // ...and no secret is anywhere in them.
    for (const secret of Object.values(secrets)) expect(all).not.toContain(secret);
  });

  it('name the request in every line of the jobs it queued, through the jobs those queue', async () => {
    const user = await createTestUser(t.database, { email: `trace-${Date.now()}@portico.test` });
    const requestId = `trace-${Date.now()}`;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/forgot-password',
      remoteAddress: '10.9.8.7',
      headers: { ...xsrfHeaders(), [REQUEST_ID_HEADER]: requestId },
      payload: { email: user.email },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers[REQUEST_ID_HEADER]).toBe(requestId);
    // The reset job, then the mail job it queued, each under the request that started it all.
    const ranUnder = (queue: string) =>
      logged().some((l) => l.queue === queue && l.msg === 'job done' && l.reqId === requestId);
    await until(() => ranUnder('accounts.send-password-reset'), 'the reset job under the request');
    await until(() => ranUnder('mail.send'), 'the mail job under the request');
    // Lines of a job name the request once (as a field, not repeated by the mixin).
    const jobLine = written.find((line) => line.includes('"job done"') && line.includes(requestId));
    expect(jobLine?.split('"reqId"').length).toBe(2);
  });

  it('name the request in lines written by code with no request logger of its own (connector calls)', () => {
    const before = written.length;
    runForRequest('req-for-connector', () => t.app.log.warn({ network: 'rbm' }, 'network call failed'));
    t.app.log.warn('outside any request');
    const [inside, outside] = written
      .slice(before)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ reqId: 'req-for-connector', msg: 'network call failed' });
    expect(outside).not.toHaveProperty('reqId');
  });
});

describe('loggableUrl', () => {
  it('replaces secret query values, keeps the rest and the path', () => {
    expect(loggableUrl('/a/b')).toBe('/a/b');
    expect(loggableUrl('/a?page=2&access_token=x&q=jo%20e')).toBe(
      '/a?page=2&access_token=[Redacted]&q=jo%20e',
    );
    expect(loggableUrl('/a?hub.verify_token=x&hub.challenge=9&flag')).toBe(
      '/a?hub.verify_token=[Redacted]&hub.challenge=[Redacted]&flag',
    );
    expect(loggableUrl('/a?client%5Fsecret=x&x=%E0%A4')).toBe('/a?client%5Fsecret=[Redacted]&x=%E0%A4');
  });
});
