import { describe, expect, it } from 'vitest';
import {
  HTTP_STATUS_MESSAGES,
  LIMITS,
  messageForHttpStatus,
  PAYLOAD_REQUIRED,
  STATE_MISSING_MESSAGE,
  STATUS_CODE,
  USER_DETAILS_NOT_PRESENT,
} from './product.ts';

describe('messageForHttpStatus', () => {
  it.each([
    [503, 'The server is currently unable to handle the request. Please try again later.'],
    [500, 'The server encountered an unexpected error. Please try again later.'],
    [401, 'Authentication failed. Please refresh the page to try again.'],
  ])('when the status is %d then the spec message is shown', (status, message) => {
    expect(messageForHttpStatus(status)).toBe(message);
  });

  it.each([400, 403, 404, 429, 502, 504, 0, undefined])(
    'when the status is %s then the default message is shown',
    (status) => {
      expect(messageForHttpStatus(status)).toBe(
        'Application has encountered unexpected error. We will be looking into this.',
      );
      expect(messageForHttpStatus(status)).toBe(HTTP_STATUS_MESSAGES.default);
    },
  );
});

describe('product constants', () => {
  it('when reading the envelope status codes then success is 10, failed 11 and custom 13', () => {
    expect(STATUS_CODE).toEqual({ success: 10, failed: 11, custom: 13 });
  });

  it('when reading the fixed messages then they are the spec strings', () => {
    expect(PAYLOAD_REQUIRED).toBe('Payload is required');
    expect(USER_DETAILS_NOT_PRESENT).toBe('User details not present');
    expect(STATE_MISSING_MESSAGE).toBe('Could not get state from storage.');
  });

  it('when reading the limits then they are the spec values', () => {
    expect(LIMITS).toMatchObject({
      audienceSize: 100_000_000,
      byteUnit: 1000,
      audienceFileNameMaxLength: 50,
      maxConfigured: 1_000_000,
      profileCompleteThreshold: 100,
      pieProgressCountdown: 120,
      apiRequestTimeoutMs: 100_000,
      queryRetryLimit: 3,
      geolocationCacheMs: 3_600_000,
      imageRetryLimit: 5,
    });
  });
});
