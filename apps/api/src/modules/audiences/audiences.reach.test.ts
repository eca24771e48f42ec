import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CHANNEL_TYPE, ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { NetworkError } from '../../networks/errors.ts';
import { type Connectors, createConnectors, resolveNetworks } from '../../networks/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { bots } from '../bots/bots.schema.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { createAudiencesService } from './audiences.service.ts';

/**
 * Reach: a checked audience's recipients split into RCS-capable and not by the network's capability
 * check against the sandbox over HTTP (numbers ending in 0 are not RCS-capable there), in batches
 * at the network's pace.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

const NUMBERS = Array.from({ length: 450 }, (_, i) => `+9198200${String(10000 + i)}`);

async function readyAudience(connectors?: Pick<Connectors, 'get'>) {
  const account = await t.factories.account(ROLES.DEVELOPER);
  const user = {
    userId: account.user.userId,
    partnerId: account.partner.partnerId,
    email: 'reach@example.com',
    role: ROLES.DEVELOPER,
  };
  const waits: number[] = [];
  const service = createAudiencesService({
    database: t.database,
    repository: createAudiencesRepository(t.database),
    storage: createStorage(t.config.storage),
    jobs: { send: async () => null },
    log: t.app.log,
    maxRecipients: 1_000_000,
    connectors: connectors ?? createConnectors(resolveNetworks(t.config.networks, t.database), t.app.log, 5),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const created = await service.upload(user, {
    fileName: 'reach.csv',
    stream: Readable.from([Buffer.from(`msisdn\n${NUMBERS.join('\n')}\n`)]),
    truncated: () => false,
  });
  return { user, service, audienceId: created.audience_id, waits };
}

describe('reach of an audience', () => {
  it('when the audience is not checked yet then its reach is refused, once ready the sandbox splits it', async () => {
    const { user, service, audienceId, waits } = await readyAudience();
    await expect(service.reach(user, audienceId, { network: 'maap', sender: 'bot-reach' })).rejects.toThrow(
      /not checked yet/,
    );
    await service.check(audienceId);
    const notCapable = NUMBERS.filter((n) => n.endsWith('0')).length;

    const progress: number[] = [];
    const maap = await service.reach(user, audienceId, { network: 'maap', sender: 'bot-reach' }, (r) =>
      progress.push(r.recipients),
    );
    expect(maap).toEqual({
      recipients: NUMBERS.length,
      rcs_capable: NUMBERS.length - notCapable,
      not_rcs_capable: notCapable,
    });
    // MaaP's batches of 200 at 5 a second: three batches; a batch that took less than 200 ms waits
    // out the rest before the next (one of 200 contacts asked one by one usually takes longer).
    expect(progress).toEqual([200, 400, 450]);
    expect(waits.length).toBeLessThanOrEqual(2);
    for (const wait of waits) expect(wait).toBeGreaterThan(0);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(200);

    const rbm = await service.reach(user, audienceId, { network: 'rbm', sender: 'agent-reach' });
    expect(rbm).toEqual(maap);
  });

  it("when another partner asks for an audience's reach then it is not found", async () => {
    const { service, audienceId } = await readyAudience();
    const other = await t.factories.account(ROLES.DEVELOPER);
    await expect(
      service.reach(
        {
          userId: other.user.userId,
          partnerId: other.partner.partnerId,
          email: 'o@example.com',
          role: ROLES.DEVELOPER,
        },
        audienceId,
        { network: 'rbm', sender: 'agent-reach' },
      ),
    ).rejects.toThrow(/not found/);
  });
});

/** A network whose capability check answers every number as RCS-capable, failing when told to. */
function flakyNetwork(fail: { at: number; error: () => Error } | null) {
  const asked: number[] = [];
  const connectors = {
    get: () => ({
      async reachableUsers(_sender: string, numbers: string[]) {
        asked.push(numbers.length);
        if (fail && asked.length === fail.at) throw fail.error();
        return { reachableUsers: numbers, totalRandomSampleUserCount: 0, reachableRandomSampleUserCount: 0 };
      },
    }),
    // The check asks the connector for reachableUsers only: the rest of a connector is never called.
  } as unknown as Pick<Connectors, 'get'>;
  return { connectors, asked };
}

async function storedRun(partnerId: string, audienceId: string) {
  const [bot] = await t.database.db
    .insert(bots)
    .values({
      partnerId,
      channels: [CHANNEL_TYPE.rcs],
      status: 10,
      name: 'Resume bot',
      billingCategory: 'BASIC_MESSAGE',
      messageCategory: 'Transactional',
      maapBotId: `resume-${randomUUID()}`,
    })
    .returning();
  const botId = bot?.botId ?? '';
  const runId = randomUUID();
  await createAudiencesRepository(t.database).startReach({
    audienceId,
    botId,
    partnerId,
    runId,
    network: 'maap',
    sender: bot?.maapBotId ?? '',
    status: 'running',
    recipients: NUMBERS.length,
  });
  return { audienceId, botId, runId };
}

async function reachRow(run: { audienceId: string; botId: string }) {
  const { rows } = await t.database.sql.query<{
    status: string;
    rcs_capable: number;
    checked_line: number;
    failure: string | null;
  }>(
    'SELECT status, rcs_capable, checked_line, failure FROM audience_reach WHERE audience_id = $1 AND bot_id = $2',
    [run.audienceId, run.botId],
  );
  return rows[0];
}

describe('the stored reach check (the audiences.reach job)', () => {
  it('when a run stops after a batch then its retry continues from the checkpoint, asking no number twice', async () => {
    const network = flakyNetwork({ at: 2, error: () => new Error('connection reset') });
    const { user, service, audienceId } = await readyAudience(network.connectors);
    await service.check(audienceId);
    const run = await storedRun(user.partnerId, audienceId);
    await expect(service.runReach(run)).rejects.toThrow(/connection reset/);
    expect(await reachRow(run)).toMatchObject({ status: 'running', rcs_capable: 200, checked_line: 201 });
    await service.runReach(run);
    expect(await reachRow(run)).toMatchObject({ status: 'ready', rcs_capable: NUMBERS.length });
    // 200, then 200 refused, then the retry: the last 250 (200 + 50), never the first 200 again.
    expect(network.asked).toEqual([200, 200, 200, 50]);
  });

  it('when a check is replaced by a new start then the old run stops and the new one counts from zero', async () => {
    const network = flakyNetwork({ at: 2, error: () => new Error('connection reset') });
    const { user, service, audienceId } = await readyAudience(network.connectors);
    await service.check(audienceId);
    const old = await storedRun(user.partnerId, audienceId);
    await expect(service.runReach(old)).rejects.toThrow(/connection reset/);
    const runId = randomUUID();
    await createAudiencesRepository(t.database).startReach({
      audienceId,
      botId: old.botId,
      partnerId: user.partnerId,
      runId,
      network: 'maap',
      sender: 'resume-bot',
      status: 'running',
      recipients: NUMBERS.length,
    });
    expect(await reachRow(old)).toMatchObject({ status: 'running', rcs_capable: 0, checked_line: 0 });
    // The old run's retry finds the row replaced: it asks nothing.
    await service.runReach(old);
    expect(network.asked).toEqual([200, 200]);
    await service.runReach({ ...old, runId });
    expect(await reachRow(old)).toMatchObject({ status: 'ready', rcs_capable: NUMBERS.length });
    expect(network.asked).toEqual([200, 200, 200, 200, 50]);
  });

  it('when the network refuses then the check fails with its words, and a run of another id asks nothing', async () => {
    const network = flakyNetwork({
      at: 1,
      error: () => new NetworkError('maap', 'unauthorized', 'the bot is not allowed to ask.'),
    });
    const { user, service, audienceId } = await readyAudience(network.connectors);
    await service.check(audienceId);
    const run = await storedRun(user.partnerId, audienceId);
    await service.runReach(run);
    expect(await reachRow(run)).toMatchObject({
      status: 'failed',
      failure: 'GSMA MaaP: the bot is not allowed to ask.',
    });
    await service.runReach({ ...run, runId: randomUUID() });
    expect(network.asked).toEqual([200]);
  });
});
