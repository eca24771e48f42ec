import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('when hashed then it is argon2id with a salt, and verifies', async () => {
    const hash = await hashPassword('Portico!Demo2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Portico!Demo2026')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Portico!Demo2026')).toBe(true);
  });

  it('when the password is wrong or the hash unusable then false', async () => {
    const hash = await hashPassword('right');
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(await verifyPassword('', 'right')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'right')).toBe(false);
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
  });
});
