import { CHANNEL_TYPE, ZAudienceReachList } from '@portico/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBotsIn } from '../../../test/demo-bots.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createConnectors, resolveNetworks } from '../../networks/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { bots as botsTable } from '../bots/bots.schema.ts';
import { toBotForTesting } from '../bots/bots.service.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { seedAudiencesDemo, seedAudiencesReachDemo } from './audiences.seed.ts';

/**
 * The live demo's reach (DEMO=1, once the app listens): the demo developer's personalised audience
 * has a ready reach through each launched RCS bot, asked of the mounted sandbox over HTTP; a second
 * seed adds nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true });
  await seedDemoBotsIn(t);
  await seedAudiencesDemo({
    config: t.config,
    database: t.database,
    settings: { AUDIENCE_MAX_RECIPIENTS: 1_000_000 },
  });
}, 120_000);
afterAll(() => t.close());

describe('the live demo reach', () => {
  it("when seeded twice then the demo developer's personalised audience has a ready reach through each launched RCS bot, made once", async () => {
    // The bots service's two calls the seed makes, read from the bots table as the service does.
    const findBots = (partnerId: string) =>
      t.database.db
        .select()
        .from(botsTable)
        .where(
          and(
            eq(botsTable.partnerId, partnerId),
            eq(botsTable.status, 10),
            sql`${CHANNEL_TYPE.rcs} = ANY(${botsTable.channels})`,
          ),
        )
        .orderBy(asc(botsTable.name));
    const bots = {
      list: async (user: { partnerId: string }) => ({
        items: (await findBots(user.partnerId)).map((b) => ({ bot_id: b.botId })),
      }),
      botForTesting: async (user: { partnerId: string }, botId: string) => {
        const row = (await findBots(user.partnerId)).find((b) => b.botId === botId);
        if (!row) throw new NotFoundError('This bot was not found.');
        return toBotForTesting(row);
      },
    };
    const seed = () =>
      seedAudiencesReachDemo({
        database: t.database,
        repository: createAudiencesRepository(t.database),
        storage: createStorage(t.config.storage),
        connectors: createConnectors(resolveNetworks(t.config.networks, t.database), t.app.log, 5),
        maxRecipients: 1_000_000,
        bots,
      });
    const first = await seed();
    // One per launched RCS bot of the demo developer.
    expect(first.reach).toBe(
      (await bots.list({ partnerId: DEMO_PARTNERS.developer.partnerId })).items.length,
    );
    expect(first.reach).toBeGreaterThanOrEqual(1);
    expect(await seed()).toEqual({ reach: 0 });

    const { rows } = await t.database.sql.query<{ user_id: string; audience_id: string }>(
      `SELECT u.user_id, a.audience_id FROM users u JOIN audiences a ON a.partner_id = u.partner_id
        WHERE u.email = 'developer@portico.test' AND a.file_name LIKE 'diwali%'`,
    );
    const [row] = rows;
    if (!row) throw new Error('no demo audience');
    const token = await t.tokenFor(row.user_id);
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/secure/audiences/${row.audience_id}/reach`,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
    });
    const { items } = ZAudienceReachList.parse(expectEnvelope(answer, 200).data);
    expect(items).toHaveLength(first.reach);
    for (const reach of items) {
      expect(reach).toMatchObject({ status: 'ready', recipients: 44 });
      expect(reach.rcs_capable + reach.not_rcs_capable).toBe(44);
      expect(reach.rcs_capable).toBeGreaterThan(0);
    }
    const { rows: others } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audience_reach WHERE partner_id <> $1',
      [DEMO_PARTNERS.developer.partnerId],
    );
    expect(others[0]?.n).toBe(0);
  });
});
