import { BOT_STATUS, CHANNEL_TYPE, ROLES } from '@portico/domain';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotMovesForTest } from '../../../test/bots.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createLedgerForTest, createWalletForTest } from '../../../test/ledger.ts';
import { createAuditRepository } from '../../platform/audit/audit.repository.ts';
import { createAuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { createMailer } from '../../platform/mail/index.ts';
import { createReviewRepository } from '../../platform/review/review.repository.ts';
import { createReviewService } from '../../platform/review/review.service.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { createSignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import { botCarriers, bots } from '../bots/bots.schema.ts';
import { brands } from '../brands/brands.schema.ts';
import { seedRatePlans } from '../wallet/wallet.seed.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createLaunchesRepository, type LaunchesRepository } from './launches.repository.ts';
import { launches } from './launches.schema.ts';
import { createLaunchesService, type LaunchesService } from './launches.service.ts';

let t: TestApp;
let wallet: WalletService;
let ids: { jio: number; industry: number };

class InjectedFailure extends Error {}

beforeAll(async () => {
  t = await createTestApp();
  await seedRatePlans(t.database);
  wallet = await createWalletForTest(t.database);
  const industry = await t.database.sql.query<{ id: number }>(
    "SELECT id FROM lookup_values WHERE kind = 'industry-types' ORDER BY position LIMIT 1",
  );
  ids = { jio: await t.factories.carrierId('Reliance Jio', 'IN'), industry: industry.rows[0]?.id ?? 0 };
});
afterAll(() => t.close());

/** The real service over the test database; its repository's writes fail after the n-th one (0: never). */
async function serviceFailingAfter(n: number): Promise<LaunchesService> {
  const real = createLaunchesRepository(t.database.db);
  let writes = 0;
  const wrap =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      writes += 1;
      if (writes === n) throw new InjectedFailure(`failure after write ${n}`);
      return result;
    };
  const repository: LaunchesRepository = {
    ...real,
    ensureLaunch: wrap(real.ensureLaunch),
    updateLaunch: wrap(real.updateLaunch),
  };
  // The bot's and its carriers' moves are the bots module's writes, in the same unit of work.
  const realBots = createBotMovesForTest(t.database);
  const botWrites = {
    ...realBots,
    moveStatus: wrap(realBots.moveStatus),
    moveCarrier: wrap(realBots.moveCarrier),
  };
  return createLaunchesService({
    database: t.database,
    repository,
    review: createReviewService({
      database: t.database,
      repository: createReviewRepository(t.database.db),
      mail: createMailer(t.server.jobs),
    }),
    audit: createAuditService(createAuditRepository(t.database.db), t.app.log),
    mail: createMailer(t.server.jobs),
    storage: createStorage(t.config.storage),
    downloads: await createSignedDownloads(t.database),
    wallet: () => wallet,
    bots: () => botWrites,
    privacyUrl: async () => ({ state: 'ok', status: 200 }),
    log: t.app.log,
    publicUrl: 'http://localhost:3000',
  });
}

/** A developer's bot with every step filled in and the verification held: ready to submit. */
async function readyToSubmit(service: LaunchesService): Promise<{ user: AuthenticatedUser; botId: string }> {
  const { partner, user: row } = await t.factories.account(ROLES.DEVELOPER);
  const user: AuthenticatedUser = {
    userId: row.userId,
    partnerId: partner.partnerId,
    email: row.email,
    role: row.role,
  };
  await createLedgerForTest(t.database).credit({
    partnerId: partner.partnerId,
    idempotencyKey: 'uow-credit',
    amount: 100_000_000n,
    description: 'test',
  });
  const [brand] = await t.database.db
    .insert(brands)
    .values({
      partnerId: partner.partnerId,
      name: 'Unit',
      industryTypeId: ids.industry,
      website: 'https://unit.example',
      contactName: 'U',
      contactEmail: 'u@unit.example',
      contactPhone: '+919876543210',
      address: { line1: '1', city: 'Pune', postalCode: '411001', countryId: 'IN' },
      verificationState: 'VERIFICATION_STATE_VERIFIED',
    })
    .returning();
  const [bot] = await t.database.db
    .insert(bots)
    .values({
      partnerId: partner.partnerId,
      channels: [CHANNEL_TYPE.whatsapp],
      status: BOT_STATUS.in_progress_carrier_submission,
      name: 'Unit Bot',
      privacyPolicyUrl: 'https://unit.example/privacy',
      brandId: brand?.brandId ?? null,
    })
    .returning();
  const botId = bot?.botId ?? '';
  const answer = 'An answer long enough for the reviewers to read.';
  await service.setCarriers(user, botId, [ids.jio]);
  await service.setQuestionnaire(user, botId, {
    use_case: answer,
    opt_in: answer,
    trigger: answer,
    interactions: answer,
    opt_out: answer,
    reviewer_instructions: answer,
  });
  const image = await sharp({ create: { width: 100, height: 200, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  await service.addScreenshot(user, botId, { bytes: image, filename: 'chat.png' });
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  await service.setLoa(user, botId, { bytes: Buffer.from(await document.save()), filename: 'loa.pdf' });
  await service.pay(user, botId, `uow-pay-${botId}`);
  return { user, botId };
}

async function stateOf(botId: string) {
  const [bot] = await t.database.db.select().from(bots).where(eq(bots.botId, botId));
  const carriers = await t.database.db.select().from(botCarriers).where(eq(botCarriers.botId, botId));
  const [launch] = await t.database.db.select().from(launches).where(eq(launches.botId, botId));
  const history = await t.database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM review_history WHERE subject_id = $1',
    [botId],
  );
  const mails = await t.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'template' = 'review-waiting' AND data->>'link' = $1`,
    [`http://localhost:3000/admin/verification-details?bot_id=${botId}`],
  );
  return {
    bot: bot?.status,
    carriers: carriers.map((c) => c.status),
    submissions: launch?.submissions,
    submittedAt: launch?.submittedAt ?? null,
    history: history.rows[0]?.n,
    mails: mails.rows[0]?.n,
  };
}

describe('submission is one unit of work', () => {
  // Submit writes: the launch row, the stored pre-flight, the bot, its carrier, the launch's submission.
  for (const failAt of [1, 2, 3, 4, 5]) {
    it(`when submitting fails after write ${failAt} of 5 then the bot, its carriers, history, launch and mail are as before`, async () => {
      const ready = await readyToSubmit(await serviceFailingAfter(0));
      const before = await stateOf(ready.botId);
      const failing = await serviceFailingAfter(failAt);
      await expect(failing.submit(ready.user, ready.botId)).rejects.toBeInstanceOf(InjectedFailure);
      expect(await stateOf(ready.botId)).toEqual(before);
      expect(before).toMatchObject({
        bot: BOT_STATUS.in_progress_carrier_submission,
        carriers: [0],
        submissions: 0,
        mails: 0,
      });
    });
  }

  it('when nothing fails then everything of the submission is there', async () => {
    const service = await serviceFailingAfter(0);
    const ready = await readyToSubmit(service);
    await service.submit(ready.user, ready.botId);
    expect(await stateOf(ready.botId)).toMatchObject({
      bot: BOT_STATUS.submitted_for_launch,
      carriers: [BOT_STATUS.submitted_for_launch],
      submissions: 1,
      history: 2,
    });
  });
});
