import { CHANNEL_TYPE, ROLES } from '@portico/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMeteringForTest } from '../../../test/metering.ts';
import { seedWhatsappCard } from '../../../test/partner-api.ts';
import { AppError } from '../../platform/http/errors.ts';
import { seedRatePlans } from '../wallet/wallet.seed.ts';
import { seedCarrierPrefixes } from './metering.seed.ts';
import type { Price } from './metering.service.ts';

/**
 * A campaign's estimate prices its recipients by destination (country x carrier) in bulk: for any
 * audience (numbers of several carriers' ranges, a ported number, countries without ranges or
 * without a rate card, numbers that are not numbers) each recipient's price is exactly the one
 * pricing function's answer for that number, to the micro-unit, on RCS and WhatsApp.
 */

let t: TestApp;
let partnerId: string;
let botId: string;
const PORTED = '+919810099999';

beforeAll(async () => {
  t = await createTestApp();
  const account = await t.factories.account(ROLES.DEVELOPER);
  partnerId = account.partner.partnerId;
  await seedCarrierPrefixes(t.database);
  await seedRatePlans(t.database);
  await seedWhatsappCard(t, 'IN', {
    marketing: 10_700n,
    utility: 1_400n,
    authentication: 1_400n,
    service: 0n,
  });
  const jio = await t.factories.carrierId('Reliance Jio', 'IN');
  await t.database.sql.query(
    `INSERT INTO ported_numbers (msisdn, carrier_id, source) VALUES ($1, $2, 'manual') ON CONFLICT DO NOTHING`,
    [PORTED, jio],
  );
  const { rows } = await t.database.sql.query<{ bot_id: string }>(
    `INSERT INTO bots (partner_id, channels, status, name, billing_category, message_category, rbm_agent)
     VALUES ($1, ARRAY[1, 2], 10, 'Bot', 'CONVERSATIONAL', 'Promotional', 'brands/b/agents/many') RETURNING bot_id`,
    [partnerId],
  );
  botId = rows[0]?.bot_id ?? '';
});
afterAll(() => t.close());

const NUMBERS = [
  PORTED,
  '+919810012345', // Airtel
  '+919820054321', // Vi
  '+917000012345', // Jio
  '+919400012345', // BSNL
  '+919999912345', // India, no range: the country's highest price
  '+447400123456', // EE (UK)
  '+4915112345678', // Telekom (DE)
  '+12025550143', // US: no ranges
  '+5511987654321', // Brazil
  '98765', // not a number
  '+100', // not a number
];

describe('pricing many recipients', () => {
  it('prices every recipient exactly as the one pricing function does, by destination groups', async () => {
    const { metering } = createMeteringForTest(t.database);
    const one = async (channel: number, msisdn: string): Promise<Price | null> => {
      try {
        return await metering.price({ partnerId, botId, channel, msisdn, content: { kind: 'text' } });
      } catch (error) {
        if (error instanceof AppError && error.httpStatus < 500) return null;
        throw error;
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...NUMBERS), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(CHANNEL_TYPE.rcs, CHANNEL_TYPE.whatsapp),
        async (numbers, channel) => {
          const many = await metering.priceMany(
            { partnerId, botId, channel, content: { kind: 'text' } },
            numbers,
          );
          const each = [];
          for (const msisdn of numbers) each.push(await one(channel, msisdn));
          expect(many).toEqual(each);
        },
      ),
      { numRuns: 30 },
    );
    // The groups are real: several carriers and prices among the RCS answers, and unpriced ones.
    const rcs = await metering.priceMany({ partnerId, botId, channel: CHANNEL_TYPE.rcs }, NUMBERS);
    expect(new Set(rcs.map((p) => p?.carrierId)).size).toBeGreaterThan(4);
    expect(rcs.filter((p) => p === null).length).toBeGreaterThanOrEqual(2);
    expect(rcs[0]?.carrierId).toBe(await t.factories.carrierId('Reliance Jio', 'IN'));
  });
});
