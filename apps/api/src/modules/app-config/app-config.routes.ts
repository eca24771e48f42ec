import { type TAppConfig, ZAppConfig, ZEnvelope } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';

/** GET /api/v1/app-config (public). */
export function appConfigRoutes(appConfig: TAppConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/app-config',
      {
        schema: {
          tags: ['app-config'],
          summary: 'Public runtime configuration of the portal (brand, identity provider, external links)',
          response: { 200: ZEnvelope(ZAppConfig) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return ok(appConfig);
      },
    );
  };
}
