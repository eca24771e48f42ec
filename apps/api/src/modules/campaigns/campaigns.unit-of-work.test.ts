import { ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createLedgerForTest, createWalletForTest } from '../../../test/ledger.ts';
import { createMeteringForTest } from '../../../test/metering.ts';
import { seedAirtelPrice } from '../../../test/partner-api.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { JobSender } from '../../platform/jobs/index.ts';
import { createReviewRepository } from '../../platform/review/review.repository.ts';
import { createReviewService } from '../../platform/review/review.service.ts';
import { createCounters } from '../../platform/security/counters.ts';
import type { CampaignsQueues } from './campaigns.jobs.ts';
import { createCampaignsRepository } from './campaigns.repository.ts';
import { createCampaignsService } from './campaigns.service.ts';

/**
 * Each write of create, start and cancel is followed, in turn, by an injected failure: the use case
 * must leave nothing behind (no campaign, status, history row, recipient, hold, ledger movement or
 * dispatch job), and succeed once no failure is injected.
 */

class InjectedFailure extends Error {}

let t: TestApp;
let user: AuthenticatedUser;
let audienceId: string;
let botId: string;
const TEMPLATE_ID = '00000000-0000-4000-8000-0000000000aa';

beforeAll(async () => {
  t = await createTestApp();
  const account = await t.factories.account(ROLES.DEVELOPER);
  user = {
    userId: account.user.userId,
    partnerId: account.partner.partnerId,
    email: 'dev@uow.test',
    role: ROLES.DEVELOPER,
  };
  await t.database.sql.query('UPDATE partners SET has_ewallet = true WHERE partner_id = $1', [
    user.partnerId,
  ]);
  await seedAirtelPrice(t);
  await createLedgerForTest(t.database).credit({
    partnerId: user.partnerId,
    idempotencyKey: 'fund',
    amount: 1_000_000n,
    description: 'Top-up',
  });
  const bot = await t.database.sql.query<{ bot_id: string }>(
    `INSERT INTO bots (partner_id, channels, status, name, billing_category) VALUES ($1, ARRAY[1], 10, 'Bot', 'BASIC_MESSAGE') RETURNING bot_id`,
    [user.partnerId],
  );
  botId = bot.rows[0]?.bot_id ?? '';
  const audience = await t.database.sql.query<{ audience_id: string }>(
    `INSERT INTO audiences (partner_id, name, file_name, format, bytes, storage_key, status, fields, kept_count)
     VALUES ($1, 'List', 'l.csv', 'csv', 1, 'private/audiences/' || gen_random_uuid(), 'ready', '["first_name"]', 3) RETURNING audience_id`,
    [user.partnerId],
  );
  audienceId = audience.rows[0]?.audience_id ?? '';
  for (const [i, msisdn] of ['+919810012341', '+919810012342', '+919810012343'].entries())
    await t.database.sql.query(
      'INSERT INTO audience_recipients (audience_id, msisdn, line, fields) VALUES ($1, $2, $3, $4)',
      [audienceId, msisdn, i + 2, JSON.stringify({ first_name: `N${i}` })],
    );
});
afterAll(() => t.close());

/** The campaigns service over the real repository, review history, wallet and metering, each write able to fail. */
async function serviceFailingAfter(n: number) {
  let writes = 0;
  const after = async <T>(result: T): Promise<T> => {
    writes += 1;
    if (writes === n) throw new InjectedFailure(`failure after write ${n}`);
    return result;
  };
  const wrap = <O extends object>(target: O, names: readonly (keyof O)[]): O => {
    const copy = { ...target };
    for (const name of names) {
      const write = target[name] as (...args: unknown[]) => Promise<unknown>;
      (copy as Record<keyof O, unknown>)[name] = async (...args: unknown[]) => after(await write(...args));
    }
    return copy;
  };
  const repository = wrap(createCampaignsRepository(t.database), [
    'insert',
    'update',
    'copyRecipients',
    'dropRecipients',
    'setRecipients',
    'addCharged',
  ]);
  const review = wrap(
    createReviewService({
      database: t.database,
      repository: createReviewRepository(t.database.db),
      mail: async () => undefined,
    }),
    ['record', 'recordStart'],
  );
  const wallet = wrap(await createWalletForTest(t.database), [
    'holdForPartner',
    'capturePart',
    'releaseRest',
  ]);
  const jobs = wrap(t.server.jobs as unknown as JobSender<CampaignsQueues>, ['send']);
  const service = createCampaignsService({
    database: t.database,
    repository,
    review,
    wallet,
    metering: createMeteringForTest(t.database).metering,
    templates: {
      // The template as the templates module hands it (its own tests cover it).
      forCampaign: async () => ({
        templateId: TEMPLATE_ID,
        botId,
        botName: 'Bot',
        name: 'offer',
        channel: 'rcs' as const,
        approved: true,
        botLaunched: true,
        mediaKinds: [],
        variables: ['first_name'],
        message: (values: Record<string, string>) => ({
          kind: 'text' as const,
          text: `Hi ${values.first_name ?? ''}`,
          suggestions: [],
        }),
      }),
    },
    bots: { botsForTesting: async () => new Map() },
    messages: {
      sendAll: async () => Promise.reject(new Error('no sends here')),
      resend: async () => Promise.reject(new Error('no sends here')),
      requeue: async () => Promise.reject(new Error('no sends here')),
    },
    connectors: { sms: { baseUrl: '', send: async () => Promise.reject(new Error('no sends here')) } },
    jobs,
    counters: createCounters(t.database.sql),
    storage: { put: async () => undefined, get: async () => null },
    log: { warn: () => undefined, info: () => undefined },
    mail: async () => undefined,
    publicUrl: 'http://portal.test',
    pace: { rbm: 100, maap: 100, whatsapp: 80 },
  });
  return { service, writes: () => writes };
}

async function snapshot() {
  const { rows } = await t.database.sql.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM campaigns)::text AS campaigns,
            (SELECT string_agg(status, ',' ORDER BY created_at) FROM campaigns) AS statuses,
            (SELECT count(*) FROM campaign_recipients)::text AS recipients,
            (SELECT count(*) FROM review_history WHERE subject = 'campaign')::text AS history,
            (SELECT count(*) FROM ledger_transactions WHERE partner_id = $1)::text AS movements,
            (SELECT string_agg(status, ',' ORDER BY created_at) FROM ledger_holds WHERE partner_id = $1) AS holds,
            (SELECT balance::text FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet') AS balance,
            (SELECT count(*) FROM pgboss.job WHERE name = 'campaigns.dispatch')::text AS jobs`,
    [user.partnerId],
  );
  return rows[0];
}

/** Runs the use case with a failure after write 1, 2, ... until it succeeds; each failure leaves the snapshot unchanged. */
async function eachWriteFails(
  run: (service: Awaited<ReturnType<typeof serviceFailingAfter>>['service']) => Promise<unknown>,
) {
  for (let n = 1; n < 50; n += 1) {
    const before = await snapshot();
    const { service, writes } = await serviceFailingAfter(n);
    try {
      await run(service);
    } catch (error) {
      if (!(error instanceof InjectedFailure)) throw error;
      expect(await snapshot(), `after write ${n}`).toEqual(before);
      continue;
    }
    expect(writes()).toBe(n - 1);
    return n - 1;
  }
  throw new Error('the use case never succeeded');
}

const body = {
  name: 'Offers',
  bot_id: '',
  template_id: TEMPLATE_ID,
  audience_id: '',
  variables: { first_name: 'first_name' },
  fallback: { kind: 'skip' as const },
  schedule: { kind: 'now' as const },
};

describe('the campaigns unit of work', () => {
  it('when a write of create fails then nothing is created', async () => {
    const writes = await eachWriteFails((s) =>
      s.create(user, { ...body, bot_id: botId, audience_id: audienceId }),
    );
    expect(writes).toBeGreaterThanOrEqual(2);
  });

  it('when a write of start fails then the campaign stays pending with nothing held, copied or queued', async () => {
    const { service } = await serviceFailingAfter(0);
    const draft = await service.create(user, {
      ...body,
      name: 'To start',
      bot_id: botId,
      audience_id: audienceId,
    });
    const writes = await eachWriteFails((s) => s.start(user, draft.campaign_id));
    expect(writes).toBeGreaterThanOrEqual(4);
    expect((await snapshot())?.holds).toBe('held');
  });

  it('when a write of cancel fails then the campaign keeps its hold', async () => {
    const { service } = await serviceFailingAfter(0);
    const at = new Date(Date.now() + 3_600_000);
    const draft = await service.create(user, {
      ...body,
      name: 'To cancel',
      bot_id: botId,
      audience_id: audienceId,
      schedule: {
        kind: 'at',
        date: at.toISOString().slice(0, 10),
        time: at.toISOString().slice(11, 16),
        time_zone: '+00:00',
      },
    });
    await service.start(user, draft.campaign_id);
    const writes = await eachWriteFails((s) => s.cancel(user, draft.campaign_id));
    expect(writes).toBeGreaterThanOrEqual(2);
  });
});
