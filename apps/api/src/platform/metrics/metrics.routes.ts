import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError, UnauthorizedError } from '../http/errors.ts';
import { bearerToken } from '../http/secure-scope.ts';
import type { PlatformMetrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Every answered request into the metrics, by its route's pattern (a URL no route matched is
 * 'unmatched'). A stream the route hijacked (server-sent events) is counted by its feed instead.
 */
export const httpMetrics = fp<{ metrics: PlatformMetrics }>(
  async (app: FastifyInstance, { metrics }) => {
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'portico-http-metrics' },
);

/**
 * GET /metrics in Prometheus's text format, for every role (workers too: their jobs, connector calls
 * and deliveries are counted where they run). Only with METRICS_TOKEN set (else 404, as if absent),
 * and only to a caller presenting it as a bearer token (else 401).
 */
export function metricsRoutes(metrics: PlatformMetrics, token: string | undefined): FastifyPluginAsync {
  const expected = token === undefined ? null : digest(token);
  return async (app) => {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!expected) throw new NotFoundError();
      const presented = bearerToken(request);
      if (presented === null || !timingSafeEqual(digest(presented), expected)) {
        throw new UnauthorizedError(
          'A valid metrics token is required (Authorization: Bearer METRICS_TOKEN).',
        );
      }
      const body = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
    });
  };
}
