/**
 * The one way query keys are made. Every key starts with its scope (a shared query's name, or a
 * feature's name), so `keys.all` invalidates everything of that scope and two features never share
 * a key by accident. Shared queries (lib/queries) use `sharedKeys`; each feature makes its own keys
 * with `queryKeys('<feature>')` in its api/ folder, so adding a feature edits no shared file.
 */
export type QueryKeyPart = string | number | boolean | null | Readonly<Record<string, string | number>>;

export function queryKeys<const Scope extends string>(scope: Scope) {
  return {
    /** Every key of this scope (for invalidation). */
    all: [scope] as const,
    /** A key of this scope: the scope, then the parts. */
    key: <const Parts extends readonly QueryKeyPart[]>(...parts: Parts) => [scope, ...parts] as const,
  };
}

/** Only the filters that are set (a key part and query parameters alike). */
export function setFilters(filters: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

const reference = queryKeys('reference');

/** Keys of the shared queries in lib/queries (and the app configuration). */
export const sharedKeys = {
  appConfig: queryKeys('app-config').all,
  partnerDetails: queryKeys('partner-details').all,
  referenceToken: queryKeys('reference-token').all,
  geolocation: queryKeys('geolocation').all,
  reference: {
    all: reference.all,
    countries: () => reference.key('countries'),
    industryTypes: () => reference.key('industry-types'),
    documentTypes: () => reference.key('document-types'),
    /** One window of carriers, all countries or one. */
    carriers: (window: { start: number; end: number }, countryId?: string, sort = '', order = '') =>
      reference.key('carriers', countryId ?? 'all', window.start, window.end, sort, order),
  },
} as const;
