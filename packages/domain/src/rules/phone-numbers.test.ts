import { describe, expect, it } from 'vitest';
import { isE164 } from './phone-numbers.ts';

describe('the E.164 form', () => {
  it('when a number has a plus, a country code and 8 to 15 digits then it is E.164', () => {
    for (const n of ['+919876543210', '+14155550100', '+4915112345678', '+12345678', '+123456789012345']) {
      expect(isE164(n), n).toBe(true);
    }
  });

  it('when the plus is missing, the country code starts with 0, or the digits are too few or too many then it is not', () => {
    for (const n of [
      '919876543210',
      '+0919876543210',
      '+1234567',
      '+1234567890123456',
      '+91 98765 43210',
      '',
    ]) {
      expect(isE164(n), n).toBe(false);
    }
  });
});
