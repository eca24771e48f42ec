import { describe, expect, it } from 'vitest';
import { KEY_ROTATION, orderForUse, type RotatingKey, rotate } from './keys.ts';

const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 1);

describe('key rotation rules', () => {
  it('when the newest key is younger than the period then nothing is added', () => {
    const keys: RotatingKey<string>[] = [{ key: 'a', activeFrom: T - 5 * DAY }];
    const result = rotate(keys, T, () => 'b', KEY_ROTATION.signingRetentionMs);
    expect(result).toMatchObject({ added: false, dropped: 0 });
    expect(result.entries.map((e) => e.key)).toEqual(['a']);
  });

  it('when the period has passed then a new key is published ahead of its time and the old one still signs', () => {
    const keys: RotatingKey<string>[] = [{ key: 'a', activeFrom: T - 31 * DAY }];
    const result = rotate(keys, T, () => 'b', KEY_ROTATION.signingRetentionMs);
    expect(result.added).toBe(true);
    expect(result.entries).toEqual([
      { key: 'b', activeFrom: T + KEY_ROTATION.prepublishMs },
      { key: 'a', activeFrom: T - 31 * DAY },
    ]);
    // Published (it verifies) but not yet signing: every instance loads it first.
    expect(orderForUse(result.entries, T)).toEqual(['a', 'b']);
    expect(orderForUse(result.entries, T + KEY_ROTATION.prepublishMs)).toEqual(['b', 'a']);
  });

  it('when a replaced key is past its retention then it is dropped, and not before', () => {
    const keys: RotatingKey<string>[] = [
      { key: 'b', activeFrom: T - KEY_ROTATION.signingRetentionMs + 1 },
      { key: 'a', activeFrom: T - 40 * DAY },
    ];
    expect(rotate(keys, T, () => 'c', KEY_ROTATION.signingRetentionMs).dropped).toBe(0);
    const later = rotate(keys, T + 2, () => 'c', KEY_ROTATION.signingRetentionMs);
    expect(later).toMatchObject({ added: false, dropped: 1 });
    expect(later.entries.map((e) => e.key)).toEqual(['b']);
  });

  it('when keys were stored before rotation existed (no activation times) then they count as active', () => {
    expect(orderForUse([{ key: 'legacy', activeFrom: 0 }], T)).toEqual(['legacy']);
  });
});
