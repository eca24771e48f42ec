import { ZListResult, ZRatePlan, ZWhatsappRateCard } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { seedDemoRateCards, seedRatePlans } from './wallet.seed.ts';

/**
 * WhatsApp rate cards (issue 25 point 2): versions per country managed by the platform admin, the
 * card in force on PRICING; the rate plans list's search and exports (issue 26 point 8).
 */

const SECURE = '/api/v1/secure';
const Cards = ZListResult(ZWhatsappRateCard);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedRatePlans(t.database);
  expect(await seedDemoRateCards(t.database)).toBe(8);
  // Idempotent: a second run adds nothing.
  expect(await seedDemoRateCards(t.database)).toBe(0);
});
afterAll(() => t.close());

const future = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const card = (effective_from: string, marketing = '0.02') => ({
  country_id: 'IN',
  currency: 'USD',
  effective_from,
  prices: [
    { category: 'marketing', price: marketing },
    { category: 'utility', price: '0.002' },
    { category: 'authentication', price: '0.002' },
    { category: 'service', price: '0' },
  ],
});

describe('WhatsApp rate cards', () => {
  it("when a read-write admin adds a version from tomorrow then PRICING keeps today's card and the old version ends tomorrow", async () => {
    const starts = future(24);
    const created = ZWhatsappRateCard.parse(
      expectEnvelope(
        await t.injectAs('ADMIN_PORTICO_READWRITE', {
          method: 'POST',
          url: `${SECURE}/whatsapp-rate-cards`,
          payload: card(starts),
        }),
        200,
      ).data,
    );
    expect(created).toMatchObject({ country_id: 'IN', country_name: 'India', effective_to: null });
    expect(created.prices.map((p) => [p.category, p.price])).toEqual([
      ['marketing', '0.02'],
      ['utility', '0.002'],
      ['authentication', '0.002'],
      ['service', '0.00'],
    ]);

    const list = Cards.parse(
      expectEnvelope(
        await t.injectAs('ADMIN_PORTICO_READONLY', {
          method: 'GET',
          url: `${SECURE}/whatsapp-rate-cards?search=indi`,
        }),
        200,
      ).data,
    );
    expect(list.total).toBe(2);
    // The newest version first; the demo version now ends where the new one starts.
    expect(list.items.map((c) => [c.rate_card_id === created.rate_card_id, c.effective_to])).toEqual([
      [true, null],
      [false, starts],
    ]);

    const { user } = await t.factories.account('DEVELOPER');
    const pricing = Cards.parse(
      expectEnvelope(
        await t.app.inject({
          method: 'GET',
          url: `${SECURE}/pricing/whatsapp?search=India`,
          headers: { authorization: `Bearer ${await t.tokenFor(user.userId)}` },
        }),
        200,
      ).data,
    );
    expect(pricing.total).toBe(1);
    expect(pricing.items[0]?.prices.find((p) => p.category === 'marketing')?.price).toBe('0.0107');
  });

  it('when PRICING is asked without a search then every demo country is listed with its card in force', async () => {
    const response = await t.injectAs('DEVELOPER', { method: 'GET', url: `${SECURE}/pricing/whatsapp` });
    const pricing = Cards.parse(expectEnvelope(response, 200).data);
    expect(pricing.total).toBe(8);
    expect(pricing.items.map((c) => c.country_id).sort()).toEqual([
      'BR',
      'DE',
      'GB',
      'ID',
      'IN',
      'MX',
      'US',
      'ZA',
    ]);
  });

  it.each([
    ['a date in the past', card('2024-01-01T00:00:00Z'), /past/],
    ['a category twice', { ...card(future(1)), prices: [card('').prices[0], card('').prices[0]] }, /twice/],
    ['an unknown category', { ...card(future(1)), prices: [{ category: 'promo', price: '1' }] }, /category/],
    ['no such country', { ...card(future(1)), country_id: 'QQ' }, /no such country/],
    ['a negative price', card(future(1), '-1'), /Price/],
  ])('when the card has %s then 400 with a clear message', async (_what, payload, message) => {
    const response = await t.injectAs('SUPER_ADMIN_PORTICO', {
      method: 'POST',
      url: `${SECURE}/whatsapp-rate-cards`,
      payload,
    });
    expect(expectEnvelope(response, 400).message).toMatch(message);
  });

  it('when a read-only admin tries to add a card then 403', async () => {
    const response = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'POST',
      url: `${SECURE}/whatsapp-rate-cards`,
      payload: card(future(1)),
    });
    expectEnvelope(response, 403);
  });

  it('when the cards are exported then the file lists a row per version and category', async () => {
    const xlsx = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'GET',
      url: `${SECURE}/whatsapp-rate-cards/export?format=xlsx&country_id=US`,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('whatsapp-rate-cards');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]?.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[4], r[5]])).toEqual([
      ['United States (US)', 'marketing', 0.025],
      ['United States (US)', 'utility', 0.004],
      ['United States (US)', 'authentication', 0.0135],
      ['United States (US)', 'service', 0],
    ]);
    const pdf = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'GET',
      url: `${SECURE}/whatsapp-rate-cards/export?format=pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the rate plans list: search and exports', () => {
  it('when the admin searches then only matching carriers, countries or plan codes are listed', async () => {
    const response = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'GET',
      url: `${SECURE}/rate-plans?search=airtel`,
    });
    const list = ZListResult(ZRatePlan).parse(expectEnvelope(response, 200).data);
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((p) => p.carrier_name.toLowerCase().includes('airtel'))).toBe(true);
    const none = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'GET',
      url: `${SECURE}/rate-plans?search=nothing-like-this`,
    });
    expect(ZListResult(ZRatePlan).parse(expectEnvelope(none, 200).data)).toEqual({ items: [], total: 0 });
  });

  it('when a header sorts a list then rate plans, rate cards and PRICING come in that order, both ways', async () => {
    const get = async (who: 'ADMIN_PORTICO_READONLY' | 'DEVELOPER', url: string) =>
      (
        expectEnvelope(await t.injectAs(who, { method: 'GET', url: `${SECURE}${url}` }), 200).data as {
          items: Record<string, unknown>[];
        }
      ).items;
    const starts = (items: Record<string, unknown>[]) => items.map((item) => String(item.effective_from));
    const byStart = starts(
      await get('ADMIN_PORTICO_READONLY', '/rate-plans?end=100&sort=effective_from&order=asc'),
    );
    expect(byStart.length).toBeGreaterThan(1);
    expect(byStart).toEqual([...byStart].sort());
    const latestFirst = starts(
      await get('ADMIN_PORTICO_READONLY', '/rate-plans?end=100&sort=effective_from&order=desc'),
    );
    expect(latestFirst).toEqual([...byStart].reverse());
    const carriers = (await get('ADMIN_PORTICO_READONLY', '/rate-plans?end=100&sort=carrier&order=desc')).map(
      (item) => `${String(item.country_id)} ${String(item.carrier_name)}`,
    );
    expect(carriers).toEqual([...carriers].sort().reverse());

    const cards = starts(
      await get('ADMIN_PORTICO_READONLY', '/whatsapp-rate-cards?end=100&sort=effective_from&order=asc'),
    );
    expect(cards).toEqual([...cards].sort());

    // Names are ordered by the database's collation: one way is the other reversed, and not the default order.
    const names = async (query: string) =>
      (await get('DEVELOPER', `/pricing${query}`)).map((item) => String(item.carrier_name));
    const az = await names('?sort=carrier&order=asc');
    expect(az.length).toBeGreaterThan(1);
    expect(await names('?sort=carrier&order=desc')).toEqual([...az].reverse());
    expect(az).not.toEqual(await names(''));
    const refused = await t.injectAs('DEVELOPER', { method: 'GET', url: `${SECURE}/pricing?sort=price` });
    expect(expectEnvelope(refused, 400).message).toMatch(/sort must be one of country, carrier/);
  });

  it("when a header sorts PRICING's WhatsApp countries then they come by country, start or a category's price, both ways", async () => {
    const pricing = async (query: string, window = 'end=100') =>
      Cards.parse(
        expectEnvelope(
          await t.injectAs('DEVELOPER', {
            method: 'GET',
            url: `${SECURE}/pricing/whatsapp?${window}${query}`,
          }),
          200,
        ).data,
      );
    const byDefault = await pricing('');
    expect(byDefault.total).toBe(8);
    expect((await pricing('&sort=country&order=asc')).items).toEqual(byDefault.items);
    expect((await pricing('&sort=country&order=desc')).items.map((c) => c.country_id)).toEqual(
      byDefault.items.map((c) => c.country_id).reverse(),
    );
    const marketing = (items: typeof byDefault.items) =>
      items.map((c) => Number(c.prices.find((p) => p.category === 'marketing')?.price));
    const cheapest = marketing((await pricing('&sort=marketing&order=asc')).items);
    expect(new Set(cheapest).size).toBeGreaterThan(1);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    expect(marketing((await pricing('&sort=marketing&order=desc')).items)).toEqual([...cheapest].reverse());
    const starts = (await pricing('&sort=effective_from&order=desc')).items.map((c) => c.effective_from);
    expect(starts).toEqual([...starts].sort().reverse());
    // A window of the sorted list is that part of it.
    const window = await pricing('&sort=marketing&order=asc', 'start=2&end=5');
    expect(marketing(window.items)).toEqual(cheapest.slice(2, 5));
    expect(window.total).toBe(8);
    const refused = await t.injectAs('DEVELOPER', {
      method: 'GET',
      url: `${SECURE}/pricing/whatsapp?sort=price`,
    });
    expect(expectEnvelope(refused, 400).message).toMatch(
      /sort must be one of country, effective_from, marketing, utility, authentication, service/,
    );
  });

  it('when the list is exported then Excel has a row per version and price line, and PDF is a PDF', async () => {
    const xlsx = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'GET',
      url: `${SECURE}/rate-plans/export?format=xlsx&search=airtel`,
    });
    expect(xlsx.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]?.getSheetValues().slice(2) as unknown[][];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => String(r[1]).includes('Airtel'))).toBe(true);
    expect(rows.some((r) => r[7] === 'Promotional')).toBe(true);
    const pdf = await t.injectAs('ADMIN_PORTICO_READONLY', {
      method: 'GET',
      url: `${SECURE}/rate-plans/export?format=pdf`,
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
