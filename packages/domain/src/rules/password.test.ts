import { describe, expect, it } from 'vitest';
import { ZChangePasswordRequest, ZSetPasswordRequest } from '../contracts/accounts.ts';
import { PASSWORD_MISMATCH, passwordProblem, passwordRuleResults } from './password.ts';

describe('password rules', () => {
  it('names every missing rule, and accepts a password meeting them all', () => {
    expect(passwordProblem('abc')).toBe(
      'The password is too weak: it needs 8 to 128 characters, an upper-case letter, a digit, a symbol such as ! @ # or $.',
    );
    expect(passwordProblem('Portico!Demo2026')).toBeNull();
    expect(passwordProblem('Ünïcødé!Pass1')).toBeNull();
    expect(passwordProblem(`Aa1!${'x'.repeat(125)}`)).toMatch(/8 to 128 characters/);
  });

  it('reports each rule as met or not, for the checklist shown while typing', () => {
    expect(passwordRuleResults('a1').map((r) => [r.id, r.met])).toEqual([
      ['length', false],
      ['lower', true],
      ['upper', false],
      ['digit', true],
      ['symbol', false],
    ]);
  });

  it('set password and change password refuse a mismatched confirmation on the confirmation field', () => {
    const set = ZSetPasswordRequest.safeParse({
      token: 'x'.repeat(43),
      password: 'Str0ng!Pass',
      confirmPassword: 'Str0ng!Pas',
    });
    expect(set.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: PASSWORD_MISMATCH }),
    ]);
    const same = ZChangePasswordRequest.safeParse({
      currentPassword: 'Str0ng!Pass',
      newPassword: 'Str0ng!Pass',
      confirmPassword: 'Str0ng!Pass',
    });
    expect(same.error?.issues[0]?.path).toEqual(['newPassword']);
  });
});
