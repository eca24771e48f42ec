import { LIMITS, ZEnvelope, ZGeolocation } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import type { GeolocationService } from './geolocation.service.ts';

/** GET /api/v1/geolocation (public: the sign-up and set-up forms preselect country and region). */
export function geolocationRoutes(geolocation: GeolocationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/geolocation',
      {
        schema: {
          tags: ['geolocation'],
          summary:
            "The caller's country and region from their IP (offline database, or GEOLOCATION_URL), cached 1 hour.",
          response: { 200: ZEnvelope(ZGeolocation) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', `private, max-age=${LIMITS.geolocationCacheMs / 1000}`);
        return ok(await geolocation.locate(request.ip));
      },
    );
  };
}
