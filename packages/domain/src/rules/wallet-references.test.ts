import { describe, expect, it } from 'vitest';
import {
  apiMessagesReference,
  campaignReference,
  launchReference,
  topUpReference,
} from './wallet-references.ts';

describe('wallet references', () => {
  it('name what the money was for, in words, never an id', () => {
    expect(topUpReference(250_000_000n)).toBe('Top-up of $250.00');
    expect(launchReference('Chai Bot')).toBe('Launch of Chai Bot');
    expect(launchReference('Chai Bot', 'added carriers')).toBe('Launch of Chai Bot: added carriers');
    expect(campaignReference('Diwali offers')).toBe('Campaign Diwali offers');
    expect(apiMessagesReference(new Date('2026-03-05T14:30:00Z'))).toBe(
      'API messages to 05/03/2026 | 02:30 PM UTC',
    );
  });

  it('fit the ledger’s 100 characters', () => {
    expect(launchReference('x'.repeat(200))).toHaveLength(100);
  });
});
