import { z } from 'zod';
import { optionalUrl } from '../../platform/config-fields.ts';
import { defineModule } from '../../platform/module.ts';
import { createGeolocationRepository } from './geolocation.repository.ts';
import { geolocationRoutes } from './geolocation.routes.ts';
import { createGeolocationService, httpCountryLookup, offlineCountryLookup } from './geolocation.service.ts';

/** GET /api/v1/geolocation: the caller's country from their IP (offline database or GEOLOCATION_URL). */
export const geolocationModule = defineModule({
  name: 'geolocation',
  /** GEOLOCATION_URL unset -> the offline country database; set -> an HTTP provider answering {country_code} for `{ip}`. */
  config: () => z.object({ GEOLOCATION_URL: optionalUrl }),
  create({ database, settings }) {
    const geolocation = createGeolocationService({
      repository: createGeolocationRepository(database.db),
      lookup: settings.GEOLOCATION_URL ? httpCountryLookup(settings.GEOLOCATION_URL) : offlineCountryLookup(),
    });
    return { publicRoutes: [geolocationRoutes(geolocation)] };
  },
});
