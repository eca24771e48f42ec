import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/index.ts';
import { createGeolocationRepository } from './geolocation.repository.ts';
import { geolocationRoutes } from './geolocation.routes.ts';
import { createGeolocationService, httpCountryLookup, offlineCountryLookup } from './geolocation.service.ts';

export function createGeolocationModule({ config, database }: { config: Config; database: Database }) {
  const geolocation = createGeolocationService({
    repository: createGeolocationRepository(database.db),
    lookup: config.GEOLOCATION_URL ? httpCountryLookup(config.GEOLOCATION_URL) : offlineCountryLookup(),
  });
  return { geolocation, publicRoutes: geolocationRoutes(geolocation) as FastifyPluginAsyncZod };
}
