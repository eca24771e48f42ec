import { describe, expect, it } from 'vitest';
import { CURRENCY_SYMBOLS, currencySymbol } from './currencies.ts';

describe('currencySymbol', () => {
  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    ['GBP', '£'],
    ['INR', '₹'],
    ['JPY', '¥'],
    ['AUD', 'A$'],
    ['BRL', 'R$'],
    ['NGN', '₦'],
  ])('when the code is %s then the symbol is %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it('when the code is in lower case then it is looked up case-insensitively', () => {
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('inr')).toBe('₹');
  });

  it('when the code is unknown then the upper-cased code is shown instead', () => {
    expect(currencySymbol('XYZ')).toBe('XYZ');
    expect(currencySymbol('abc')).toBe('ABC');
  });

  it('when listing the table then every key is a three-letter ISO code with a non-empty symbol', () => {
    for (const [code, symbol] of Object.entries(CURRENCY_SYMBOLS)) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(symbol.length).toBeGreaterThan(0);
    }
  });
});
