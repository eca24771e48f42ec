import { createBotsRepository } from '@portico/api/modules/bots/bots.repository';
import { createPartnersRepository } from '@portico/api/modules/partners/partners.repository';
import { createReferenceDataRepository } from '@portico/api/modules/reference-data/reference-data.repository';
import type { Db } from '@portico/api/platform/db/index';
import { ZBotsQuery } from '@portico/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { BOTS_WINDOW } from './bots.ts';

export const BARE_PARTNER_DETAILS_PATH = '/bare/partner-details';
export const BARE_COUNTRIES_PATH = '/bare/countries';
export const BARE_BOTS_PATH = '/bare/bots';
export const COUNTRIES_WINDOW = { start: 0, end: 30 };

/**
 * The baseline: a plain Fastify instance running the very queries of the product's repositories on
 * the same database handle, answering their rows as JSON. No auth, envelope, validation, response
 * schema, rate limit, XSRF, security headers, request ids or logging.
 */
export async function startBareServer(
  db: Db,
  userId: string,
): Promise<{ app: FastifyInstance; url: string }> {
  const partners = createPartnersRepository(db);
  const referenceData = createReferenceDataRepository(db);
  const app = Fastify({ logger: false });
  app.get(BARE_PARTNER_DETAILS_PATH, async () => {
    const row = await partners.profileOf(userId);
    if (!row) throw new Error('bench user not found');
    return row;
  });
  app.get(BARE_COUNTRIES_PATH, async () => referenceData.countries(COUNTRIES_WINDOW));
  // MY BOTS' first page: the bots repository's list SQL (rows and total, carriers per bot) for the
  // user's partner, with the list's default filters and sort.
  const bots = createBotsRepository(db);
  const { start, end, ...filters } = ZBotsQuery.parse(BOTS_WINDOW);
  // The partner is looked up once (the full stack takes it from the verified token).
  const profile = await partners.profileOf(userId);
  if (!profile) throw new Error('bench user not found');
  app.get(BARE_BOTS_PATH, async () => bots.list(profile.partnerId, filters, { start, end }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}
