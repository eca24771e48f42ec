/** The product code that replaces `{product}` in the spec (roles, routes, flags). Configurable in the API; the web app reads it from /api/v1/app-config. */
export const PRODUCT_CODE = 'PORTICO';
export const PRODUCT_SLUG = 'portico';
/** Default brand name replacing `{brand}`. */
export const DEFAULT_BRAND_NAME = 'Portico';

/** Product status codes carried in every response envelope (spec section 8). */
export const STATUS_CODE = { success: 10, failed: 11, custom: 13 } as const;
export type StatusCode = (typeof STATUS_CODE)[keyof typeof STATUS_CODE];

/** Messages shown for HTTP statuses (spec section 8). */
export const HTTP_STATUS_MESSAGES = {
  503: 'The server is currently unable to handle the request. Please try again later.',
  500: 'The server encountered an unexpected error. Please try again later.',
  401: 'Authentication failed. Please refresh the page to try again.',
  default: 'Application has encountered unexpected error. We will be looking into this.',
} as const;

export function messageForHttpStatus(status: number | undefined): string {
  if (status === 503 || status === 500 || status === 401) return HTTP_STATUS_MESSAGES[status];
  return HTTP_STATUS_MESSAGES.default;
}

export const USER_DETAILS_NOT_PRESENT = 'User details not present';
export const PAYLOAD_REQUIRED = 'Payload is required';
export const STATE_MISSING_MESSAGE = 'Could not get state from storage.';

/** Limits and identifiers (spec section 9). */
export const LIMITS = {
  audienceSize: 100_000_000,
  byteUnit: 1000,
  audienceFileNameMaxLength: 50,
  maxConfigured: 1_000_000,
  profileCompleteThreshold: 100,
  pieProgressCountdown: 120,
  apiRequestTimeoutMs: 100_000,
  queryRetryLimit: 3,
  partnerDetailsRetry: 1,
  geolocationCacheMs: 3_600_000,
  imageRetryLimit: 5,
} as const;

export const PARTNER_CODE = 'DG';
export const DEFAULT_PLAN_CODE = 'MPG01';
export const USER_TYPE_TAG = 'developer';
export const OAUTH_SCOPE = 'user_info';
export const ENVIRONMENT = 'production';
export const LAUNCH_DATE = '01/01/2023';
export const API_TYPE_OPTIONS = ['Google API', 'GSMA API'] as const;
export const ACCOUNT_TABS = ['account-details', 'manage-users'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** Reference-data list windows (spec section 9). */
export const LIST_WINDOW = { start: 0, end: 30 } as const;
export const INDUSTRY_TYPES_WINDOW = { start: 0, end: 500 } as const;

/** Token storage (spec sections 4 and 9). */
export const TOKEN_COOKIE_NAME = 'portico_token';
export const TOKEN_STORAGE_KEY = 'portico_token';
export const TOKEN_COOKIE_MAX_AGE_SECONDS = 86_400;
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
/**
 * The longest a partner access token may be configured to live (PARTNER_TOKEN_LIFETIME_SECONDS):
 * the longest lifetime of anything the identity provider's signing keys sign, so a replaced key is
 * kept at least this long (decision 0015).
 */
export const PARTNER_TOKEN_MAX_LIFETIME_SECONDS = 86_400;
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export const REGIONS = ['India', 'Rest of World'] as const;
export type Region = (typeof REGIONS)[number];
