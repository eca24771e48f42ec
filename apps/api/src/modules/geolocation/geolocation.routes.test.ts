import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createGeolocationRepository } from './geolocation.repository.ts';
import { createGeolocationService, httpCountryLookup } from './geolocation.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const locate = (remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/geolocation', remoteAddress });

describe('geolocation', () => {
  it("answers the caller's country and region from the offline database, cacheable for an hour", async () => {
    const india = await locate('49.36.0.1');
    expect(expectEnvelope(india, 200).data).toEqual({
      countryId: 'IN',
      countryName: 'India',
      region: 'India',
    });
    expect(india.headers['cache-control']).toBe('private, max-age=3600');
    expect(expectEnvelope(await locate('81.2.69.142'), 200).data).toEqual({
      countryId: 'GB',
      countryName: 'United Kingdom',
      region: 'Rest of World',
    });
    expect(expectEnvelope(await locate('2400:cb00::1'), 200).data).toMatchObject({ countryId: 'US' });
    expect(expectEnvelope(await locate('127.0.0.1'), 200).data).toEqual({
      countryId: null,
      countryName: null,
      region: 'Rest of World',
    });
  });

  it('asks the configured HTTP provider once per IP per hour', async () => {
    const asked: string[] = [];
    const fakeFetch = (async (url: string | URL | Request) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ country_code: 'in' }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    // Not 0: lru-cache reads a start time of 0 as "no TTL recorded".
    let clock = 1_000;
    const service = createGeolocationService({
      repository: createGeolocationRepository(t.database.db),
      lookup: httpCountryLookup('https://geo.example/{ip}/json', fakeFetch),
      now: () => clock,
    });
    expect(await service.locate('10.1.2.3')).toEqual({
      countryId: 'IN',
      countryName: 'India',
      region: 'India',
    });
    clock += 3_599_000;
    await service.locate('10.1.2.3');
    expect(asked).toEqual(['https://geo.example/10.1.2.3/json']);
    clock += 2_000;
    await service.locate('10.1.2.3');
    expect(asked).toHaveLength(2);
  });

  it('when one IP asks several times at once then the provider is asked once', async () => {
    let asked = 0;
    const slowFetch = (async () => {
      asked += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return new Response(JSON.stringify({ countryCode: 'FR' }));
    }) as typeof fetch;
    const service = createGeolocationService({
      repository: createGeolocationRepository(t.database.db),
      lookup: httpCountryLookup('https://geo.example/{ip}', slowFetch),
    });
    const answers = await Promise.all([1, 2, 3].map(() => service.locate('10.9.9.9')));
    expect(asked).toBe(1);
    expect(new Set(answers.map((a) => a.countryId))).toEqual(new Set(['FR']));
  });
});
