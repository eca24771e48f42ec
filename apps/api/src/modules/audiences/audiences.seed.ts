import { Readable } from 'node:stream';
import { audienceSampleRows, toDelimitedText } from '@portico/domain';
import { count, eq, sql } from 'drizzle-orm';
import { users } from '../../platform/db/core.schema.ts';
import { DEMO_ACCOUNTS, DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import type { SeedContext } from '../../platform/module.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { audiences } from './audiences.schema.ts';
import { createAudiencesService } from './audiences.service.ts';
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
