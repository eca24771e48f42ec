import { HTTP_STATUS_MESSAGES, ZEnvelope } from '@portico/domain';
import { ZHealth, ZReadiness } from '@portico/domain/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failed, ok } from '../http/envelope.ts';
import type { HealthService } from './health.service.ts';

/** /healthz (the process is up) and /readyz (it can serve): for load balancers and orchestrators. */
export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process is up',
          response: { 200: ZEnvelope(ZHealth) },
        },
      },
      async () => ok(health.health()),
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness: the database answers and, where this instance runs jobs, the job queue has started',
          response: { 200: ZEnvelope(ZReadiness), 503: ZEnvelope(ZReadiness) },
        },
      },
      async (_request, reply) => {
        const readiness = await health.readiness();
        if (readiness.ready) return ok(readiness);
        return reply.code(503).send(failed(HTTP_STATUS_MESSAGES[503], readiness));
      },
    );
  };
}
