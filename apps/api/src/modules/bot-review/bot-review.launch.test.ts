import { randomUUID } from 'node:crypto';
import {
  BOT_CARRIER_MACHINE,
  BOT_MACHINE,
  CHANNEL_TYPE,
  LAUNCHING_STUCK_AFTER_MS,
  LAUNCHING_STUCK_REASON,
  ROLES,
} from '@portico/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBotMovesForTest } from '../../../test/bots.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createBotReviewForTest, launchFixtures } from '../../../test/launch-review.ts';
import { type Connectors, type NetworkConnector, NetworkError } from '../../networks/index.ts';
import { createAuditRepository } from '../../platform/audit/audit.repository.ts';
import { createAuditService } from '../../platform/audit/audit.service.ts';
import type { JobLookup, JobSender } from '../../platform/jobs/index.ts';
import { createMailer } from '../../platform/mail/index.ts';
import { createReviewRepository } from '../../platform/review/review.repository.ts';
import { createReviewService } from '../../platform/review/review.service.ts';
import { launches } from '../launches/launches.schema.ts';
import { type BOT_REVIEW_QUEUES, jobLaunches } from './bot-review.jobs.ts';
import { rbmRegionOf } from './bot-review.launch.ts';
import { createBotReviewRepository } from './bot-review.repository.ts';
import { createLaunchSweep, createLaunchSweepRepository } from './bot-review.sweep.ts';

/**
 * The launch on the network, through the service's job handler (run by hand here, as pg-boss runs
 * it): against the mounted sandbox's MaaP (pending, then launched or refused with its reason), with
 * a transient failure, a job that dies between the network's answer and our write, and re-runs.
 */
let t: TestApp;
let f: ReturnType<typeof launchFixtures>;
let jio: number;
let airtel: number;
const CARRIER = BOT_CARRIER_MACHINE.states;
const BOT = BOT_MACHINE.states;

const configure = (behaviour: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/sandbox/config',
    payload: { rateLimits: { enabled: false }, receipts: false, agentReviewDelayMs: 20, ...behaviour },
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs Jio's launch job as pg-boss would, each look after the last, until the network decided. */
async function runUntilDecided(service: ReturnType<typeof createBotReviewForTest>['service'], botId: string) {
  for (let poll = 0; poll < 50; poll += 1) {
    const result = await service.runLaunch({ botId, carrierId: jio, poll });
    if (result !== 'pending') return result;
    await sleep(50);
  }
  return 'pending';
}

/** Counts the launch calls and can fail the next launchDetail as a dying process would (not a network error). */
function recording(connectors: Connectors) {
  const calls = { requestLaunch: 0, launchDetail: 0 };
  let die: 'process' | 'network' | null = null;
  const wrap = (connector: NetworkConnector): NetworkConnector => ({
    ...connector,
    requestLaunch: async (id, regions) => {
      calls.requestLaunch += 1;
      if (die === 'network') {
        die = null;
        throw new NetworkError('maap', 'network_down', 'The service is currently unavailable.');
      }
      return connector.requestLaunch(id, regions);
    },
    launchDetail: async (id, region) => {
      calls.launchDetail += 1;
      const detail = await connector.launchDetail(id, region);
      if (die === 'process') {
        die = null;
        throw new Error('worker killed');
      }
      return detail;
    },
  });
  const wrapped: Connectors = { ...connectors, get: (network) => wrap(connectors.get(network)) };
  return {
    connectors: wrapped,
    calls,
    failNext: (how: 'process' | 'network') => {
      die = how;
    },
  };
}

/** A MaaP chatbot registered on the sandbox, and its bot in `state` with Jio launching. */
async function launchingBot(
  maap: NetworkConnector,
  state: 'bot_approved_by_portico_pending_from_carrier' | 'launch_failed',
  others: Record<number, 'approved_pending_from_carrier' | 'rejected'> = {},
) {
  const dev = await f.developer();
  const maapBotId = await maap.registerBot({
    requestId: randomUUID(),
    displayName: 'Launch Bot',
    profile: {},
  });
  const { botId, holdId } = await f.launch({
    partnerId: dev.partnerId,
    state,
    carriers: { [jio]: 'launching', ...others },
    bot: { apiType: 'GSMA', maapBotId, channels: [CHANNEL_TYPE.rcs] },
  });
  return { botId, holdId, partnerId: dev.partnerId, maapBotId };
}

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  f = launchFixtures(t);
  jio = await t.factories.carrierId();
  airtel = await t.factories.carrierId('Bharti Airtel');
});
beforeEach(() => configure({}));
afterAll(() => t.close());

describe('the launch job', () => {
  it('when the network still reviews the launch then it looks again later, and once live the carrier and the bot are launched and the hold captured', async () => {
    await configure({ agentReviewDelayMs: 1000 });
    const { service, enqueued, connectors } = createBotReviewForTest(t, {
      launchPoll: { seconds: 1, max: 50 },
    });
    const { botId, holdId, partnerId } = await launchingBot(
      connectors.get('maap'),
      'bot_approved_by_portico_pending_from_carrier',
    );
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 0 })).toBe('pending');
    expect(enqueued).toEqual([{ botId, carrierId: jio, poll: 1 }]);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.launching.code);
    await sleep(1300);
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 1 })).toBe('launched');
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.launched.code);
    expect(await f.botStatus(botId)).toBe(BOT.launched.code);
    expect(await f.holdStatus(partnerId, holdId ?? '')).toBe('captured');
    const { rows } = await t.database.sql.query<{
      subject: string;
      action: string;
      carrier_id: number | null;
    }>('SELECT subject, action, carrier_id FROM review_history WHERE subject_id = $1 ORDER BY id', [botId]);
    expect(rows).toEqual([
      { subject: 'bot-carrier', action: 'launched', carrier_id: jio },
      { subject: 'bot', action: 'launched', carrier_id: null },
    ]);
  });

  it("when the network refuses the launch then the carrier's launch failed with the network's reason, and with no other carrier open the bot is launch_failed", async () => {
    await configure({ launchRejectionRatio: 1 });
    const base = createBotReviewForTest(t);
    const network = recording(base.connectors);
    const { service } = createBotReviewForTest(t, {
      connectors: network.connectors,
      launchPoll: { seconds: 1, max: 50 },
    });
    const { botId } = await launchingBot(
      base.connectors.get('maap'),
      'bot_approved_by_portico_pending_from_carrier',
      {
        [airtel]: 'rejected',
      },
    );
    expect(await runUntilDecided(service, botId)).toBe('launch_failed');
    // Asked once; the later looks read the refusal and never ask over it.
    expect(network.calls.requestLaunch).toBe(1);
    expect(await f.carrierStatus(botId, jio)).toEqual({
      status: CARRIER.launch_failed.code,
      reason: 'The carrier declined the launch on its network.',
    });
    expect(await f.botStatus(botId)).toBe(BOT.launch_failed.code);
    const { rows } = await t.database.sql.query<{ reason: string }>(
      "SELECT reason FROM review_history WHERE subject_id = $1 AND subject = 'bot'",
      [botId],
    );
    expect(rows[0]?.reason).toContain('The carrier declined the launch on its network.');
  });

  it('when a transient network failure happens then the job looks again instead of failing the launch', async () => {
    const base = createBotReviewForTest(t);
    const network = recording(base.connectors);
    const { service, enqueued } = createBotReviewForTest(t, { connectors: network.connectors });
    const { botId } = await launchingBot(
      base.connectors.get('maap'),
      'bot_approved_by_portico_pending_from_carrier',
    );
    network.failNext('network');
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 0 })).toBe('pending');
    expect(enqueued).toHaveLength(1);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.launching.code);
  });

  it('when the job dies after the network call and runs again, then runs once more after the outcome, the bot launches once and the last run calls nothing', async () => {
    const base = createBotReviewForTest(t);
    const network = recording(base.connectors);
    const { service } = createBotReviewForTest(t, { connectors: network.connectors });
    const { botId, holdId, partnerId, maapBotId } = await launchingBot(
      base.connectors.get('maap'),
      'bot_approved_by_portico_pending_from_carrier',
    );
    await configure({ agentReviewDelayMs: 1000 });
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 0 })).toBe('pending');
    await sleep(1300);
    network.failNext('process');
    await expect(service.runLaunch({ botId, carrierId: jio, poll: 1 })).rejects.toThrow('worker killed');
    // Nothing was written: the carrier still launching; the network already runs the bot.
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.launching.code);
    expect(await base.connectors.get('maap').launchState(maapBotId)).toBe('LAUNCH_STATE_LAUNCHED');
    // pg-boss runs the job again: it reads the launch (asked once, by the first run) and writes the outcome once.
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 1 })).toBe('launched');
    expect(await base.connectors.get('maap').launchState(maapBotId)).toBe('LAUNCH_STATE_LAUNCHED');
    expect(network.calls.requestLaunch).toBe(1);
    // Even the first run done over (a retried poll-0 job) leaves a live launch as it is.
    await base.connectors.get('maap').requestLaunch(maapBotId, []);
    expect(await base.connectors.get('maap').launchState(maapBotId)).toBe('LAUNCH_STATE_LAUNCHED');
    const before = { ...network.calls };
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 1 })).toBe('nothing-to-do');
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 0 })).toBe('nothing-to-do');
    expect(network.calls).toEqual(before);
    const { rows } = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM review_history WHERE subject_id = $1 AND action = 'launched'",
      [botId],
    );
    expect(rows[0]?.n).toBe(2); // the carrier's and the bot's, once each
    expect(await f.settlements(holdId ?? '')).toEqual({ capture: 1 });
    expect(await f.holdStatus(partnerId, holdId ?? '')).toBe('captured');
  });

  it('when a failed launch is retried and launches then the bot goes from launch_failed to launched', async () => {
    const { service, connectors } = createBotReviewForTest(t, { launchPoll: { seconds: 1, max: 50 } });
    const { botId } = await launchingBot(connectors.get('maap'), 'launch_failed');
    expect(await runUntilDecided(service, botId)).toBe('launched');
    expect(await f.botStatus(botId)).toBe(BOT.launched.code);
  });

  it('when the network never answers within the looks then the launch fails with that reason; a bot missing on the network fails at once', async () => {
    await configure({ agentReviewDelayMs: 60_000 });
    const { service, connectors, enqueued } = createBotReviewForTest(t, {
      launchPoll: { seconds: 1, max: 2 },
    });
    const { botId } = await launchingBot(
      connectors.get('maap'),
      'bot_approved_by_portico_pending_from_carrier',
    );
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 0 })).toBe('pending');
    expect(await service.runLaunch({ botId, carrierId: jio, poll: 1 })).toBe('launch_failed');
    expect(enqueued).toHaveLength(1);
    expect((await f.carrierStatus(botId, jio))?.reason).toBe(
      'The network did not confirm the launch in time.',
    );

    const dev = await f.developer();
    const missing = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_approved_by_portico_pending_from_carrier',
      carriers: { [jio]: 'launching' },
      bot: { apiType: 'GSMA', maapBotId: null },
    });
    expect(await service.runLaunch({ botId: missing.botId, carrierId: jio, poll: 0 })).toBe('launch_failed');
    expect((await f.carrierStatus(missing.botId, jio))?.reason).toBe(
      'The bot is not registered on GSMA MaaP.',
    );
  });

  it('when the RBM agent is not verified yet then the launch asks Google to verify it with the launch contact, waits, and launches once verified', async () => {
    const { service, connectors } = createBotReviewForTest(t);
    const rbm = connectors.get('rbm');
    const { agent } = await rbm.registerAgent({
      brandDisplayName: 'Unverified',
      agentDisplayName: 'Unverified Bot',
      rcsBusinessMessagingAgent: { description: 'Orders', hostingRegion: 'ASIA_PACIFIC' },
    });
    const dev = await f.developer();
    const rcs = { apiType: 'GOOGLE', rbmAgent: agent, maapBotId: null, channels: [CHANNEL_TYPE.rcs] };
    // Without the Business Verification step's company details there is no one to vouch for it.
    const bare = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_approved_by_portico_pending_from_carrier',
      carriers: { [jio]: 'launching' },
      bot: rcs,
    });
    expect(await runUntilDecided(service, bare.botId)).toBe('launch_failed');
    expect(await rbm.verificationState(agent)).toBe('VERIFICATION_STATE_UNVERIFIED');

    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_approved_by_portico_pending_from_carrier',
      carriers: { [jio]: 'launching' },
      bot: rcs,
    });
    await t.database.db
      .update(launches)
      .set({
        company: {
          company_name: 'Chai Co',
          website: 'https://chai.example/',
          contact_name: 'Asha Rao',
          contact_email: 'asha@chai.example',
          contact_phone: '',
        },
      })
      .where(eq(launches.botId, botId));
    expect(await runUntilDecided(service, botId)).toBe('launched');
    expect(await rbm.verificationState(agent)).toBe('VERIFICATION_STATE_VERIFIED');
    const region = rbmRegionOf({ name: 'Reliance Jio', countryId: 'IN' });
    expect((await rbm.launchDetail(agent, region)).state).toBe('LAUNCH_STATE_LAUNCHED');
  });

  it("when a two-channel bot (RBM agent and WhatsApp sender) launches then the agent is live in the carrier's RBM region and the sender is connected", async () => {
    const { service, connectors } = createBotReviewForTest(t);
    const rbm = connectors.get('rbm');
    const { agent } = await rbm.registerAgent({
      brandDisplayName: 'Two Channel',
      agentDisplayName: 'Two Channel Bot',
      rcsBusinessMessagingAgent: { description: 'Orders', hostingRegion: 'ASIA_PACIFIC' },
    });
    await rbm.requestVerification(agent, {
      partnerName: 'Portico',
      partnerEmailAddress: 'partner@portico.test',
      brandContactName: 'Asha',
      brandContactEmailAddress: 'asha@two.example',
      brandWebsiteUrl: 'https://two.example/',
    });
    for (
      let i = 0;
      i < 100 && (await rbm.verificationState(agent)) !== 'VERIFICATION_STATE_VERIFIED';
      i += 1
    ) {
      await sleep(50);
    }
    const senderId = await connectors.get('whatsapp').registerBot({
      requestId: randomUUID(),
      displayName: 'Two Channel',
      wabaId: 'waba-review',
      phoneNumber: '+14155550190',
      profile: { about: 'Orders' },
    });
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_approved_by_portico_pending_from_carrier',
      carriers: { [jio]: 'launching' },
      bot: {
        apiType: 'GOOGLE',
        rbmAgent: agent,
        maapBotId: null,
        whatsappPhoneNumberId: senderId,
        channels: [CHANNEL_TYPE.rcs, CHANNEL_TYPE.whatsapp],
      },
    });
    expect(await runUntilDecided(service, botId)).toBe('launched');
    const region = rbmRegionOf({ name: 'Reliance Jio', countryId: 'IN' });
    expect((await rbm.launchDetail(agent, region)).state).toBe('LAUNCH_STATE_LAUNCHED');
    expect((await connectors.get('whatsapp').launchDetail(senderId, '')).state).toBe('LAUNCH_STATE_LAUNCHED');
    expect(await f.botStatus(botId)).toBe(BOT.launched.code);
  });

  it("when the RBM region of a carrier is named then it is Google's /v1/regions/<carrier>-<country>", () => {
    expect(rbmRegionOf({ name: 'Reliance Jio', countryId: 'IN' })).toBe('/v1/regions/reliance-jio-in');
    expect(rbmRegionOf({ name: 'Vi (Vodafone Idea)', countryId: 'IN' })).toBe('/v1/regions/vi-in');
  });
});

describe('the sweep of launches stuck in launching', () => {
  /** The sweep as the module builds it, over the test app's database. */
  function sweeper() {
    const { database } = t;
    const { service } = createBotReviewForTest(t);
    return createLaunchSweep({
      database,
      repository: createBotReviewRepository(database.db),
      bots: createBotMovesForTest(database),
      sweeps: createLaunchSweepRepository(database.db),
      jobs: t.server.jobs as unknown as JobLookup<typeof BOT_REVIEW_QUEUES>,
      review: createReviewService({
        database,
        repository: createReviewRepository(database.db),
        mail: createMailer(t.server.jobs),
      }),
      audit: createAuditService(createAuditRepository(database.db), t.app.log),
      mail: createMailer(t.server.jobs),
      settleBot: service.settleBot,
      publicUrl: t.config.PUBLIC_URL,
    });
  }
  /** A bot approved by the platform with Jio launching since `agoMs`. */
  async function launchingSince(agoMs: number) {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_approved_by_portico_pending_from_carrier',
      carriers: { [jio]: 'launching' },
    });
    await t.database.sql.query(
      `UPDATE bot_carriers SET updated_at = now() - make_interval(secs => $2) WHERE bot_id = $1`,
      [botId, agoMs / 1000],
    );
    return botId;
  }
  // The app's queue carries every module's queues; its type names the platform's only.
  const launchJob = (botId: string) =>
    jobLaunches(
      t.server.jobs as unknown as JobSender<typeof BOT_REVIEW_QUEUES>,
      t.database,
      createBotMovesForTest(t.database),
    ).enqueue({
      botId,
      carrierId: jio,
      poll: 3,
    });
  const launchJobId = async (botId: string) =>
    (
      await t.database.sql.query<{ id: string }>(
        "SELECT id FROM pgboss.job WHERE name = 'bot-review.launch' AND data->>'botId' = $1",
        [botId],
      )
    ).rows[0]?.id;
  const storedLaunchJob = async (botId: string) =>
    (
      await t.database.sql.query<{ launch_job_id: string | null }>(
        'SELECT launch_job_id FROM bot_carriers WHERE bot_id = $1 AND carrier_id = $2',
        [botId, jio],
      )
    ).rows[0]?.launch_job_id;
  const historyOf = async (botId: string) =>
    (
      await t.database.sql.query<{
        subject: string;
        action: string;
        reason: string | null;
        carrier_id: number | null;
      }>('SELECT subject, action, reason, carrier_id FROM review_history WHERE subject_id = $1 ORDER BY id', [
        botId,
      ])
    ).rows;

  it('when a carrier is launching past the limit with no launch job alive then it becomes launch_failed with the reason in its history; a fresh one and one with a queued job are left alone; a second run changes nothing', async () => {
    const stale = await launchingSince(LAUNCHING_STUCK_AFTER_MS + 60_000);
    const fresh = await launchingSince(LAUNCHING_STUCK_AFTER_MS - 60_000);
    const queued = await launchingSince(LAUNCHING_STUCK_AFTER_MS * 10);
    await launchJob(queued);
    const jobId = await launchJobId(queued);
    expect(jobId).toBeTruthy();
    // The carrier's row names its launch job: the sweep asks pg-boss about that id (getJobById).
    expect(await storedLaunchJob(queued)).toBe(jobId);
    const sweep = sweeper();

    expect(await sweep.sweep()).toBe(1);
    expect(await f.carrierStatus(stale, jio)).toEqual({
      status: CARRIER.launch_failed.code,
      reason: LAUNCHING_STUCK_REASON,
    });
    expect(await historyOf(stale)).toEqual([
      { subject: 'bot-carrier', action: 'launch-failed', reason: LAUNCHING_STUCK_REASON, carrier_id: jio },
      // No other carrier is open: the bot's launch failed as a whole (botActionAfterCarriers).
      {
        subject: 'bot',
        action: 'launch-failed',
        reason: expect.stringContaining(LAUNCHING_STUCK_REASON),
        carrier_id: null,
      },
    ]);
    expect(await f.botStatus(stale)).toBe(BOT.launch_failed.code);
    const audit = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'launch.decided' AND detail->>'botId' = $1 AND detail->>'sweep' = 'true'",
      [stale],
    );
    expect(audit.rows[0]?.n).toBe(1);
    for (const untouched of [fresh, queued]) {
      expect((await f.carrierStatus(untouched, jio))?.status).toBe(CARRIER.launching.code);
      expect(await historyOf(untouched)).toEqual([]);
    }

    // Idempotent: nothing more to move, no second history row.
    expect(await sweep.sweep()).toBe(0);
    expect(await historyOf(stale)).toHaveLength(2);

    // The queued job gives up after its retries: the next sweep takes that carrier too.
    await t.database.sql.query("UPDATE pgboss.job SET state = 'failed' WHERE id = $1", [jobId]);
    expect(await sweep.sweep()).toBe(1);
    expect((await f.carrierStatus(queued, jio))?.status).toBe(CARRIER.launch_failed.code);
    expect((await f.carrierStatus(fresh, jio))?.status).toBe(CARRIER.launching.code);
  });

  it("when the sweep failed a launch then the platform's retry starts it again", async () => {
    const botId = await launchingSince(LAUNCHING_STUCK_AFTER_MS * 2);
    expect(await sweeper().sweep()).toBeGreaterThanOrEqual(1);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.launch_failed.code);
    const admin = await t.factories.account(ROLES.SUPER_ADMIN_PORTICO);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/secure/bot-reviews/${botId}/carriers/${jio}/retry`,
      headers: { authorization: `Bearer ${await t.tokenFor(admin.user.userId)}`, ...xsrfHeaders() },
      payload: {},
    });
    expectEnvelope(retried, 200);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.launching.code);
    expect(await f.jobs('bot-review.launch', botId)).toBe(1);
    expect(await storedLaunchJob(botId)).toBe(await launchJobId(botId));
  });
});
