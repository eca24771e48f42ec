import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { createSecretBox } from './secret-box.ts';

// With a configured key the database is never asked for one.
const noDatabase = {} as Database;

describe('secret box', () => {
  it('when a secret is sealed then the stored value does not contain it and opens back to it', async () => {
    const box = createSecretBox(noDatabase, randomBytes(32).toString('base64'));
    const sealed = await box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(await box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('when the value was changed or sealed with another key then it does not open', async () => {
    const box = createSecretBox(noDatabase, randomBytes(32).toString('base64'));
    const sealed = await box.seal('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[4] = body.toString('base64url');
    await expect(box.open(parts.join('.'))).rejects.toThrow();
    const other = createSecretBox(noDatabase, randomBytes(32).toString('base64'));
    await expect(other.open(sealed)).rejects.toThrow(/another key/);
  });
});
