import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { createQueryClient, shouldRetry } from './query-client';

/** What the client throws for an HTTP error status (here a 404 without an envelope). */
const withResponse = () => new ApiError('Not found', { statusCode: null, httpStatus: 404 });

describe('query retries', () => {
  const retry = shouldRetry(3);

  it('never retries the HTTP error class', () => {
    expect(retry(0, new ApiError('Bot name already taken', { statusCode: 11, httpStatus: 200 }))).toBe(false);
    expect(retry(0, withResponse())).toBe(false);
  });

  it('retries other failures up to 3 times', () => {
    // What fetch throws when the network fails.
    const network = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((count) => retry(count, network))).toEqual([true, true, true, false]);
    expect(retry(2, new Error('boom'))).toBe(true);
  });

  it('partner details retry once', () => {
    const once = shouldRetry(1);
    expect(once(0, new Error('x'))).toBe(true);
    expect(once(1, new Error('x'))).toBe(false);
  });

  it('does not refetch when the window regains focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(typeof defaults?.retry).toBe('function');
  });
});
