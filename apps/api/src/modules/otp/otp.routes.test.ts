import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';

const S = '/api/v1/secure/otp';
let t: TestApp;
let access: string;
let email: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PORTICO_ROLE: 'all' } });
  const { user } = await t.factories.account('DEVELOPER');
  email = user.email;
  access = await t.tokenFor(user.userId);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${access}`, ...xsrfHeaders() },
    ...(payload ? { payload } : {}),
  });

async function codeFor(msisdn: string, after = 0): Promise<{ code: string; id: number }> {
  for (let i = 0; i < 80; i++) {
    const { rows } = await t.database.sql.query<{ id: number; text: string }>(
      'SELECT id, text FROM dev_mailbox WHERE "to" = $1 AND template = \'otp\' AND id > $2 AND text LIKE $3 ORDER BY id DESC LIMIT 1',
      [email, after, `%${msisdn}%`],
    );
    const row = rows[0];
    const code = row && /: (\d{6})/.exec(row.text)?.[1];
    if (row && code) return { code, id: row.id };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no OTP mail');
}

describe('one-time passwords', () => {
  it('channel by msisdn: normalised to E.164; SMS while no connector reports RCS capability', async () => {
    const body = expectEnvelope(
      await call('GET', `${S}/channel?msisdn=${encodeURIComponent('+91 98765 43210')}`),
      200,
    );
    expect(body.data).toEqual({ msisdn: '+919876543210', channel: 'SMS' });
    const bad = expectEnvelope(await call('GET', `${S}/channel?msisdn=%2B123456`), 400);
    expect(bad.message).toMatch(/valid mobile number/);
  });

  it('generate then validate: hashed at rest, single use, wrong codes count down', async () => {
    const msisdn = '+919876543211';
    const sent = expectEnvelope(await call('POST', `${S}/generate`, { msisdn }), 200);
    expect(sent.data).toMatchObject({ msisdn, channel: 'SMS' });
    const { code } = await codeFor(msisdn);
    const { rows } = await t.database.sql.query<{ code_hash: string }>(
      'SELECT code_hash FROM otp_codes WHERE msisdn = $1',
      [msisdn],
    );
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(expectEnvelope(await call('POST', `${S}/validate`, { msisdn, code: wrong }), 400).message).toBe(
      'The code is not correct. 4 attempts left.',
    );
    expect(expectEnvelope(await call('POST', `${S}/validate`, { msisdn, code }), 200).data).toEqual({
      msisdn,
      valid: true,
    });
    expectEnvelope(await call('POST', `${S}/validate`, { msisdn, code }), 410);
    expectEnvelope(await call('POST', `${S}/validate`, { msisdn, code: '12' }), 400);
    expectEnvelope(await call('POST', `${S}/validate`), 400);
  });

  it('after five wrong codes, and after expiry, the code no longer works', async () => {
    const msisdn = '+919876543212';
    expectEnvelope(await call('POST', `${S}/generate`, { msisdn }), 200);
    const { code } = await codeFor(msisdn);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expectEnvelope(await call('POST', `${S}/validate`, { msisdn, code: wrong }), 400);
    expect(expectEnvelope(await call('POST', `${S}/validate`, { msisdn, code }), 410).message).toBe(
      'Too many wrong codes. Ask for a new one.',
    );

    const other = '+919876543213';
    expectEnvelope(await call('POST', `${S}/generate`, { msisdn: other }), 200);
    const second = await codeFor(other);
    await t.database.sql.query(
      "UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE msisdn = $1",
      [other],
    );
    expect(
      expectEnvelope(await call('POST', `${S}/validate`, { msisdn: other, code: second.code }), 410).message,
    ).toBe('The code has expired. Ask for a new one.');
  });

  it('generation is limited per number', async () => {
    const msisdn = '+919876543214';
    for (let i = 0; i < 3; i++) expectEnvelope(await call('POST', `${S}/generate`, { msisdn }), 200);
    const limited = expectEnvelope(await call('POST', `${S}/generate`, { msisdn }), 429);
    expect(limited.message).toMatch(/Too many codes were sent to this number/);
    // Only the newest code is open.
    const { rows } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM otp_codes WHERE msisdn = $1 AND consumed_at IS NULL',
      [msisdn],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
