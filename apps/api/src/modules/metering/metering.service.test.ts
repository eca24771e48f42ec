import { CHANNEL_TYPE, WALLET_CURRENCY } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMeteringForTest, insertBot, walletFigures } from '../../../test/metering.ts';
import { createMeteredReservations } from '../wallet/reservations.ts';
import { createMeteringRepository } from './metering.repository.ts';
import { seedCarrierPrefixes } from './metering.seed.ts';
import { createMeteringService, NOT_A_NUMBER, UNPRICEABLE } from './metering.service.ts';

let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;

beforeAll(async () => {
  t = await createTestApp();
  m = createMeteringForTest(t.database);
});
afterAll(() => t.close());

async function fundedBot(amount = 1_000_000n) {
  const partnerId = (await t.factories.partner({ kind: 'developer', hasEwallet: true })).partnerId;
  const botId = await insertBot(t.database, partnerId);
  if (amount > 0n) {
    await m.ledger.credit({ partnerId, idempotencyKey: `fund-${partnerId}`, amount, description: 'Top-up' });
  }
  return { partnerId, botId };
}

/** A rate plan version in force since yesterday pricing BASIC_MESSAGE / Transactional. */
async function addPlan(carrierName: string, countryId: string, price: bigint): Promise<number> {
  const { rows } = await t.database.sql.query<{ rate_plan_id: number }>(
    `INSERT INTO rate_plans (carrier_id, plan_code, partner_code, currency, effective_from, verification_price)
     VALUES ($1, 'MPG02', 'DG', 'USD', now() - interval '1 day', 1) RETURNING rate_plan_id`,
    [await t.factories.carrierId(carrierName, countryId)],
  );
  const ratePlanId = rows[0]?.rate_plan_id ?? 0;
  await t.database.sql.query(
    `INSERT INTO rate_plan_prices (rate_plan_id, billing_category, message_type, price)
     VALUES ($1, 'BASIC_MESSAGE', 'Transactional', $2)`,
    [ratePlanId, price.toString()],
  );
  return ratePlanId;
}

beforeAll(async () => {
  // The test database has the reference carriers, not the modules' reference seeds.
  expect(await seedCarrierPrefixes(t.database)).toBeGreaterThan(0);
  await addPlan('Bharti Airtel', 'IN', 3_000n);
  await addPlan('Reliance Jio', 'IN', 2_000n);
  await addPlan('AT&T', 'US', 99_000n);
  await addPlan('Verizon', 'US', 9_000n);
});

describe('price', () => {
  it('when more bots price than the cache holds then the least recently used leave it, and a price is read again', async () => {
    const repository = createMeteringRepository(t.database.sql, WALLET_CURRENCY);
    const reads: string[] = [];
    const metering = createMeteringService({
      database: t.database,
      repository: {
        ...repository,
        bot: (botId: string) => {
          reads.push(botId);
          return repository.bot(botId);
        },
      },
      wallet: {
        ...createMeteredReservations(t.database.sql),
        chargeReserved: () => Promise.reject(new Error('not used')),
      },
      abandonAfterMs: 600_000,
      // The bots and the country's ranges and prices: three entries.
      cacheEntries: 3,
    });
    const first = await fundedBot(0n);
    const second = await fundedBot(0n);
    const price = (bot: { partnerId: string; botId: string }) =>
      metering.price({ ...bot, channel: CHANNEL_TYPE.rcs, msisdn: '+919810012345' });
    await price(first);
    await price(first);
    expect(reads).toHaveLength(1);
    // A second bot's entry pushes the first out (ranges and prices are used more recently).
    await price(second);
    await price(first);
    expect(reads).toEqual([first.botId, second.botId, first.botId]);
  });

  it("when the number is in a carrier's range then that carrier's plan prices it", async () => {
    const { partnerId, botId } = await fundedBot(0n);
    const price = await m.metering.price({
      partnerId,
      botId,
      channel: CHANNEL_TYPE.rcs,
      msisdn: '+919810012345',
    });
    expect(price).toMatchObject({
      carrierId: await t.factories.carrierId('Bharti Airtel', 'IN'),
      countryId: 'IN',
      unitPriceMicros: 3_000n,
    });
  });

  it('when the number was ported then the MNP answer wins over the range', async () => {
    const { partnerId, botId } = await fundedBot(0n);
    const jio = await t.factories.carrierId('Reliance Jio', 'IN');
    await t.database.sql.query(
      "INSERT INTO ported_numbers (msisdn, carrier_id, source) VALUES ('+919810099999', $1, 'test')",
      [jio],
    );
    const price = await m.metering.price({
      partnerId,
      botId,
      channel: CHANNEL_TYPE.rcs,
      msisdn: '+919810099999',
    });
    expect(price).toMatchObject({ carrierId: jio, unitPriceMicros: 2_000n });
  });

  it("when the carrier is unknown then the country's highest price applies", async () => {
    const { partnerId, botId } = await fundedBot(0n);
    const price = await m.metering.price({
      partnerId,
      botId,
      channel: CHANNEL_TYPE.rcs,
      msisdn: '+12025550143',
    });
    expect(price.carrierId).toBeNull();
    expect(price.countryId).toBe('US');
    expect(price.unitPriceMicros).toBe(99_000n);
  });

  it('when the number is not a phone number or its country has no plan then it is refused', async () => {
    const { partnerId, botId } = await fundedBot(0n);
    await expect(
      m.metering.price({ partnerId, botId, channel: CHANNEL_TYPE.rcs, msisdn: 'not-a-number' }),
    ).rejects.toThrow(NOT_A_NUMBER);
    await expect(
      m.metering.price({ partnerId, botId, channel: CHANNEL_TYPE.rcs, msisdn: '+33612345678' }),
    ).rejects.toThrow(UNPRICEABLE);
  });

  it("when the bot is another partner's then it is not found", async () => {
    const { botId } = await fundedBot(0n);
    const other = await fundedBot(0n);
    await expect(
      m.metering.price({
        partnerId: other.partnerId,
        botId,
        channel: CHANNEL_TYPE.rcs,
        msisdn: '+919810012345',
      }),
    ).rejects.toThrow('Bot not found.');
  });
});

describe('reserve and settle', () => {
  const send = (partnerId: string, botId: string, messageId: string, unitPriceMicros: bigint) =>
    m.metering.reserve({
      partnerId,
      botId,
      messageId,
      channel: CHANNEL_TYPE.rcs,
      unitPriceMicros,
      carrierId: null,
      countryId: 'IN',
      ratePlanId: null,
    });

  it('when a send is retried with the same message id then it is reserved once and charged once', async () => {
    const { partnerId, botId } = await fundedBot(10_000n);
    expect(await send(partnerId, botId, 'm1', 3_000n)).toEqual({
      ok: true,
      replayed: false,
      status: 'reserved',
    });
    expect(await send(partnerId, botId, 'm1', 3_000n)).toEqual({
      ok: true,
      replayed: true,
      status: 'reserved',
    });
    expect((await walletFigures(t.database, partnerId)).reserved).toBe(3_000n);
    expect(await m.metering.settle({ botId, messageId: 'm1' }, 'sent')).toEqual({
      changed: true,
      status: 'sent',
    });
    expect(await m.metering.settle({ botId, messageId: 'm1' }, 'sent')).toEqual({
      changed: false,
      status: 'sent',
    });
    const report = await m.metering.settleBatches();
    expect(report.messages).toBeGreaterThanOrEqual(1);
    expect(await walletFigures(t.database, partnerId)).toEqual({
      balance: 7_000n,
      reserved: 0n,
      debits: 3_000n,
      charges: 3_000n,
    });
    expect(await send(partnerId, botId, 'm1', 3_000n)).toEqual({
      ok: true,
      replayed: true,
      status: 'charged',
    });
  });

  it('when many sends run at once, each id twice, then each id is reserved once and never beyond the wallet', async () => {
    const { partnerId, botId } = await fundedBot(10_000n);
    const ids = Array.from({ length: 15 }, (_, i) => `c${i}`);
    const results = await Promise.all([...ids, ...ids].map((id) => send(partnerId, botId, id, 1_000n)));
    const fresh = results.filter((r) => r.ok && !r.replayed).length;
    expect(fresh).toBe(10);
    expect(results.filter((r) => !r.ok).length).toBeGreaterThanOrEqual(10);
    expect((await walletFigures(t.database, partnerId)).reserved).toBe(10_000n);
    const { rows } = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM metered_messages WHERE bot_id = $1 AND status = 'reserved'",
      [botId],
    );
    expect(rows[0]?.n).toBe(10);
  });

  it('when the wallet cannot cover a send then it is refused and nothing is reserved', async () => {
    const { partnerId, botId } = await fundedBot(5_000n);
    expect((await send(partnerId, botId, 'a', 3_000n)).ok).toBe(true);
    expect(await send(partnerId, botId, 'b', 3_000n)).toEqual({ ok: false, reason: 'insufficient_funds' });
    const figures = await walletFigures(t.database, partnerId);
    expect(figures.reserved).toBe(3_000n);
    // Reserved money is not spendable by other wallet movements either.
    await expect(
      m.ledger.debit({ partnerId, idempotencyKey: 'other', amount: 3_000n, description: 'Other charge' }),
    ).rejects.toThrow('Insufficient wallet balance.');
  });

  it('when a send fails then its money is released, and a retry of the same id reserves it again', async () => {
    const { partnerId, botId } = await fundedBot(3_000n);
    await send(partnerId, botId, 'f', 3_000n);
    expect(await m.metering.settle({ botId, messageId: 'f' }, 'failed')).toEqual({
      changed: true,
      status: 'released',
    });
    expect((await walletFigures(t.database, partnerId)).reserved).toBe(0n);
    expect(await send(partnerId, botId, 'f', 3_000n)).toEqual({
      ok: true,
      replayed: false,
      status: 'reserved',
    });
    await m.metering.settle({ botId, messageId: 'f' }, 'sent');
    await m.metering.settleBatches();
    expect(await walletFigures(t.database, partnerId)).toEqual({
      balance: 0n,
      reserved: 0n,
      debits: 3_000n,
      charges: 3_000n,
    });
  });

  it('when a sender dies between reserve and settle then the abandoned reservation is charged as sent', async () => {
    const { partnerId, botId } = await fundedBot(3_000n);
    await send(partnerId, botId, 'k', 3_000n);
    const later = createMeteringForTest(t.database, {
      abandonAfterMs: 60_000,
      now: () => new Date(Date.now() + 120_000),
    });
    expect(await later.metering.settleAbandoned()).toBeGreaterThanOrEqual(1);
    await later.metering.settleBatches();
    expect(await walletFigures(t.database, partnerId)).toEqual({
      balance: 0n,
      reserved: 0n,
      debits: 3_000n,
      charges: 3_000n,
    });
  });

  it('when messages are charged and events counted then daily usage has them per carrier, country and status', async () => {
    const { partnerId, botId } = await fundedBot(100_000n);
    for (const id of ['u1', 'u2', 'u3']) await send(partnerId, botId, id, 1_000n);
    await m.metering.settle({ botId, messageId: 'u1' }, 'sent');
    await m.metering.settle({ botId, messageId: 'u2' }, 'sent');
    await m.metering.settle({ botId, messageId: 'u3' }, 'failed');
    await m.metering.settleBatches();
    await m.metering.recordEvents([
      { partnerId, botId, countryId: 'IN', status: 'DELIVERED' },
      { partnerId, botId, countryId: 'IN', status: 'DELIVERED' },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const usage = await m.metering.usage(partnerId, { from: today, to: today });
    expect(usage).toEqual([
      {
        day: today,
        bot_id: botId,
        carrier_id: null,
        country_id: 'IN',
        kind: 'event',
        status: 'DELIVERED',
        count: 2,
        amount: '0.00',
      },
      {
        day: today,
        bot_id: botId,
        carrier_id: null,
        country_id: 'IN',
        kind: 'message',
        status: 'failed',
        count: 1,
        amount: '0.00',
      },
      {
        day: today,
        bot_id: botId,
        carrier_id: null,
        country_id: 'IN',
        kind: 'message',
        status: 'sent',
        count: 2,
        amount: '0.002',
      },
    ]);
  });
});
