import { createRequire } from 'node:module';
import type { TGeolocation } from '@portico/domain';
import { LIMITS } from '@portico/domain';
import { LRUCache } from 'lru-cache';
import maxmind, { type Reader, type Response } from 'maxmind';
import type { GeolocationRepository } from './geolocation.repository.ts';

/** Where an IP is: an ISO country code, or null when unknown (private addresses, no data). */
export type CountryLookup = (ip: string) => Promise<string | null>;

const require = createRequire(import.meta.url);
const CACHE_SIZE = 10_000;

/**
 * The offline country database (CC0 data from @ip-location-db, IPv4 and IPv6), opened once on first
 * use: ~12 ms, no network.
 */
export function offlineCountryLookup(): CountryLookup {
  let reader: Promise<Reader<Response>> | undefined;
  return async (ip) => {
    reader ??= maxmind.open(
      require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb'),
    );
    if (!maxmind.validate(ip)) return null;
    // This database's records are { country_code }, not MaxMind's own shapes.
    const record = (await reader).get(ip) as { country_code?: unknown } | null;
    return typeof record?.country_code === 'string' ? record.country_code : null;
  };
}

/**
 * An HTTP provider: GEOLOCATION_URL with `{ip}` in it, answering JSON with `country_code` or
 * `countryCode` (ipapi.co, ip-api.com and similar). Five seconds at most.
 */
export function httpCountryLookup(urlTemplate: string, fetchImpl: typeof fetch = fetch): CountryLookup {
  return async (ip) => {
    const response = await fetchImpl(urlTemplate.replace('{ip}', encodeURIComponent(ip)), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { country_code?: unknown; countryCode?: unknown };
    const code = body.country_code ?? body.countryCode;
    return typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
  };
}

/**
 * The geolocation call: the caller's country and region (India or Rest of World), each IP's answer
 * kept for an hour (spec section 9: geolocation cache 3600000 ms) so the provider is asked rarely.
 * Concurrent requests from one IP share one lookup (lru-cache's fetch).
 */
export function createGeolocationService(deps: {
  repository: GeolocationRepository;
  lookup: CountryLookup;
  now?: () => number;
}) {
  const cache = new LRUCache<string, TGeolocation>({
    max: CACHE_SIZE,
    ttl: LIMITS.geolocationCacheMs,
    // Read the clock on every check (the default caches it for a millisecond): tests move it.
    ttlResolution: 0,
    ...(deps.now ? { perf: { now: deps.now } } : {}),
    fetchMethod: async (ip) => {
      const countryId = await deps.lookup(ip).catch(() => null);
      const country = countryId ? await deps.repository.country(countryId) : undefined;
      return {
        countryId: country ? countryId : null,
        countryName: country?.name ?? null,
        region: country?.region === 'India' ? 'India' : 'Rest of World',
      };
    },
  });
  return {
    async locate(ip: string): Promise<TGeolocation> {
      const value = await cache.fetch(ip);
      // fetchMethod always answers (an unknown IP is Rest of World); undefined only if it was aborted.
      if (!value) throw new Error(`geolocation of ${ip} was aborted`);
      return value;
    },
  };
}
export type GeolocationService = ReturnType<typeof createGeolocationService>;
