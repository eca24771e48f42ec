import { BOT_CARRIER_MACHINE, BOT_MACHINE, BOT_STATUS, CHANNEL_TYPE, ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createWalletForTest } from '../../../test/ledger.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { createMailer } from '../../platform/mail/index.ts';
import { createReviewRepository } from '../../platform/review/review.repository.ts';
import { createReviewService, type ReviewService } from '../../platform/review/review.service.ts';
import { createSignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import { botCarriers, bots } from '../bots/bots.schema.ts';
import { seedRatePlans } from '../wallet/wallet.seed.ts';
import { createLaunchSummary, type LaunchSummaryBuilder } from './launch-summary.ts';
import { createLaunchesRepository } from './launches.repository.ts';
import { launches } from './launches.schema.ts';

let t: TestApp;
let review: ReviewService;
let summary: LaunchSummaryBuilder;
let ids: { jio: number; airtel: number; vodafone: number };
let partnerId: string;
let botId: string;

const actor = (role: string, carrierPartner = '00000000-0000-4000-8000-0000000000c1'): AuthenticatedUser => ({
  userId: '00000000-0000-4000-8000-0000000000a1',
  partnerId: carrierPartner,
  email: `${role.toLowerCase()}@summary.test`,
  role,
});

beforeAll(async () => {
  t = await createTestApp();
  await seedRatePlans(t.database);
  review = createReviewService({
    database: t.database,
    repository: createReviewRepository(t.database.db),
    mail: createMailer(t.server.jobs),
  });
  const wallet = await createWalletForTest(t.database);
  summary = createLaunchSummary({
    repository: createLaunchesRepository(t.database.db),
    review,
    downloads: await createSignedDownloads(t.database),
    wallet: () => wallet,
  });
  ids = {
    jio: await t.factories.carrierId('Reliance Jio', 'IN'),
    airtel: await t.factories.carrierId('Bharti Airtel', 'IN'),
    vodafone: await t.factories.carrierId('Vi (Vodafone Idea)', 'IN'),
  };
  partnerId = (await t.factories.partner({ kind: 'developer', hasEwallet: true })).partnerId;
  const [bot] = await t.database.db
    .insert(bots)
    .values({
      partnerId,
      channels: [CHANNEL_TYPE.rcs],
      status: BOT_STATUS.bot_forwarded_by_portico,
      name: 'Summary Bot',
      privacyPolicyUrl: 'https://summary.example/privacy',
      logoKey: 'public/bot-images/x/logo.png',
    })
    .returning();
  botId = bot?.botId ?? '';
  const C = BOT_CARRIER_MACHINE.states;
  await t.database.db.insert(botCarriers).values([
    { botId, carrierId: ids.jio, status: C.rejected.code },
    { botId, carrierId: ids.airtel, status: C.to_be_approved_by_carrier.code },
  ]);
  await t.database.db.insert(launches).values({
    botId,
    partnerId,
    useCase: 'Parcel tracking for customers of Acme.',
    verifiedCarrierIds: [ids.airtel],
    loa: {
      key: `private/launch-files/${botId}/loa.pdf`,
      name: 'loa.pdf',
      contentType: 'application/pdf',
      bytes: 1234,
    },
    preflight: [],
    preflightAt: new Date('2026-11-01T10:00:00Z'),
    submittedAt: new Date('2026-11-01T10:05:00Z'),
    stepReached: 'payment',
  });
  await review.record({
    machine: BOT_MACHINE,
    subjectId: botId,
    action: 'forward',
    from: 'submitted_for_launch',
    to: 'bot_forwarded_by_portico',
    actor: actor(ROLES.SUPER_ADMIN_PORTICO),
  });
  for (const [carrierId, to, reason] of [
    [ids.jio, 'rejected', 'The opt-out is not described in the first message.'],
    [ids.airtel, 'to_be_approved_by_carrier', null],
  ] as const) {
    await review.record({
      machine: BOT_CARRIER_MACHINE,
      subjectId: botId,
      carrierId,
      action: to === 'rejected' ? 'reject' : 'forward',
      from: to === 'rejected' ? 'to_be_approved_by_carrier' : 'submitted',
      to,
      reason,
      actor: actor(ROLES.ADMIN_BILLING),
    });
  }
});
afterAll(() => t.close());

describe('launch summary', () => {
  it("when built for the platform then it has every carrier with state, price, verified flag and a rejection's reason", async () => {
    const result = await summary(botId);
    expect(result.bot).toMatchObject({
      bot_id: botId,
      name: 'Summary Bot',
      status: { code: BOT_STATUS.bot_forwarded_by_portico },
      logo_url: '/api/v1/files/public/bot-images/x/logo.png',
      channels: [{ channel_type: CHANNEL_TYPE.rcs }],
    });
    const byId = new Map(result.carriers.map((c) => [c.carrier_id, c]));
    expect(byId.get(ids.jio)).toMatchObject({
      status: { key: 'rejected', label: 'Rejected by the carrier' },
      reason: 'The opt-out is not described in the first message.',
      price: '25.00',
      verified: false,
    });
    expect(byId.get(ids.airtel)).toMatchObject({
      status: { key: 'to_be_approved_by_carrier' },
      reason: null,
      verified: true,
    });
    expect(result.pricing?.total).toBe('50.00');
    expect(result.questionnaire.use_case).toBe('Parcel tracking for customers of Acme.');
    expect(result.documents.loa?.url).toMatch(/^\/api\/v1\/files\/download\//);
    expect(result.preflight).toEqual({ ok: true, items: [], checked_at: '2026-11-01T10:00:00.000Z' });
    expect(result.history.map((e) => e.carrier_id).sort()).toEqual([ids.airtel, ids.jio, null].sort());
    expect(result.hold).toBeNull();
    expect(result.step_reached).toBe('payment');
  });

  it("when scoped to one carrier then another network's rows and decisions are left out", async () => {
    const result = await summary(botId, { carrierId: ids.airtel });
    expect(result.carriers.map((c) => c.carrier_id)).toEqual([ids.airtel]);
    expect(result.history.every((e) => e.carrier_id === null || e.carrier_id === ids.airtel)).toBe(true);
    expect(result.history.some((e) => e.reason?.includes('opt-out'))).toBe(false);
    expect(result.pricing?.total).toBe('25.00');
  });

  it('when the carrier, the partner or the bot is not the one asked for then it is not found', async () => {
    await expect(summary(botId, { carrierId: ids.vodafone })).rejects.toMatchObject({ httpStatus: 404 });
    await expect(summary(botId, { partnerId: '00000000-0000-4000-8000-00000000dead' })).rejects.toMatchObject(
      {
        httpStatus: 404,
      },
    );
    await expect(summary('00000000-0000-4000-8000-00000000dead')).rejects.toMatchObject({ httpStatus: 404 });
    expect((await summary(botId, { partnerId })).bot.bot_id).toBe(botId);
  });
});
