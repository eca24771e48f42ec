import { Readable } from 'node:stream';
import { ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createConnectors, resolveNetworks } from '../../networks/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
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

async function readyAudience() {
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
    connectors: createConnectors(resolveNetworks(t.config.networks, t.database), t.app.log, 5),
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
