import { describe, expect, it } from 'vitest';
import { ROLES } from '../constants/roles.ts';
import {
  formatRecoveryCode,
  isAuthenticatorCodeShape,
  isRecoveryCodeShape,
  isTwoFactorRequired,
  normaliseRecoveryCode,
  twoFactorGroupOf,
} from './two-factor.ts';

describe('recovery codes', () => {
  it('when typed with spaces, dashes or lower case then they read as the code', () => {
    expect(normaliseRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(normaliseRecoveryCode('ABCDE FGHJK')).toBe('ABCDEFGHJK');
    expect(isRecoveryCodeShape('abcde-fghjk')).toBe(true);
  });

  it('when shown then they are two groups of five', () => {
    expect(formatRecoveryCode('abcdefghjk')).toBe('ABCDE-FGHJK');
  });

  it('when the length or a character is wrong (0, 1, I, L, O, U are never used) then it is no recovery code', () => {
    expect(isRecoveryCodeShape('ABCDE-FGHJ')).toBe(false);
    expect(isRecoveryCodeShape('ABCDE-FGHJKM')).toBe(false);
    expect(isRecoveryCodeShape('ABCDE-FGHJ0')).toBe(false);
    expect(isRecoveryCodeShape('ABCDE-FGHJI')).toBe(false);
    expect(isRecoveryCodeShape('ABCDE-FGHJU')).toBe(false);
    expect(isRecoveryCodeShape('123456')).toBe(false);
  });
});

describe('authenticator codes', () => {
  it('when six digits (spaces allowed) then it is shaped like a code; anything else is not', () => {
    expect(isAuthenticatorCodeShape('123456')).toBe(true);
    expect(isAuthenticatorCodeShape('123 456')).toBe(true);
    expect(isAuthenticatorCodeShape('12345')).toBe(false);
    expect(isAuthenticatorCodeShape('1234567')).toBe(false);
    expect(isAuthenticatorCodeShape('12345a')).toBe(false);
  });
});

describe('who must use two-factor sign-in', () => {
  it('when a role is a platform admin or carrier role then it belongs to that group; developer roles to none', () => {
    expect(twoFactorGroupOf(ROLES.SUPER_ADMIN_PORTICO)).toBe('admin');
    expect(twoFactorGroupOf(ROLES.MARKETING_ADMIN)).toBe('admin');
    expect(twoFactorGroupOf(ROLES.ADMIN_PORTICO_READONLY)).toBe('admin');
    expect(twoFactorGroupOf(ROLES.ADMIN_BILLING)).toBe('carrier');
    expect(twoFactorGroupOf(ROLES.USER_BILLING)).toBe('carrier');
    expect(twoFactorGroupOf(ROLES.DEVELOPER)).toBeNull();
    expect(twoFactorGroupOf(ROLES.CHILD_AGGREGATOR_READWRITE)).toBeNull();
    expect(twoFactorGroupOf(null)).toBeNull();
  });

  it('when only carriers are required then carriers must use it and admins and developers need not', () => {
    const required = { admin: false, carrier: true };
    expect(isTwoFactorRequired(ROLES.MANAGER_BILLING, required)).toBe(true);
    expect(isTwoFactorRequired(ROLES.SUPER_ADMIN_PORTICO, required)).toBe(false);
    expect(isTwoFactorRequired(ROLES.DEVELOPER, required)).toBe(false);
    expect(isTwoFactorRequired(null, { admin: true, carrier: true })).toBe(false);
  });
});
