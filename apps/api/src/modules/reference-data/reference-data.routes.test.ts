import {
  LOOKUP_KINDS,
  ZBillingCategory,
  ZCarrier,
  ZCountry,
  ZListResult,
  ZLookupValue,
} from '@portico/domain';
import { getCountries } from 'libphonenumber-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/reference${url}` });
const countries = ZListResult(ZCountry);
const carriers = ZListResult(ZCarrier);
const lookups = ZListResult(ZLookupValue);

describe('countries', () => {
  it('when listed with no window then the first 30 of every country come back, with the total', async () => {
    const list = countries.parse(expectEnvelope(await get('/countries'), 200).data);
    expect(list.items).toHaveLength(30);
    expect(list.total).toBe(getCountries().length);
    expect(list.items[0]).toEqual({
      country_id: 'AF',
      name: 'Afghanistan',
      dialling_code: '+93',
      region: 'Rest of World',
    });
  });

  it('when a window is given then exactly that slice comes back, in name order', async () => {
    const all = countries.parse(expectEnvelope(await get('/countries?start=0&end=500'), 200).data);
    expect(all.items).toHaveLength(all.total);
    const slice = countries.parse(expectEnvelope(await get('/countries?start=100&end=110'), 200).data);
    expect(slice.items).toEqual(all.items.slice(100, 110));
    const names = all.items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('carries real dialling codes, and India alone is region India', async () => {
    const all = countries.parse(expectEnvelope(await get('/countries?end=500'), 200).data);
    const byId = new Map(all.items.map((c) => [c.country_id, c]));
    expect(byId.get('IN')).toEqual({
      country_id: 'IN',
      name: 'India',
      dialling_code: '+91',
      region: 'India',
    });
    expect(byId.get('US')?.dialling_code).toBe('+1');
    expect(byId.get('GB')).toMatchObject({ name: 'United Kingdom', dialling_code: '+44' });
    expect(byId.get('DE')?.dialling_code).toBe('+49');
    expect(byId.get('ZA')?.dialling_code).toBe('+27');
    expect(all.items.filter((c) => c.region === 'India').map((c) => c.country_id)).toEqual(['IN']);
  });

  it('when searched then only matching names count', async () => {
    const list = countries.parse(expectEnvelope(await get('/countries?search=guinea'), 200).data);
    expect(list.items.map((c) => c.country_id).sort()).toEqual(['GN', 'GQ', 'GW', 'PG'].sort());
    expect(list.total).toBe(4);
    const wildcard = countries.parse(expectEnvelope(await get('/countries?search=%25'), 200).data);
    expect(wildcard.total).toBe(0);
  });

  it('when the window is past the end then items are empty and the total still says how many', async () => {
    const list = countries.parse(expectEnvelope(await get('/countries?start=400&end=430'), 200).data);
    expect(list).toEqual({ items: [], total: getCountries().length });
  });
});

describe('carriers', () => {
  it('when filtered by country then only that country’s operators come back, with MCC-MNC', async () => {
    const list = carriers.parse(expectEnvelope(await get('/carriers?country_id=in'), 200).data);
    expect(list.items.map((c) => c.carrier_name).sort()).toEqual(
      ['BSNL', 'Bharti Airtel', 'MTNL', 'Reliance Jio', 'Vi (Vodafone Idea)'].sort(),
    );
    expect(list.total).toBe(5);
    for (const carrier of list.items) {
      expect(carrier).toMatchObject({ country_id: 'IN', country_name: 'India' });
      expect(carrier.mcc_mnc).toMatch(/^40[45]-\d{2,3}$/);
    }
  });

  it('when not filtered then carriers of several markets come back in windows', async () => {
    const all = carriers.parse(expectEnvelope(await get('/carriers?end=100'), 200).data);
    expect(new Set(all.items.map((c) => c.country_id))).toEqual(
      new Set(['IN', 'US', 'GB', 'DE', 'BR', 'ID', 'MX', 'ZA']),
    );
    const page = carriers.parse(expectEnvelope(await get('/carriers?start=5&end=10'), 200).data);
    expect(page.items).toEqual(all.items.slice(5, 10));
    expect(page.total).toBe(all.total);
  });

  it('when the country has no carriers then the list is empty', async () => {
    expect(carriers.parse(expectEnvelope(await get('/carriers?country_id=AQ'), 200).data)).toEqual({
      items: [],
      total: 0,
    });
  });

  it('when sorted by a column header then the carriers come in that order both ways; by country by default', async () => {
    const list = async (query: string) =>
      carriers.parse(expectEnvelope(await get(`/carriers?end=100${query}`), 200).data).items;
    const byDefault = await list('');
    const countriesOf = (items: typeof byDefault) => [...new Set(items.map((c) => c.country_name))];
    const countryNames = countriesOf(byDefault);
    expect(countryNames).toEqual([...countryNames].sort());
    expect(await list('&sort=country&order=asc')).toEqual(byDefault);
    expect(countriesOf(await list('&sort=country&order=desc'))).toEqual([...countryNames].reverse());
    const names = (await list('&sort=carrier&order=asc')).map((c) => c.carrier_name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await list('&sort=carrier&order=desc')).map((c) => c.carrier_name.toLowerCase())).toEqual(
      [...names].reverse(),
    );
    const codes = (await list('&sort=mcc_mnc&order=asc')).map((c) => c.mcc_mnc ?? '~');
    expect(codes).toEqual([...codes].sort());
    const indian = await list('&country_id=IN&sort=country&order=desc');
    expect(indian.map((c) => c.carrier_name)).toEqual([
      'BSNL',
      'Bharti Airtel',
      'MTNL',
      'Reliance Jio',
      'Vi (Vodafone Idea)',
    ]);
  });

  it('when the sort is not one the list knows then 400 names the fields', async () => {
    const body = expectEnvelope(await get('/carriers?sort=population'), 400);
    expect(body.message).toMatch(/sort must be one of country, carrier, mcc_mnc/);
    expectEnvelope(await get('/carriers?sort=carrier&order=upwards'), 400);
  });

  it('when country_id is not a two-letter code then 400 names it', async () => {
    const body = expectEnvelope(await get('/carriers?country_id=IND'), 400);
    expect(body.message).toBe(
      "Invalid query parameter 'country_id': country_id must be a two-letter country code",
    );
  });
});

describe('lookup lists', () => {
  it.each(LOOKUP_KINDS.filter((k) => k !== 'billing-categories'))(
    '%s returns {items, total} of real values',
    async (kind) => {
      const list = lookups.parse(expectEnvelope(await get(`/${kind}`), 200).data);
      expect(list.total).toBeGreaterThan(0);
      expect(list.items.length).toBe(Math.min(list.total, kind === 'industry-types' ? 500 : 30));
    },
  );

  it('agent message types are the spec’s four, in order', async () => {
    const list = lookups.parse(expectEnvelope(await get('/agent-message-types'), 200).data);
    expect(list.items.map((v) => v.name)).toEqual(['Promotional', 'OTP', 'Multi-Use', 'Transactional']);
  });

  it('industry types default to the 0-500 window and hold about forty real industries', async () => {
    const list = lookups.parse(expectEnvelope(await get('/industry-types'), 200).data);
    expect(list.total).toBeGreaterThanOrEqual(35);
    expect(list.items).toHaveLength(list.total);
    expect(list.items.map((v) => v.name)).toContain('Banking');
  });

  it('billing categories carry billingCategoryName', async () => {
    const list = ZListResult(ZBillingCategory).parse(
      expectEnvelope(await get('/billing-categories'), 200).data,
    );
    expect(list.items.map((c) => c.billingCategoryName)).toContain('Conversational');
    expect(list.items[0]).toEqual({
      id: expect.any(Number),
      code: 'CONVERSATIONAL',
      billingCategoryName: 'Conversational',
    });
  });
});

describe('list windows', () => {
  it.each([
    [
      'a window wider than 500',
      '/countries?start=0&end=501',
      "Invalid query parameter 'end': a list window may span at most 500 items (end - start)",
    ],
    [
      'an industry window wider than 500',
      '/industry-types?start=10&end=600',
      "Invalid query parameter 'end'",
    ],
    [
      'end before start',
      '/countries?start=30&end=10',
      "Invalid query parameter 'end': end must be greater than start",
    ],
    ['a negative start', '/countries?start=-1', "Invalid query parameter 'start'"],
    ['a non-numeric end', '/categories?end=lots', "Invalid query parameter 'end'"],
    ['a fractional start', '/categories?start=1.5', "Invalid query parameter 'start'"],
    ['a very long search', `/countries?search=${'x'.repeat(101)}`, "Invalid query parameter 'search'"],
  ])('when asked for %s then 400 names the parameter', async (_label, url, message) => {
    const body = expectEnvelope(await get(url), 400);
    expect(body.message.startsWith(message)).toBe(true);
  });

  it('when exactly 500 are asked for then it is allowed', async () => {
    expectEnvelope(await get('/countries?start=0&end=500'), 200);
    expectEnvelope(await get('/countries?start=100&end=600'), 200);
  });

  it('needs no token: reference data is public', async () => {
    expectEnvelope(await get('/hosting-regions'), 200);
  });
});
