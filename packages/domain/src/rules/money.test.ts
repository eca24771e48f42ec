import { describe, expect, it } from 'vitest';
import { BOT_MESSAGE_CATEGORIES } from '../constants/statuses.ts';
import { MESSAGE_TYPES, ZRatePlanCreate, ZTopupRequest } from '../contracts/wallet.ts';
import { formatCurrency } from './formats.ts';
import { formatMicros, parseMoney } from './money.ts';
import {
  crossesBelowThreshold,
  effectiveUntil,
  effectiveVersion,
  messagePrice,
  verificationTotal,
} from './pricing.ts';

describe('money as integer micro-units', () => {
  it.each([
    ['0', 0n],
    ['12', 12_000_000n],
    ['12.5', 12_500_000n],
    ['0.0045', 4_500n],
    ['-3.25', -3_250_000n],
    ['9999999999999.999999', 9_999_999_999_999_999_999n],
  ])('when %s is parsed then %s micros', (text, micros) => {
    expect(parseMoney(text)).toBe(micros);
  });

  it.each(['', 'abc', '1e3', '0x10', '1.2345678', '12.', '.5', 'NaN', '1,000'])(
    'when %s is parsed then null',
    (text) => {
      expect(parseMoney(text)).toBeNull();
    },
  );

  it('when micros are formatted then at least 2 decimals, more only when present', () => {
    expect(formatMicros(12_500_000n)).toBe('12.50');
    expect(formatMicros(4_500n)).toBe('0.0045');
    expect(formatMicros(-1n)).toBe('-0.000001');
    expect(formatMicros('308304500')).toBe('308.3045');
    expect(formatCurrency(formatMicros(308_304_500n))).toBe('$308.30');
  });

  it('when parsed and formatted back then nothing is lost (no float anywhere)', () => {
    for (const text of ['0.10', '0.20', '0.30', '1234567890.123456']) {
      expect(parseMoney(formatMicros(parseMoney(text) ?? 0n))).toBe(parseMoney(text));
    }
    expect((parseMoney('0.1') ?? 0n) + (parseMoney('0.2') ?? 0n)).toBe(parseMoney('0.3'));
  });
});

describe('pricing rules', () => {
  const v = (ratePlanId: number, from: string) => ({ ratePlanId, effectiveFrom: new Date(from) });

  it('when versions follow each other then the one in force is the latest started, and each ends where the next begins', () => {
    const versions = [
      v(1, '2023-01-01T00:00:00Z'),
      v(2, '2025-06-01T00:00:00Z'),
      v(3, '2030-01-01T00:00:00Z'),
    ];
    expect(effectiveVersion(versions, new Date('2022-12-31T23:59:59Z'))).toBeNull();
    expect(effectiveVersion(versions, new Date('2024-01-01T00:00:00Z'))?.ratePlanId).toBe(1);
    expect(effectiveVersion(versions, new Date('2025-06-01T00:00:00Z'))?.ratePlanId).toBe(2);
    expect(effectiveUntil(versions, versions[0] as (typeof versions)[0])?.toISOString()).toBe(
      '2025-06-01T00:00:00.000Z',
    );
    expect(effectiveUntil(versions, versions[2] as (typeof versions)[0])).toBeNull();
  });

  it('when a message is priced then count x the line price; unpriced combinations are null', () => {
    const plan = { prices: [{ billingCategory: 'SINGLE_MESSAGE', messageType: 'OTP', priceMicros: 4_500n }] };
    expect(messagePrice(plan, 'SINGLE_MESSAGE', 'OTP', 1000)).toBe(4_500_000n);
    expect(messagePrice(plan, 'SINGLE_MESSAGE', 'Promotional')).toBeNull();
    expect(
      verificationTotal([{ verificationPriceMicros: 25_000_000n }, { verificationPriceMicros: 50_000_000n }]),
    ).toBe(75_000_000n);
  });

  it('when the balance moves then only a move from at-or-above to below the threshold is a crossing', () => {
    expect(crossesBelowThreshold(100n, 50n, 60n)).toBe(true);
    expect(crossesBelowThreshold(60n, 59n, 60n)).toBe(true);
    expect(crossesBelowThreshold(50n, 40n, 60n)).toBe(false);
    expect(crossesBelowThreshold(100n, 70n, 60n)).toBe(false);
    expect(crossesBelowThreshold(100n, 0n, null)).toBe(false);
  });
});

describe('wallet contracts', () => {
  it('when message types are compared with the bot message categories then they are the same list', () => {
    expect([...MESSAGE_TYPES]).toEqual([...BOT_MESSAGE_CATEGORIES]);
  });

  it('when a top-up amount is invalid then the message names the field', () => {
    expect(ZTopupRequest.safeParse({ amount: '25.50' }).success).toBe(true);
    const result = ZTopupRequest.safeParse({ amount: '9.99' });
    expect(result.error?.issues[0]?.message).toBe('Amount must be at least 10.00');
    expect(ZTopupRequest.safeParse({ amount: 'ten' }).error?.issues[0]?.message).toMatch(
      /^Amount must be an amount/,
    );
  });

  it('when a rate plan has no plan code then MPG01 is the default', () => {
    const parsed = ZRatePlanCreate.parse({
      carrier_id: 1,
      currency: 'USD',
      effective_from: '2030-01-01T00:00:00Z',
      verification_price: '25',
      prices: [{ billing_category: 'SINGLE_MESSAGE', message_type: 'OTP', price: '0.0045' }],
    });
    expect(parsed.plan_code).toBe('MPG01');
  });
});
