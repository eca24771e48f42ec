import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES } from '../contracts/wallet.ts';
import { rcsMessageType, whatsappMessagePrice, whatsappPricingCategory } from './pricing.ts';

describe('the message type an RCS message is priced as (decision 0032)', () => {
  it.each(MESSAGE_TYPES)('when the bot is %s and the message says nothing then the bot decides', (type) => {
    expect(rcsMessageType({ botCategory: type })).toBe(type);
  });

  it.each([
    ['AUTHENTICATION', 'OTP'],
    ['PROMOTION', 'Promotional'],
    ['TRANSACTION', 'Transactional'],
    ['SERVICEREQUEST', 'Transactional'],
    ['ACKNOWLEDGEMENT', 'Transactional'],
  ] as const)('when RBM says %s then it is priced as %s, whatever the bot is', (traffic, type) => {
    expect(rcsMessageType({ trafficType: traffic, botCategory: 'Multi-Use' })).toBe(type);
  });

  it.each([null, undefined, '', 'Unknown'])(
    'when the bot has no known category (%s) then Transactional',
    (c) => {
      expect(rcsMessageType({ botCategory: c })).toBe('Transactional');
    },
  );
});

describe('the category and price of a WhatsApp message (decision 0033)', () => {
  const card = {
    prices: [
      { category: 'marketing', priceMicros: 25_000n },
      { category: 'utility', priceMicros: 4_000n },
      { category: 'authentication', priceMicros: 13_500n },
      { category: 'service', priceMicros: 0n },
    ],
  };

  it.each([
    ['MARKETING', 'marketing', 25_000n],
    ['UTILITY', 'utility', 4_000n],
    ['AUTHENTICATION', 'authentication', 13_500n],
  ] as const)("when a template is %s then it costs the card's %s price", (template, category, micros) => {
    const priced = whatsappPricingCategory({ kind: 'template' }, template);
    expect(priced).toBe(category);
    expect(whatsappMessagePrice(card, priced)).toEqual({ category, priceMicros: micros });
  });

  it.each(['text', 'file', 'rich_card'])('when a %s message is sent then it is a service reply', (kind) => {
    const priced = whatsappPricingCategory({ kind }, 'MARKETING');
    expect(priced).toBe('service');
    expect(whatsappMessagePrice(card, priced)).toEqual({ category: 'service', priceMicros: 0n });
  });

  it('when the bot has no such template then the highest template price applies, never less', () => {
    const priced = whatsappPricingCategory({ kind: 'template' }, null);
    expect(priced).toBeNull();
    expect(whatsappMessagePrice(card, priced)).toEqual({ category: 'marketing', priceMicros: 25_000n });
  });

  it('when the card does not price the category then nothing prices it', () => {
    expect(
      whatsappMessagePrice({ prices: [{ category: 'marketing', priceMicros: 1n }] }, 'utility'),
    ).toBeNull();
    expect(whatsappMessagePrice({ prices: [] }, null)).toBeNull();
  });
});
