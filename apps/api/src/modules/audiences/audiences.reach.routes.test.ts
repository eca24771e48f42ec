import {
  CHANNEL_TYPE,
  ROLES,
  type TAudienceReachCheck,
  ZAudienceDetails,
  ZAudienceReachCheck,
  ZAudienceReachList,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { bots } from '../bots/bots.schema.ts';

/**
 * Reach through the API with workers and the sandbox listening (a number ending in 0 is not
 * RCS-capable there): a check started for (audience, RCS bot) runs as the audiences.reach job, is
 * stored and read back (alone and in the audience's details), a rerun replaces it, a second start
 * while it runs starts nothing; another partner's audience or bot is 404, a WhatsApp bot or one not
 * on its network 400, an audience not checked yet 409, the read-only child and an aggregator
 * awaiting approval cannot start one.
 */

const S = '/api/v1/secure';
const NUMBERS = Array.from({ length: 25 }, (_, i) => `+9198300${String(10000 + i)}`);
const NOT_CAPABLE = NUMBERS.filter((n) => n.endsWith('0')).length;

interface Caller {
  token: string;
  partnerId: string;
}
let t: TestApp;
let developer: Caller;
let readOnlyChild: Caller;
let stranger: Caller;
let rbmBot: string;
let maapBot: string;
let whatsappBot: string;
let unregisteredBot: string;
let strangerBot: string;
let audienceId: string;
let checkingAudienceId: string;
let strangerAudienceId: string;

const call = (who: Caller, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });

async function caller(subject: Subject, partnerId?: string): Promise<Caller> {
  if (partnerId) {
    const user = await t.factories.user(partnerId, { role: subject });
    return { token: await t.tokenFor(user.userId), partnerId };
  }
  const account = await t.factories.account(subject);
  return { token: await t.tokenFor(account.user.userId), partnerId: account.partner.partnerId };
}

async function insertBot(
  partnerId: string,
  name: string,
  on: { rbmAgent?: string; maapBotId?: string; whatsapp?: string },
): Promise<string> {
  const [row] = await t.database.db
    .insert(bots)
    .values({
      partnerId,
      channels: [on.whatsapp ? CHANNEL_TYPE.whatsapp : CHANNEL_TYPE.rcs],
      status: 10,
      name,
      billingCategory: 'BASIC_MESSAGE',
      messageCategory: 'Transactional',
      ...(on.rbmAgent ? { rbmBrand: 'brands/chai', rbmAgent: `brands/chai/agents/${on.rbmAgent}` } : {}),
      ...(on.maapBotId ? { maapBotId: on.maapBotId } : {}),
      ...(on.whatsapp ? { whatsappPhoneNumberId: on.whatsapp } : {}),
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row.botId;
}

async function insertAudience(partnerId: string, numbers: readonly string[], status = 'ready') {
  const { rows } = await t.database.sql.query<{ audience_id: string }>(
    `INSERT INTO audiences (partner_id, name, file_name, format, bytes, storage_key, status, read_count, kept_count)
     VALUES ($1, 'Reach list', 'reach.csv', 'csv', 100, 'private/audiences/' || gen_random_uuid() || '.csv', $3, $2, $2)
     RETURNING audience_id`,
    [partnerId, numbers.length, status],
  );
  const id = rows[0]?.audience_id ?? '';
  await t.database.sql.query(
    `INSERT INTO audience_recipients (audience_id, msisdn, line)
     SELECT $1::uuid, m, l FROM unnest($2::text[], $3::int[]) AS t(m, l)`,
    [id, numbers, numbers.map((_, i) => i + 2)],
  );
  return id;
}

const start = (who: Caller, audience: string, botId: string) =>
  call(who, { method: 'POST', url: `${S}/audiences/${audience}/reach`, payload: { bot_id: botId } });

async function reachOf(who: Caller, audience: string): Promise<TAudienceReachCheck[]> {
  return ZAudienceReachList.parse(
    expectEnvelope(await call(who, { method: 'GET', url: `${S}/audiences/${audience}/reach` }), 200).data,
  ).items;
}

async function settled(audience: string, botId: string): Promise<TAudienceReachCheck> {
  const began = Date.now();
  for (;;) {
    const check = (await reachOf(developer, audience)).find((r) => r.bot_id === botId);
    if (check && check.status !== 'running') return check;
    if (Date.now() - began > 30_000) throw new Error(`reach still ${check?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: {
      PORTICO_ROLE: 'all',
      LOG_LEVEL: 'error',
      SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false } }),
    },
  });
  developer = await caller(ROLES.DEVELOPER);
  readOnlyChild = await caller(ROLES.CHILD_AGGREGATOR_READONLY, developer.partnerId);
  stranger = await caller(ROLES.DEVELOPER);
  rbmBot = await insertBot(developer.partnerId, 'Chai RBM', { rbmAgent: 'reach_rbm' });
  maapBot = await insertBot(developer.partnerId, 'Chai MaaP', { maapBotId: 'reach-maap' });
  whatsappBot = await insertBot(developer.partnerId, 'Chai WhatsApp', { whatsapp: '1098765' });
  unregisteredBot = await insertBot(developer.partnerId, 'Chai draft', {});
  strangerBot = await insertBot(stranger.partnerId, 'Other RBM', { rbmAgent: 'reach_other' });
  audienceId = await insertAudience(developer.partnerId, NUMBERS);
  checkingAudienceId = await insertAudience(developer.partnerId, NUMBERS.slice(0, 3), 'checking');
  strangerAudienceId = await insertAudience(stranger.partnerId, NUMBERS.slice(0, 3));
}, 120_000);
afterAll(() => t.close());

describe('checking reach', () => {
  it('when a reach check is started through an RCS bot then the job splits the recipients and the result is kept and shown with the audience', async () => {
    const started = ZAudienceReachCheck.parse(
      expectEnvelope(await start(developer, audienceId, rbmBot), 200).data,
    );
    expect(started).toMatchObject({
      audience_id: audienceId,
      bot_id: rbmBot,
      bot_name: 'Chai RBM',
      network: 'rbm',
      status: 'running',
      recipients: NUMBERS.length,
    });
    const ready = await settled(audienceId, rbmBot);
    expect(ready).toMatchObject({
      status: 'ready',
      recipients: NUMBERS.length,
      rcs_capable: NUMBERS.length - NOT_CAPABLE,
      not_rcs_capable: NOT_CAPABLE,
      failure: null,
    });
    expect(ready.checked_at).not.toBeNull();

    const details = ZAudienceDetails.parse(
      expectEnvelope(await call(developer, { method: 'GET', url: `${S}/audiences/${audienceId}` }), 200).data,
    );
    expect(details.reach).toEqual([ready]);
    // The read-only child reads it too.
    expect(await reachOf(readOnlyChild, audienceId)).toEqual([ready]);

    const { rows } = await t.database.sql.query<{
      status: string;
      rcs_capable: number;
      checked_line: number;
    }>('SELECT status, rcs_capable, checked_line FROM audience_reach WHERE audience_id = $1', [audienceId]);
    expect(rows).toEqual([
      { status: 'ready', rcs_capable: NUMBERS.length - NOT_CAPABLE, checked_line: NUMBERS.length + 1 },
    ]);
  });

  it('when the check is run again then it replaces the previous result; a second start while it runs starts nothing', async () => {
    const first = await settled(audienceId, rbmBot);
    // The previous result is replaced: one recipient fewer since (the audience's kept count moved).
    await t.database.sql.query(`DELETE FROM audience_recipients WHERE audience_id = $1 AND line = 2`, [
      audienceId,
    ]);
    await t.database.sql.query(`UPDATE audiences SET kept_count = kept_count - 1 WHERE audience_id = $1`, [
      audienceId,
    ]);
    const again = expectEnvelope(await start(developer, audienceId, rbmBot), 200);
    expect(again.message).toBe('Reach check started');
    const twice = expectEnvelope(await start(developer, audienceId, rbmBot), 200);
    const second = ZAudienceReachCheck.parse(twice.data);
    if (second.status === 'running') expect(twice.message).toBe('The reach check is already running');
    const rerun = await settled(audienceId, rbmBot);
    expect(rerun.started_at > first.started_at).toBe(true);
    expect(rerun.recipients).toBe(NUMBERS.length - 1);
    expect(rerun.rcs_capable + rerun.not_rcs_capable).toBe(NUMBERS.length - 1);
    const { rows } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audience_reach WHERE audience_id = $1',
      [audienceId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('when the bot is a MaaP bot then the same split comes from MaaP, kept beside the RBM one', async () => {
    expectEnvelope(await start(developer, audienceId, maapBot), 200);
    const maap = await settled(audienceId, maapBot);
    const rbm = await settled(audienceId, rbmBot);
    expect(maap).toMatchObject({
      network: 'maap',
      status: 'ready',
      rcs_capable: rbm.rcs_capable,
      not_rcs_capable: rbm.not_rcs_capable,
    });
    expect((await reachOf(developer, audienceId)).map((r) => r.bot_name)).toEqual(['Chai MaaP', 'Chai RBM']);
  });
});

describe('refusals', () => {
  it("when another partner's audience or bot is named then 404, and nothing is stored", async () => {
    expectEnvelope(await start(developer, strangerAudienceId, rbmBot), 404);
    expectEnvelope(await start(developer, audienceId, strangerBot), 404);
    expectEnvelope(await start(stranger, audienceId, strangerBot), 404);
    expectEnvelope(await call(stranger, { method: 'GET', url: `${S}/audiences/${audienceId}/reach` }), 404);
    expect(await reachOf(stranger, strangerAudienceId)).toEqual([]);
  });

  it('when the bot is a WhatsApp bot or not on its network yet, or no bot id, then 400 saying why', async () => {
    const whatsapp = expectEnvelope(await start(developer, audienceId, whatsappBot), 400);
    expect(whatsapp.message).toMatch(/Chai WhatsApp is a WhatsApp bot: .*Choose one of your RCS bots/);
    const draft = expectEnvelope(await start(developer, audienceId, unregisteredBot), 400);
    expect(draft.message).toMatch(/not registered on its RCS network yet/);
    const bad = await call(developer, {
      method: 'POST',
      url: `${S}/audiences/${audienceId}/reach`,
      payload: { bot_id: 'nope' },
    });
    expect(expectEnvelope(bad, 400).message).toMatch(/Choose one of your RCS bots/);
  });

  it('when the audience is not checked yet then 409', async () => {
    const response = await start(developer, checkingAudienceId, rbmBot);
    expect(expectEnvelope(response, 409).message).toMatch(/not checked yet/);
    expect(await reachOf(developer, checkingAudienceId)).toEqual([]);
  });

  it('when the read-only child or an aggregator awaiting approval starts a check then 403', async () => {
    expectEnvelope(await start(readOnlyChild, audienceId, rbmBot), 403);
    const pending = await t.factories.account(null, {
      partner: { isAggregator: true, launchApproved: false, approvalStatus: null },
    });
    const caller = { token: await t.tokenFor(pending.user.userId), partnerId: pending.partner.partnerId };
    const pendingAudience = await insertAudience(caller.partnerId, NUMBERS.slice(0, 2));
    const pendingBot = await insertBot(caller.partnerId, 'Pending RBM', { rbmAgent: 'reach_pending' });
    const refused = await start(caller, pendingAudience, pendingBot);
    expect(expectEnvelope(refused, 403).message).toMatch(/campaigns open once it is approved/);
    expect(await reachOf(caller, pendingAudience)).toEqual([]);
  });
});
