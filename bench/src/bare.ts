import { createPartnersRepository } from '@portico/api/modules/partners/partners.repository';
import { createReferenceDataRepository } from '@portico/api/modules/reference-data/reference-data.repository';
import type { Db } from '@portico/api/platform/db/index';
import Fastify, { type FastifyInstance } from 'fastify';

export const BARE_PARTNER_DETAILS_PATH = '/bare/partner-details';
export const BARE_COUNTRIES_PATH = '/bare/countries';
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
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}
