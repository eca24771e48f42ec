import { ROLES, TWO_FACTOR } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type EnvelopeBody,
  expectEnvelope,
  type TestApp,
  xsrfHeaders,
} from '../../../test/helpers.ts';
import { createTestUser } from '../../platform/oidc/testing.ts';
import {
  ALREADY_ON,
  CODE_WRONG,
  NOTHING_TO_CONFIRM,
  PASSWORD_WRONG,
  REQUIRED_FOR_ROLE,
  SECOND_FACTOR_WRONG,
} from './account-security.service.ts';

const S = '/api/v1/secure';
const PERIOD_MS = TWO_FACTOR.periodSeconds * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user with a password who calls the API with a token of their own. */
async function signedIn(role: string | null = null) {
  const user = await createTestUser(t.database, { role });
  const token = await t.tokenFor(user.userId);
  const call = (options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders(), ...options.headers },
    });
  return { ...user, password: user.password ?? '', call };
}

type Caller = Awaited<ReturnType<typeof signedIn>>;
const status = async (user: Caller) =>
  expectEnvelope(await user.call({ url: `${S}/two-factor` }), 200).data as {
    enabled: boolean;
    recoveryCodesLeft: number;
    required: boolean;
    enabledAt: string | null;
  };
const codeAt = (key: string, offsetPeriods = 0) =>
  generate({ secret: key, epoch: Math.floor((Date.now() + offsetPeriods * PERIOD_MS) / 1000) });

/** Turns two-factor sign-in on through the calls; the key (as the app holds it) and the recovery codes. */
async function turnOn(user: Caller) {
  const setup = expectEnvelope(
    await user.call({ method: 'POST', url: `${S}/two-factor/setup`, payload: { password: user.password } }),
    200,
  ).data as { manualKey: string; qrCode: string; otpauthUri: string };
  const key = setup.manualKey.replace(/ /g, '');
  const enabled = expectEnvelope(
    await user.call({ method: 'POST', url: `${S}/two-factor/enable`, payload: { code: await codeAt(key) } }),
    200,
  ).data as { recoveryCodes: string[] };
  return { key, setup, recoveryCodes: enabled.recoveryCodes };
}

describe('setting up two-factor sign-in', () => {
  it('when a user starts then the password is asked again; the key comes as a QR code and as text, and nothing is on yet', async () => {
    const user = await signedIn();
    expect(await status(user)).toMatchObject({ enabled: false, recoveryCodesLeft: 0, required: false });
    const wrong = expectEnvelope(
      await user.call({ method: 'POST', url: `${S}/two-factor/setup`, payload: { password: 'not it' } }),
      400,
    );
    expect(wrong.message).toBe(PASSWORD_WRONG);
    expect(wrong.data).toEqual([{ field: 'password', message: PASSWORD_WRONG }]);

    const body = expectEnvelope(
      await user.call({ method: 'POST', url: `${S}/two-factor/setup`, payload: { password: user.password } }),
      200,
    );
    const setup = body.data as { manualKey: string; qrCode: string; otpauthUri: string };
    expect(setup.manualKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.otpauthUri).toContain(`secret=${setup.manualKey.replace(/ /g, '')}`);
    expect(await status(user)).toMatchObject({ enabled: false });
  });

  it('when the code of the new key is right then it is on, ten recovery codes come back once, and the key is stored encrypted', async () => {
    const user = await signedIn();
    const setup = expectEnvelope(
      await user.call({ method: 'POST', url: `${S}/two-factor/setup`, payload: { password: user.password } }),
      200,
    ).data as { manualKey: string };
    const key = setup.manualKey.replace(/ /g, '');
    const wrong = expectEnvelope(
      await user.call({
        method: 'POST',
        url: `${S}/two-factor/enable`,
        payload: { code: '000000' === (await codeAt(key)) ? '111111' : '000000' },
      }),
      400,
    );
    expect(wrong.message).toBe(CODE_WRONG);
    const malformed = expectEnvelope(
      await user.call({ method: 'POST', url: `${S}/two-factor/enable`, payload: { code: '12ab' } }),
      400,
    );
    expect(malformed.message).toContain('Enter the 6-digit code your authenticator app shows.');

    const enabled = expectEnvelope(
      await user.call({
        method: 'POST',
        url: `${S}/two-factor/enable`,
        payload: { code: await codeAt(key) },
      }),
      200,
    ).data as { recoveryCodes: string[] };
    expect(enabled.recoveryCodes).toHaveLength(TWO_FACTOR.recoveryCodeCount);
    const now = await status(user);
    expect(now).toMatchObject({ enabled: true, recoveryCodesLeft: TWO_FACTOR.recoveryCodeCount });
    expect(now.enabledAt).not.toBeNull();
    // The status never carries the key; the row keeps it sealed; only hashes of the codes are kept.
    expect(JSON.stringify(now)).not.toContain(key);
    const { rows } = await t.database.sql.query<{ secret: string }>(
      'SELECT secret FROM user_two_factor WHERE user_id = $1',
      [user.userId],
    );
    expect(rows[0]?.secret).toMatch(/^v1\./);
    expect(rows[0]?.secret).not.toContain(key);
    const codes = await t.database.sql.query<{ code_hash: string }>(
      'SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1',
      [user.userId],
    );
    expect(codes.rows.map((r) => r.code_hash)).not.toContain(enabled.recoveryCodes[0]);
    const audit = await t.database.sql.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'two-factor.enabled' AND actor_user_id = $1",
      [user.userId],
    );
    expect(audit.rows).toEqual([{ detail: { via: 'profile' } }]);

    // Once on, setting up again is refused (turn it off first); so is enabling with nothing pending.
    const again = expectEnvelope(
      await user.call({ method: 'POST', url: `${S}/two-factor/setup`, payload: { password: user.password } }),
      409,
    );
    expect(again.message).toBe(ALREADY_ON);
  });

  it('when enable comes without a set-up started then 409 says to start again', async () => {
    const user = await signedIn();
    const body = expectEnvelope(
      await user.call({ method: 'POST', url: `${S}/two-factor/enable`, payload: { code: '123456' } }),
      409,
    );
    expect(body.message).toBe(NOTHING_TO_CONFIRM);
  });
});

describe('recovery codes and turning it off', () => {
  it('when new recovery codes are asked with the password and a code then the earlier ones stop working', async () => {
    const user = await signedIn();
    const { key, recoveryCodes } = await turnOn(user);
    const renewed = expectEnvelope(
      await user.call({
        method: 'POST',
        url: `${S}/two-factor/recovery-codes`,
        payload: { password: user.password, code: await codeAt(key, 1) },
      }),
      200,
    ).data as { recoveryCodes: string[] };
    expect(renewed.recoveryCodes).toHaveLength(TWO_FACTOR.recoveryCodeCount);
    expect(renewed.recoveryCodes).not.toContain(recoveryCodes[0]);
    // An old code no longer confirms anything; a new one does, once.
    const old = expectEnvelope(
      await user.call({
        method: 'POST',
        url: `${S}/two-factor/disable`,
        payload: { password: user.password, code: recoveryCodes[0] },
      }),
      400,
    );
    expect(old.message).toBe(SECOND_FACTOR_WRONG);
    expectEnvelope(
      await user.call({
        method: 'POST',
        url: `${S}/two-factor/disable`,
        payload: { password: user.password, code: renewed.recoveryCodes[0] },
      }),
      200,
    );
    expect(await status(user)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const records = await t.database.sql.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE actor_user_id = $1 AND action LIKE 'two-factor.%' ORDER BY id",
      [user.userId],
    );
    expect(records.rows.map((r) => r.action)).toEqual([
      'two-factor.enabled',
      'two-factor.recovery-codes-renewed',
      'two-factor.disabled',
    ]);
    const left = await t.database.sql.query('SELECT 1 FROM two_factor_recovery_codes WHERE user_id = $1', [
      user.userId,
    ]);
    expect(left.rows).toEqual([]);
  });

  it('when turning off comes with a wrong password or code then 400 and it stays on', async () => {
    const user = await signedIn();
    const { key } = await turnOn(user);
    const wrongPassword = expectEnvelope(
      await user.call({
        method: 'POST',
        url: `${S}/two-factor/disable`,
        payload: { password: 'nope', code: await codeAt(key, 1) },
      }),
      400,
    );
    expect(wrongPassword.message).toBe(PASSWORD_WRONG);
    const wrongCode = expectEnvelope(
      await user.call({
        method: 'POST',
        url: `${S}/two-factor/disable`,
        payload: { password: user.password, code: 'ZZZZZ-ZZZZZ' },
      }),
      400,
    );
    expect(wrongCode.data).toEqual([{ field: 'code', message: SECOND_FACTOR_WRONG }]);
    expect(await status(user)).toMatchObject({ enabled: true });
  });

  it('when the password or codes keep being wrong then the checks are throttled like a sign-in', async () => {
    const user = await signedIn();
    await turnOn(user);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await user.call({
        method: 'POST',
        url: `${S}/two-factor/disable`,
        payload: { password: 'wrong', code: '123456' },
      });
      statuses.push(response.statusCode);
    }
    await t.database.sql.query(
      "UPDATE rate_limit_counters SET reset_at = $1 WHERE key LIKE 'sign-in:wait:%'",
      [Date.now() + 60_000],
    );
    const refused = await user.call({
      method: 'POST',
      url: `${S}/two-factor/disable`,
      payload: { password: user.password, code: '123456' },
    });
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    const body = expectEnvelope(refused, 429);
    expect(body.message).toMatch(/^Too many failed sign-in attempts/);
  });
});

describe("the super admin's requirement", () => {
  it('when the super admin requires it for carriers then the setting is saved and audited, and carriers see it is required', async () => {
    const admin = await signedIn(ROLES.SUPER_ADMIN_PORTICO);
    const carrier = await signedIn(ROLES.ADMIN_BILLING);
    const before = expectEnvelope(await admin.call({ url: `${S}/two-factor/policy` }), 200).data as {
      groups: { group: string; required: boolean; users: number; withTwoFactor: number }[];
    };
    expect(before.groups.map((g) => [g.group, g.required])).toEqual([
      ['admin', false],
      ['carrier', false],
    ]);
    const carrierUsers = before.groups.find((g) => g.group === 'carrier')?.users ?? 0;
    expect(carrierUsers).toBeGreaterThanOrEqual(1);

    const saved = expectEnvelope(
      await admin.call({
        method: 'PUT',
        url: `${S}/two-factor/policy`,
        payload: { admin: false, carrier: true },
      }),
      200,
    ) as EnvelopeBody;
    const policy = saved.data as { groups: { group: string; required: boolean }[]; updatedBy: string };
    expect(policy.groups.map((g) => [g.group, g.required])).toEqual([
      ['admin', false],
      ['carrier', true],
    ]);
    expect(policy.updatedBy).toBe(admin.email);
    const audit = await t.database.sql.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'two-factor.policy-changed' AND actor_user_id = $1",
      [admin.userId],
    );
    expect(audit.rows).toEqual([{ detail: { 'Carrier roles': 'required' } }]);
    expect(await status(carrier)).toMatchObject({ required: true, enabled: false });
    expect(await status(admin)).toMatchObject({ required: false });

    // A carrier with it on cannot turn it off while it is required.
    const { key } = await turnOn(carrier);
    const off = expectEnvelope(
      await carrier.call({
        method: 'POST',
        url: `${S}/two-factor/disable`,
        payload: { password: carrier.password, code: await codeAt(key, 1) },
      }),
      403,
    );
    expect(off.message).toBe(REQUIRED_FOR_ROLE);
    const counted = expectEnvelope(await admin.call({ url: `${S}/two-factor/policy` }), 200).data as {
      groups: { group: string; withTwoFactor: number }[];
    };
    expect(counted.groups.find((g) => g.group === 'carrier')?.withTwoFactor).toBeGreaterThanOrEqual(1);

    expectEnvelope(
      await admin.call({
        method: 'PUT',
        url: `${S}/two-factor/policy`,
        payload: { admin: false, carrier: false },
      }),
      200,
    );
  });

  it('when the setting is sent without both groups then a clear 400', async () => {
    const admin = await signedIn(ROLES.SUPER_ADMIN_PORTICO);
    const body = expectEnvelope(
      await admin.call({ method: 'PUT', url: `${S}/two-factor/policy`, payload: { admin: true } }),
      400,
    );
    expect(body.message).toContain('Say whether carrier roles must use two-factor sign-in.');
  });
});
