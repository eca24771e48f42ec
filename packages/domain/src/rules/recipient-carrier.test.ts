import { describe, expect, it } from 'vitest';
import { carrierOfNationalNumber, unknownCarrierQuote } from './recipient-carrier.ts';

describe('carrierOfNationalNumber', () => {
  const ranges = [
    { prefix: '7', carrierId: 1 },
    { prefix: '79', carrierId: 2 },
    { prefix: '795', carrierId: 3 },
    { prefix: '8', carrierId: 4 },
  ];
  it('when several ranges start the number then the longest one names the carrier', () => {
    expect(carrierOfNationalNumber('7951234567', ranges)).toBe(3);
    expect(carrierOfNationalNumber('7911234567', ranges)).toBe(2);
    expect(carrierOfNationalNumber('7011234567', ranges)).toBe(1);
  });
  it('when no range starts the number then the carrier is unknown', () => {
    expect(carrierOfNationalNumber('6011234567', ranges)).toBeNull();
    expect(carrierOfNationalNumber('6011234567', [])).toBeNull();
  });
});

describe('unknownCarrierQuote', () => {
  it('when the carrier is unknown then the highest price of the country applies', () => {
    const quote = unknownCarrierQuote([
      { carrierId: 1, ratePlanId: 10, priceMicros: 3_000n },
      { carrierId: 2, ratePlanId: 11, priceMicros: 9_000n },
      { carrierId: 3, ratePlanId: 12, priceMicros: 4_000n },
    ]);
    expect(quote).toEqual({ carrierId: 2, ratePlanId: 11, priceMicros: 9_000n });
  });
  it('when no carrier of the country prices the message then there is no quote', () => {
    expect(unknownCarrierQuote([])).toBeNull();
  });
});
