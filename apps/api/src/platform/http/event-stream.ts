import type { PolicyAction } from '@portico/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { authorize } from '../auth/policy.ts';
import type { TokenVerifier } from '../auth/types.ts';
import { AppError } from './errors.ts';
import { bearerToken } from './secure-scope.ts';

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
/**
 * How often an idle stream checks its access token again (signed out, the user disabled, the role
 * changed); a stream checks it before showing each change too. A refused token ends the stream within
 * this time plus the verifier's memory (decision 0006), and it ends at the token's expiry in any case.
 */
export const STREAM_TOKEN_RECHECK_MS = 30_000;

/** The longest delay a timer takes (setTimeout's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The `exp` of a token the secure scope has just verified, in ms (0 when it has none). */
function expiryOf(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** One open text/event-stream response. */
export interface EventStream {
  /** Writes one event (`event: <name>` and its JSON data). Nothing once closed. */
  send(event: string, data: unknown): void;
  /**
   * Ends the stream; with a reason other than 'closed' it first sends `end` with `{ reason }`
   * (the page opens it again when it may: a fresh token, a campaign that moves again).
   */
  stop(reason?: string): void;
  /** Whether the access token is refused now (a verifier that cannot answer refuses nothing). */
  refused(): Promise<boolean>;
  readonly closed: boolean;
  /** Called once when the stream ends, however it ends (leave the feed it joined). */
  onStop(cleanup: () => void | Promise<void>): void;
}

/**
 * The server-sent event streams of a route plugin (the bot console's, a campaign's counts: decision
 * 0039): each stream's headers, keep-alive, its token checked every STREAM_TOKEN_RECHECK_MS and ended
 * at its expiry, and every open stream ended before the server closes (a stream never ends on its own,
 * and the server's close waits for open connections), and each stream counted while open. Call once per plugin.
 */
export function eventStreams(
  app: FastifyInstance,
  verifier: TokenVerifier,
  /** Told of each stream opened (the open streams' gauge of /metrics); its answer is called once it ends. */
  opened?: () => () => void,
) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of [...open]) stop();
  });

  return {
    /** Hijacks the reply as an event stream of a caller allowed `action` (checked again over time). */
    open(request: FastifyRequest, reply: FastifyReply, action: PolicyAction): EventStream {
      const token = bearerToken(request) ?? '';
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let closed = false;
      const counted = opened?.();
      const timers: ReturnType<typeof setTimeout>[] = [];
      const intervals: ReturnType<typeof setInterval>[] = [];
      const cleanups: (() => void | Promise<void>)[] = [];

      const refused = async () => {
        try {
          authorize(await verifier.verify(token), action);
          return false;
        } catch (error) {
          return !(error instanceof AppError && error.httpStatus >= 500);
        }
      };
      const stream: EventStream = {
        get closed() {
          return closed;
        },
        send(event, data) {
          if (!closed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        stop(reason = 'closed') {
          if (closed) return;
          if (reason !== 'closed') stream.send('end', { reason });
          closed = true;
          for (const timer of timers) clearTimeout(timer);
          for (const interval of intervals) clearInterval(interval);
          open.delete(stream.stop);
          counted?.();
          raw.end();
          for (const cleanup of cleanups)
            void Promise.resolve()
              .then(cleanup)
              .catch((error: unknown) =>
                request.log.warn({ err: error }, 'event stream left its feed badly'),
              );
        },
        refused,
        onStop(cleanup) {
          if (closed) void Promise.resolve().then(cleanup);
          else cleanups.push(cleanup);
        },
      };
      // An idle stream checks its token now and then too; it ends when the token expires.
      intervals.push(
        setInterval(async () => {
          if (!closed && (await refused())) stream.stop('token-refused');
        }, STREAM_TOKEN_RECHECK_MS),
        setInterval(() => raw.write(': ping\n\n'), KEEP_ALIVE_MS),
      );
      const expiresAt = expiryOf(token);
      if (expiresAt > 0)
        timers.push(
          setTimeout(
            () => stream.stop('token-expired'),
            Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS),
          ),
        );
      open.add(stream.stop);
      request.raw.on('close', () => stream.stop());
      return stream;
    },
  };
}
