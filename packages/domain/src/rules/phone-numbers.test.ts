import fc from 'fast-check';
import { getCountries, getExampleNumber } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import {
  E164_MESSAGE,
  INTERNATIONAL_NUMBER_MESSAGE,
  isE164,
  isInternationalNumber,
  toE164,
  zE164,
  zInternationalNumber,
} from './phone-numbers.ts';

/** A country code and subscriber digits: `count` digits in all, the first not 0. */
const digits = (min: number, max: number) =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 9 }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min - 1, maxLength: max - 1 }),
    )
    .map(([first, rest]) => `${first}${rest.join('')}`);

describe('the E.164 form', () => {
  it('when a number has a plus, a country code and 7 to 15 digits then it is E.164', () => {
    for (const n of ['+919876543210', '+14155550100', '+4915112345678', '+6907290', '+123456789012345']) {
      expect(isE164(n), n).toBe(true);
    }
  });

  it('when the plus is missing, the country code starts with 0, or the digits are too few or too many then it is not', () => {
    for (const n of [
      '919876543210',
      '+0919876543210',
      '+123456',
      '+1234567890123456',
      '+91 98765 43210',
      ' +919876543210',
      '',
    ]) {
      expect(isE164(n), n).toBe(false);
    }
  });

  it("when a country's example mobile number (libphonenumber-js) is written in E.164 then it is accepted, with and without its plus", () => {
    // The shortest numbers in service (Tokelau, Tristan da Cunha) have 7 digits: a rule of 8 refused them.
    const numbers = getCountries().flatMap((country) => getExampleNumber(country, examples)?.number ?? []);
    expect(numbers.length).toBeGreaterThan(200);
    for (const n of numbers) {
      expect(isE164(n), n).toBe(true);
      expect(isInternationalNumber(n.slice(1)), n).toBe(true);
    }
    expect(numbers).toContain('+6907290');
  });

  it('for any 7 to 15 digits not starting with 0, with a plus it is E.164 and without it only international', () => {
    fc.assert(
      fc.property(digits(7, 15), (d) => {
        expect(isE164(`+${d}`)).toBe(true);
        expect(isE164(d)).toBe(false);
        expect(isInternationalNumber(d)).toBe(true);
        expect(isInternationalNumber(`+${d}`)).toBe(true);
      }),
    );
  });

  it('for any digits too few (under 7) or too many (over 15) it is neither form', () => {
    fc.assert(
      fc.property(fc.oneof(digits(1, 6), digits(16, 25)), (d) => {
        expect(isE164(`+${d}`)).toBe(false);
        expect(isInternationalNumber(d)).toBe(false);
      }),
    );
  });

  it('for any text, it is international exactly when its E.164 form is E.164, and E.164 is international', () => {
    const phoneLike = fc.stringMatching(/^\+?[0-9 ]{0,17}$/);
    fc.assert(
      fc.property(fc.oneof(phoneLike, fc.string()), (text) => {
        expect(isInternationalNumber(text)).toBe(isE164(toE164(text)));
        if (isE164(text)) expect(isInternationalNumber(text)).toBe(true);
        if (isE164(text)) expect(toE164(text)).toBe(text);
      }),
    );
  });
});

describe('the contract fields', () => {
  it('when a field is not E.164 then it is refused with the one message of that meaning', () => {
    expect(zE164().safeParse('+919876543210').success).toBe(true);
    expect(zE164().safeParse('919876543210').error?.issues[0]?.message).toBe(E164_MESSAGE);
    expect(zInternationalNumber().safeParse('919876543210').success).toBe(true);
    expect(zInternationalNumber().safeParse('+0919876543210').error?.issues[0]?.message).toBe(
      INTERNATIONAL_NUMBER_MESSAGE,
    );
  });

  it('when a field trims then surrounding spaces are taken away, otherwise they are refused', () => {
    expect(zE164({ trim: true }).parse(' +919876543210 ')).toBe('+919876543210');
    expect(zE164().safeParse(' +919876543210 ').success).toBe(false);
    expect(zInternationalNumber({ trim: true }).parse(' 919876543210 ')).toBe('919876543210');
  });

  it('when a field is missing then it says the message it was given', () => {
    expect(
      zE164({ required: 'Enter the phone number.' }).safeParse(undefined).error?.issues[0]?.message,
    ).toBe('Enter the phone number.');
  });

  it('for any text, the field accepts exactly what the rule accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\+?[0-9]{0,17}$/), fc.string()), (text) => {
        expect(zE164().safeParse(text).success).toBe(isE164(text));
        expect(zInternationalNumber().safeParse(text).success).toBe(isInternationalNumber(text));
      }),
    );
  });
});
