import { describe, expect, it } from 'vitest';
import { TOPUP_STATUSES } from '../contracts/wallet.ts';
import { applyPaymentOutcome, type PaymentOutcome } from './payment-state.ts';

describe('applyPaymentOutcome (decision 0014)', () => {
  it.each([
    ['pending', 'succeeded', 'succeeded', true],
    ['pending', 'failed', 'failed', false],
    ['pending', 'abandoned', 'abandoned', false],
    // A late success is credited, whatever closed the checkout first.
    ['failed', 'succeeded', 'succeeded', true],
    ['abandoned', 'succeeded', 'succeeded', true],
    // Nothing undoes a success, and a closed checkout is not closed again another way.
    ['succeeded', 'succeeded', 'succeeded', false],
    ['succeeded', 'failed', 'succeeded', false],
    ['succeeded', 'abandoned', 'succeeded', false],
    ['failed', 'abandoned', 'failed', false],
    ['abandoned', 'failed', 'abandoned', false],
    ['failed', 'failed', 'failed', false],
  ] as const)('a %s top-up told %s becomes %s (credit: %s)', (current, outcome, status, credit) => {
    expect(applyPaymentOutcome(current, outcome)).toEqual({ status, credit });
  });

  it('credits only on the move into succeeded, so any sequence of events credits at most once', () => {
    const outcomes: PaymentOutcome[] = ['succeeded', 'failed', 'abandoned'];
    for (const start of TOPUP_STATUSES) {
      for (const a of outcomes)
        for (const b of outcomes)
          for (const c of outcomes) {
            let status = start;
            let credits = 0;
            for (const outcome of [a, b, c]) {
              const next = applyPaymentOutcome(status, outcome);
              if (next.credit) credits += 1;
              status = next.status;
            }
            expect(credits).toBeLessThanOrEqual(1);
            if ([a, b, c].includes('succeeded')) expect(status).toBe('succeeded');
          }
    }
  });
});
