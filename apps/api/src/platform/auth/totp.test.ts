import { isRecoveryCodeShape, RECOVERY_CODE_ALPHABET, TWO_FACTOR } from '@portico/domain';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  checkAuthenticatorCode,
  manualKeyOf,
  newAuthenticatorKey,
  newRecoveryCodes,
  otpauthUriOf,
  qrCodeOf,
} from './totp.ts';

const PERIOD_MS = TWO_FACTOR.periodSeconds * 1000;
/** A moment in the middle of a period, so one period either side is a whole period away. */
const NOW = Math.floor(Date.UTC(2026, 0, 15, 10, 0, 0) / PERIOD_MS) * PERIOD_MS + PERIOD_MS / 2;
const codeAt = (key: string, ms: number) => generate({ secret: key, epoch: Math.floor(ms / 1000) });

describe('authenticator codes (RFC 6238)', () => {
  it('when the code is the current one then it is accepted, with its time step', async () => {
    const key = newAuthenticatorKey();
    const result = await checkAuthenticatorCode(key, await codeAt(key, NOW), { nowMs: NOW });
    expect(result).toEqual({ valid: true, step: Math.floor(NOW / PERIOD_MS) });
  });

  it('when the phone is one period behind or ahead then its code is still accepted', async () => {
    const key = newAuthenticatorKey();
    expect(
      (await checkAuthenticatorCode(key, await codeAt(key, NOW - PERIOD_MS), { nowMs: NOW })).valid,
    ).toBe(true);
    expect(
      (await checkAuthenticatorCode(key, await codeAt(key, NOW + PERIOD_MS), { nowMs: NOW })).valid,
    ).toBe(true);
  });

  it('when the code is two periods old or ahead then it is refused', async () => {
    const key = newAuthenticatorKey();
    expect(
      (await checkAuthenticatorCode(key, await codeAt(key, NOW - 2 * PERIOD_MS), { nowMs: NOW })).valid,
    ).toBe(false);
    expect(
      (await checkAuthenticatorCode(key, await codeAt(key, NOW + 2 * PERIOD_MS), { nowMs: NOW })).valid,
    ).toBe(false);
  });

  it('when a code of a step already used (or an earlier one) is given again then it is refused', async () => {
    const key = newAuthenticatorKey();
    const code = await codeAt(key, NOW);
    const first = await checkAuthenticatorCode(key, code, { nowMs: NOW });
    if (!first.valid) throw new Error('the first use must pass');
    expect((await checkAuthenticatorCode(key, code, { nowMs: NOW, afterStep: first.step })).valid).toBe(
      false,
    );
    const earlier = await codeAt(key, NOW - PERIOD_MS);
    expect((await checkAuthenticatorCode(key, earlier, { nowMs: NOW, afterStep: first.step })).valid).toBe(
      false,
    );
    const next = await codeAt(key, NOW + PERIOD_MS);
    expect((await checkAuthenticatorCode(key, next, { nowMs: NOW, afterStep: first.step })).valid).toBe(true);
  });

  it('when the code is not six digits, or of another key, then it is refused', async () => {
    const key = newAuthenticatorKey();
    expect((await checkAuthenticatorCode(key, 'abcdef', { nowMs: NOW })).valid).toBe(false);
    expect((await checkAuthenticatorCode(key, '', { nowMs: NOW })).valid).toBe(false);
    const other = newAuthenticatorKey();
    const code = await codeAt(key, NOW);
    // One chance in a million that another key shows the same code at this moment.
    expect((await checkAuthenticatorCode(other, code, { nowMs: NOW })).valid).toBe(
      code === (await codeAt(other, NOW)),
    );
  });

  it('when typed with a space in the middle then the code still counts', async () => {
    const key = newAuthenticatorKey();
    const code = await codeAt(key, NOW);
    expect(
      (await checkAuthenticatorCode(key, `${code.slice(0, 3)} ${code.slice(3)}`, { nowMs: NOW })).valid,
    ).toBe(true);
  });
});

describe('keys, URIs and QR codes', () => {
  it('when a key is made then it is 160 bits of base32, shown in groups of four', () => {
    const key = newAuthenticatorKey();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(manualKeyOf(key)).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(newAuthenticatorKey()).not.toBe(key);
  });

  it('when the URI is made then it names the brand and the account, and the QR code is an SVG data URI', () => {
    const uri = otpauthUriOf('JBSWY3DPEHPK3PXP', 'Portico', 'me@portico.test');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Portico:me%40portico\.test\?/);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXP');
    expect(uri).toContain('issuer=Portico');
    const qr = qrCodeOf(uri);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
  });
});

describe('recovery codes', () => {
  it('when a set is made then there are ten, each shaped as a recovery code, all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(TWO_FACTOR.recoveryCodeCount);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      expect(isRecoveryCodeShape(code)).toBe(true);
      expect([...code.replace('-', '')].every((c) => RECOVERY_CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });
});
