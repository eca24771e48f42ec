import { Readable } from 'node:stream';
import { audienceSampleRows, type TBotFilters, toDelimitedText } from '@portico/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_ACCOUNTS, DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import type { SeedContext } from '../../platform/module.ts';
import { createStorage } from '../../platform/storage/index.ts';
import type { BotsService } from '../bots/bots.service.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { audiences } from './audiences.schema.ts';
import { type AudiencesDeps, createAudiencesService } from './audiences.service.ts';
import { createOptOutsService } from './opt-outs.service.ts';

/** The demo's audience: the personalised sample, more recipients, and lines each refused for a reason. */
function demoFile(): string {
  const rows = audienceSampleRows('personalised');
  for (let i = 0; i < 40; i++)
    rows.push([`+9198100${String(20000 + i)}`, `Guest ${i + 1}`, `ORD-${11000 + i}`, '2026-12-05']);
  rows.push(['+919876543210', 'Asha again', 'ORD-10299', '2026-12-06']); // duplicate
  rows.push(['+919811112222', 'Opted', 'ORD-10300', '2026-12-06']); // opted out
  rows.push(['98765', 'Typo', 'ORD-10301', '2026-12-06']); // bad number
  rows.push(['', '', '', '']); // empty
  return toDelimitedText(rows, 'csv');
}

/**
 * Demo data (DEMO=1), through the audiences services: each demo developer-side partner has opt-outs
 * (added by the partner) and two checked audiences, one with refused lines of every kind and a plain
 * list. Idempotent: a partner with an audience is left alone.
 */
export async function seedAudiencesDemo({
  config,
  database,
  settings,
}: SeedContext<{ AUDIENCE_MAX_RECIPIENTS: number }>) {
  const repository = createAudiencesRepository(database);
  const optOuts = createOptOutsService({ database, repository });
  const service = createAudiencesService({
    database,
    repository,
    storage: createStorage(config.storage),
    // The seed runs each check itself, at once.
    jobs: { send: async () => null },
    // A failed check throws (the seed stops loudly): nothing to log beside it.
    log: { error: () => undefined },
    maxRecipients: settings.AUDIENCE_MAX_RECIPIENTS,
  });
  let seeded = 0;
  for (const key of ['developer', 'aggregator', 'aggregatorPending'] as const) {
    const partnerId = DEMO_PARTNERS[key].partnerId;
    const [existing] = await database.db
      .select({ n: count() })
      .from(audiences)
      .where(eq(audiences.partnerId, partnerId));
    if ((existing?.n ?? 0) > 0) continue;
    const account = DEMO_ACCOUNTS.find((a) => a.partner === key);
    if (!account) continue;
    const [owner] = await database.db
      .select({ userId: users.userId, email: users.email, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, account.email));
    if (!owner) continue;
    const user = { ...owner, partnerId };
    for (const number of ['+919811112222', '+919811113333', '+447400111222']) await optOuts.add(user, number);
    for (const [fileName, content] of [
      ['diwali-offer-personalised.csv', demoFile()],
      ['vip-customers.txt', '+919876543210\n+919812345678\n+14155550100\n'],
    ] as const) {
      const created = await service.upload(user, {
        fileName,
        stream: Readable.from([Buffer.from(content, 'utf8')]),
        truncated: () => false,
      });
      await service.check(created.audience_id);
      seeded += 1;
    }
  }
  return { audiences: seeded };
}

/**
 * Live demo data (DEMO=1, once the app listens: the capability check goes through the real
 * connector to the mounted sandbox): the demo developer's personalised audience gets a ready reach
 * through each of its launched RCS bots (a few: one capability request each), made by the audiences
 * service (the row, then the run the audiences.reach job would make, here at once). Idempotent: an
 * audience with a reach is left alone.
 */
export async function seedAudiencesReachDemo(
  deps: Pick<AudiencesDeps, 'repository' | 'storage' | 'connectors' | 'maxRecipients'> & {
    database: Database;
    /** The bots service (its list read for the partner's launched RCS bots: only their ids are used). */
    bots: Pick<BotsService, 'botForTesting'> & {
      list(
        user: AuthenticatedUser,
        filters: TBotFilters,
        window: { start: number; end: number },
      ): Promise<{ items: readonly { bot_id: string }[] }>;
    };
  },
): Promise<{ reach: number }> {
  const { database, repository } = deps;
  const partnerId = DEMO_PARTNERS.developer.partnerId;
  const [owner] = await database.db
    .select({ userId: users.userId, email: users.email, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, 'developer@portico.test'));
  if (!owner) return { reach: 0 };
  const user: AuthenticatedUser = { ...owner, partnerId };
  const { items } = await repository.listAudiences(partnerId, {
    start: 0,
    end: 10,
    status: 'ready',
    sort: 'created_at',
    order: 'asc',
  });
  const audience = items.find((a) => a.fields.length > 0) ?? items[0];
  if (!audience || (await repository.reachOf(audience.audienceId)).length > 0) return { reach: 0 };
  const launched = await deps.bots.list(
    user,
    { status: 'launched', channel: 'rcs', sort: 'name', order: 'asc' },
    { start: 0, end: 10 },
  );
  let run: { audienceId: string; botId: string; runId: string } | undefined;
  const service = createAudiencesService({
    ...deps,
    // The seed runs each reach itself, at once.
    jobs: {
      send: async (_queue, payload) => {
        run = payload as typeof run;
        return null;
      },
    },
    log: { error: () => undefined },
  });
  let seeded = 0;
  for (const bot of launched.items) {
    run = undefined;
    try {
      await service.startReach(user, audience.audienceId, bot.bot_id);
    } catch (error) {
      // A launched RCS bot not registered on its network: the next one.
      if (error instanceof BadRequestError) continue;
      throw error;
    }
    if (!run) continue;
    await service.runReach(run);
    seeded += 1;
  }
  return { reach: seeded };
}
