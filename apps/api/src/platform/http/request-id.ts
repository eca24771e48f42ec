import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';
/** The field every log line names the request by (Fastify's own label for its request logs). */
export const REQUEST_ID_LOG_FIELD = 'reqId';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Honours a caller's (or load balancer's) x-request-id when it is safe to log, else a new UUID. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * The request a piece of work is done for: set for the rest of an HTTP request, carried into the
 * jobs it queues (and the jobs those queue), so the connector calls they make log the same id.
 */
const requestContext = new AsyncLocalStorage<{ id: string; queued: boolean }>();

/** The id of the request the current work is done for, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.id;

/**
 * The id of the request the current work answers, if any: not a job it queued, which carries its id
 * too (the tests' unit-of-work audit counts a request's own transactions only).
 */
export const answeringRequestId = (): string | undefined => {
  const store = requestContext.getStore();
  return store && !store.queued ? store.id : undefined;
};

/** Runs work on behalf of a request (a job carrying the id of the request that queued it). */
export const runForRequest = <T>(requestId: string, work: () => T): T =>
  requestContext.run({ id: requestId, queued: true }, work);

/**
 * The logger's mixin: every line written while work runs for a request names it, unless the logger
 * already does (Fastify's request loggers bind `reqId` themselves).
 */
export function requestIdMixin(_merge: object, _level: number, logger: { bindings(): object }): object {
  const requestId = requestContext.getStore()?.id;
  if (requestId === undefined || REQUEST_ID_LOG_FIELD in logger.bindings()) return {};
  return { [REQUEST_ID_LOG_FIELD]: requestId };
}

/**
 * Returns the request id on every response, errors included, so a user's report can be found in the
 * logs; and keeps it for the rest of the request's work (the async context of its handlers).
 */
export const requestIdHeader: FastifyPluginAsync = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      requestContext.run({ id: request.id, queued: false }, done);
    });
  },
  { name: 'portico-request-id' },
);
