import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';

/**
 * One-time passwords on a listening app: the code goes through the RBM connector or the SMS gateway
 * to the mounted sandbox, and the test reads it off the virtual handset as a person would.
 * Sandbox rule: numbers ending in 0 are not RCS-capable.
 */

const S = '/api/v1/secure/otp';
let t: TestApp;
let access: string;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: { PORTICO_ROLE: 'all', SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false } }) },
  });
  const { user } = await t.factories.account('DEVELOPER');
  access = await t.tokenFor(user.userId);
});
afterAll(() => t.close());

const callOn = (app: TestApp, token: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
    ...(payload ? { payload } : {}),
  });
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  callOn(t, access)(method, url, payload);

interface HandsetItem {
  id: string;
  network: string;
  sender: string;
  text?: string;
}
/** The newest code on the number's virtual handset, and which network brought it. */
async function codeFor(
  msisdn: string,
  app: TestApp = t,
): Promise<{ code: string; network: string; text: string }> {
  const response = await app.app.inject({
    method: 'GET',
    url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}`,
  });
  const items = (response.json() as { items: HandsetItem[] }).items;
  const item = items.at(-1);
  const code = item?.text && /^(\d{6}) is your /.exec(item.text)?.[1];
  if (!item?.text || !code) throw new Error(`no code on ${msisdn}`);
  return { code, network: item.network, text: item.text };
}

describe('one-time passwords', () => {
  it('channel by msisdn: normalised to E.164; RCS when the RBM capability check says so, else SMS', async () => {
    const sms = expectEnvelope(
      await call('GET', `${S}/channel?msisdn=${encodeURIComponent('+91 98765 43210')}`),
      200,
    );
    expect(sms.data).toEqual({ msisdn: '+919876543210', channel: 'SMS' });
    const rcs = expectEnvelope(
      await call('GET', `${S}/channel?msisdn=${encodeURIComponent('+919876543211')}`),
      200,
    );
    expect(rcs.data).toEqual({ msisdn: '+919876543211', channel: 'RCS' });
    const bad = expectEnvelope(await call('GET', `${S}/channel?msisdn=%2B123456`), 400);
    expect(bad.message).toMatch(/valid mobile number/);
  });

  it('generate then validate: hashed at rest, single use, wrong codes count down', async () => {
    const msisdn = '+919876543211';
    const sent = expectEnvelope(await call('POST', `${S}/generate`, { msisdn }), 200);
    expect(sent.data).toMatchObject({ msisdn, channel: 'RCS' });
    const { code, network, text } = await codeFor(msisdn);
    expect(network).toBe('rbm');
    expect(text).toMatch(/is your Portico verification code\. It expires in 10 minutes\./);
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

    const other = '+919876543220';
    expect(expectEnvelope(await call('POST', `${S}/generate`, { msisdn: other }), 200).data).toMatchObject({
      channel: 'SMS',
    });
    const second = await codeFor(other);
    expect(second.network).toBe('sms');
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

  it('a number RCS cannot reach gets the code by SMS from the configured sender', async () => {
    const msisdn = '+14155550100';
    expect(expectEnvelope(await call('POST', `${S}/generate`, { msisdn }), 200).data).toMatchObject({
      msisdn,
      channel: 'SMS',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}`,
    });
    expect((response.json() as { items: HandsetItem[] }).items.at(-1)).toMatchObject({
      network: 'sms',
      sender: 'PORTICO',
    });
  });
});

describe('one-time passwords when RBM cannot be reached', () => {
  let down: TestApp;
  let call2: ReturnType<typeof callOn>;
  beforeAll(async () => {
    // RBM points at a port nobody listens on; the SMS gateway is still the mounted sandbox.
    down = await createTestApp({
      listen: true,
      env: {
        RBM_API_URL: 'http://127.0.0.1:9/rbm',
        RBM_API_TOKEN: 'unused',
        RBM_CLIENT_TOKEN: 'unused',
        NETWORK_MAX_ATTEMPTS: '1',
        SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false } }),
      },
    });
    const { user } = await down.factories.account('DEVELOPER');
    call2 = callOn(down, await down.tokenFor(user.userId));
  });
  afterAll(() => down.close());

  it('the code falls back to SMS, and the channel query says SMS', async () => {
    const msisdn = '+919876543231';
    expect(
      expectEnvelope(await call2('GET', `${S}/channel?msisdn=${encodeURIComponent(msisdn)}`), 200).data,
    ).toEqual({
      msisdn,
      channel: 'SMS',
    });
    expect(expectEnvelope(await call2('POST', `${S}/generate`, { msisdn }), 200).data).toMatchObject({
      channel: 'SMS',
    });
    const { code, network } = await codeFor(msisdn, down);
    expect(network).toBe('sms');
    expectEnvelope(await call2('POST', `${S}/validate`, { msisdn, code }), 200);
  });

  it('when the SMS gateway fails too then generation answers 503 and no code is stored', async () => {
    await down.app.inject({
      method: 'PUT',
      url: '/sandbox/config',
      payload: { serverErrorRatio: 1, rateLimits: { enabled: false } },
    });
    const msisdn = '+919876543232';
    const failed = expectEnvelope(await call2('POST', `${S}/generate`, { msisdn }), 503);
    expect(failed.message).toMatch(/^SMS gateway: /);
    const { rows } = await down.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM otp_codes WHERE msisdn = $1',
      [msisdn],
    );
    expect(rows[0]?.n).toBe(0);
    await down.app.inject({
      method: 'PUT',
      url: '/sandbox/config',
      payload: { rateLimits: { enabled: false } },
    });
  });
});
