import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../http/errors.ts';
import type { Counters } from './counters.ts';
import { requestIsUnder } from './guarded-path.ts';

export interface RateLimitingOptions {
  counters: Counters;
  max: number;
  windowMs: number;
  /**
   * The paths whose requests count, routed or not (health checks and the web app's files are
   * outside them). A route inside them opts out with `config: { rateLimit: false }`.
   */
  prefixes: readonly string[];
}

/**
 * Whether a request counts: decided on the route that matched (its config and pattern) and on the
 * canonical path, never on the raw URL, so `/%61pi/...` counts like `/api/...` (guarded-path.ts).
 */
export function countsAgainstLimit(request: FastifyRequest, prefixes: readonly string[]): boolean {
  if (request.routeOptions.config.rateLimit === false) return false;
  return prefixes.some((prefix) => requestIsUnder(request, prefix));
}

const KEY_PREFIX = 'rl:';
/** How often an instance pushes the hits it counted locally to the shared counters. */
export const RATE_LIMIT_FLUSH_MS = 250;

interface WindowState {
  /** The shared count as of this instance's last write. */
  shared: number;
  /** Hits counted here and not written yet. */
  pending: number;
  /** Hits being written right now (a timer's flush may be under way when a request arrives). */
  writing: number;
  resetAt: number;
}

/**
 * Counts rate-limit hits for one instance against the shared database counters without a write per
 * request: hits are counted in memory and pushed every {@link RATE_LIMIT_FLUSH_MS}, and once a
 * client's estimate reaches half its budget every hit is written through, so the decision near the
 * limit is made on the count every instance shares (decision 0004). Far below the limit the shared
 * count can lag other instances by one flush, which only delays nothing-to-decide traffic.
 */
export function createBatchedCounter(counters: Counters, max: number, flushMs: number = RATE_LIMIT_FLUSH_MS) {
  const windows = new Map<string, WindowState>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const write = async (key: string, state: WindowState, windowMs: number) => {
    const count = state.pending;
    if (count === 0) return;
    state.pending = 0;
    state.writing += count;
    try {
      const written = await counters.add(key, count, windowMs);
      state.shared = written.hits;
      state.resetAt = written.resetAt;
    } catch (error) {
      state.pending += count;
      throw error;
    } finally {
      state.writing -= count;
    }
  };

  const flush = (windowMs: number): Promise<void> => {
    const now = Date.now();
    const writes: Promise<void>[] = [];
    for (const [key, state] of windows) {
      if (state.pending > 0) writes.push(write(key, state, windowMs).catch(() => undefined));
      else if (state.resetAt <= now) windows.delete(key);
    }
    flushing = Promise.all(writes).then(() => undefined);
    return flushing;
  };

  return {
    async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const now = Date.now();
      let state = windows.get(key);
      if (!state || state.resetAt <= now) {
        state = { shared: 0, pending: 0, writing: 0, resetAt: now + windowMs };
        windows.set(key, state);
      }
      state.pending += 1;
      // Hits a flush is writing at this moment count too, or a request racing the timer would be
      // judged on a count that is missing them.
      if ((state.shared + state.writing + state.pending) * 2 >= max) {
        await write(key, state, windowMs);
      } else {
        timer ??= setInterval(() => void flush(windowMs), flushMs).unref();
      }
      return {
        current: state.shared + state.writing + state.pending,
        ttl: Math.max(0, state.resetAt - Date.now()),
      };
    },
    /** Writes what is pending and stops the timer (on close). */
    async close(windowMs: number): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flushing;
      await flush(windowMs);
    },
  };
}

type BatchedCounter = ReturnType<typeof createBatchedCounter>;

/**
 * A @fastify/rate-limit store over the shared database counters, so every instance behind a load
 * balancer counts the same window (docs/DESIGN.md: nothing another instance needs lives in memory).
 */
export function databaseRateLimitStore(counter: BatchedCounter) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(`${KEY_PREFIX}${key}`, timeWindow).then(
        (result) => callback(null, result),
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
    const counter = createBatchedCounter(options.counters, options.max);
    app.addHook('onClose', async () => counter.close(options.windowMs));
    await app.register(rateLimit, {
      global: false,
      max: options.max,
      timeWindow: options.windowMs,
      store: databaseRateLimitStore(counter),
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new TooManyRequestsError(undefined, Math.ceil(context.ttl / 1000)),
    });
    app.addHook(
      'onRequest',
      app.rateLimit({ allowList: (request) => !countsAgainstLimit(request, options.prefixes) }),
    );
  },
  { name: 'portico-rate-limiting' },
);
