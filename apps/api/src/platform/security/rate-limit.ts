import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../http/errors.ts';
import type { Counters } from './counters.ts';

export interface RateLimitingOptions {
  counters: Counters;
  max: number;
  windowMs: number;
  /** Whether a request counts against the limit (health checks and static files do not). */
  applies: (request: FastifyRequest) => boolean;
}

const KEY_PREFIX = 'rl:';

/**
 * A @fastify/rate-limit store over the shared database counters, so every instance behind a load
 * balancer counts the same window (DESIGN.md: nothing another instance needs lives in memory).
 */
export function databaseRateLimitStore(counters: Counters) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(`${KEY_PREFIX}${key}`, timeWindow).then(
        ({ hits, resetAt }) => callback(null, { current: hits, ttl: Math.max(0, resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Rate limiting per client IP. Registered as the first onRequest hook of the root so it runs before
 * token verification and for every path it applies to, routed or not. 429s leave in the envelope.
 */
export const rateLimiting = fp(
  async (app: FastifyInstance, options: RateLimitingOptions) => {
    await app.register(rateLimit, {
      global: false,
      max: options.max,
      timeWindow: options.windowMs,
      store: databaseRateLimitStore(options.counters),
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new TooManyRequestsError(undefined, Math.ceil(context.ttl / 1000)),
    });
    app.addHook('onRequest', app.rateLimit({ allowList: (request) => !options.applies(request) }));
  },
  { name: 'portico-rate-limiting' },
);
