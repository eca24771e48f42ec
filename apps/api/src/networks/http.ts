import type { ConnectorLink } from '@portico/domain';
import pRetry from 'p-retry';
import { Agent, type Dispatcher, request as undiciRequest } from 'undici';
import { NetworkError } from './errors.ts';
import type { NetworkMetrics } from './metrics.ts';

/**
 * When a failed call may be sent again:
 * - `always`: the network deduplicates (RBM messageId, MaaP msgId, reads), so a retry after a
 *   timeout or a 5xx cannot double-send;
 * - `if-not-accepted`: no idempotency key (WhatsApp sends): retry only when the network certainly
 *   did not take the request (429, or the connection was refused), never after a timeout or 5xx.
 */
export type RetryPolicy = 'always' | 'if-not-accepted' | 'never';

export interface NetworkRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under the base URL; or an absolute URL the network itself answered (WhatsApp's media URL). */
  path: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  body?: { bytes: Uint8Array; contentType: string };
  /** Extra request headers (e.g. the Resumable Upload API's file_offset). */
  headers?: Record<string, string>;
  retry: RetryPolicy;
  /** A successful answer's body as its bytes (a media download), not parsed as JSON. */
  raw?: boolean;
}

export interface NetworkResponse {
  status: number;
  body: unknown;
  /** The answer's Content-Type, when it named one. */
  contentType?: string;
}

export interface NetworkHttpOptions {
  network: ConnectorLink;
  baseUrl: string;
  /** Headers on every call (the bearer token), read before each attempt. */
  headers: () => Record<string, string> | Promise<Record<string, string>>;
  /** Told when the network refused our credentials (401), e.g. to drop a cached access token. */
  onUnauthorized?: () => void;
  timeoutMs: number;
  maxAttempts: number;
  /** First backoff; doubles each attempt with jitter, or the network's Retry-After when longer. */
  backoffBaseMs?: number;
  metrics: NetworkMetrics;
  /** Turns a non-2xx answer into the network's typed error. */
  classify: (status: number, body: unknown) => NetworkError;
}

const MAX_BACKOFF_MS = 5000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * One keep-alive connection pool per process for every network. undici's request() rather than
 * fetch(): the same HTTP client underneath, without the WHATWG layer, measured 3-6x the sends per
 * second against the sandbox (decision 0008), and a dispatcher must not be limited by its client.
 */
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 128 });

/**
 * HTTP with a time-out per attempt, typed errors, and counters; retries (exponential backoff with
 * jitter, never sooner than the network's Retry-After) through p-retry, on our rules above.
 */
export function createNetworkHttp(options: NetworkHttpOptions) {
  const { network, metrics } = options;
  const backoffBase = options.backoffBaseMs ?? 200;
  metrics.register(network, options.baseUrl);

  async function attempt(request: NetworkRequest): Promise<NetworkResponse> {
    const url = new URL(
      /^https?:\/\//.test(request.path) ? request.path : `${options.baseUrl}${request.path}`,
    );
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, value);
    }
    const headers: Record<string, string> = { accept: 'application/json', ...(await options.headers()) };
    let body: string | Uint8Array | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.body) {
      headers['content-type'] = request.body.contentType;
      body = request.body.bytes;
    }
    Object.assign(headers, request.headers ?? {});
    let response: Dispatcher.ResponseData;
    let bytes: Buffer;
    try {
      response = await undiciRequest(url, {
        method: request.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        dispatcher,
        // The answer's headers, then its body, must each arrive within the time-out.
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      bytes = Buffer.from(await response.body.arrayBuffer());
    } catch (error) {
      const code = (error as { code?: string }).code;
      const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      throw Object.assign(
        new NetworkError(
          network,
          'network_down',
          timedOut ? `no answer within ${options.timeoutMs} ms.` : 'the network could not be reached.',
        ),
        { refused: code === 'ECONNREFUSED' },
      );
    }
    const ok = response.statusCode >= 200 && response.statusCode < 300;
    const type = response.headers['content-type'];
    const contentType = Array.isArray(type) ? type[0] : type;
    if (ok && request.raw)
      return { status: response.statusCode, body: bytes, ...(contentType ? { contentType } : {}) };
    const text = bytes.toString('utf8');
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (ok) return { status: response.statusCode, body: parsed };
    const error = options.classify(response.statusCode, parsed);
    if (response.statusCode === 401) options.onUnauthorized?.();
    const retryAfter = response.headers['retry-after'];
    const wait = retryAfterMs(Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null));
    throw wait === undefined
      ? error
      : Object.assign(error, { detail: { ...error.detail, retryAfterMs: wait } });
  }

  const mayRetry = (request: NetworkRequest, error: NetworkError) => {
    if (request.retry === 'never' || !error.transient) return false;
    if (request.retry === 'always') return true;
    return error.kind === 'rate_limited' || (error as NetworkError & { refused?: boolean }).refused === true;
  };

  return {
    baseUrl: options.baseUrl,
    request(request: NetworkRequest): Promise<NetworkResponse> {
      let started = 0;
      // The network's Retry-After, when it named one: the next attempt waits at least that long.
      let notBefore = 0;
      return pRetry(
        async () => {
          const wait = notBefore - Date.now();
          if (wait > 0) await sleep(wait);
          started = performance.now();
          const response = await attempt(request);
          metrics.succeeded(network, performance.now() - started);
          return response;
        },
        {
          retries: options.maxAttempts - 1,
          // p-retry waits minTimeout x factor^(n-1) x [1, 2): half the base, so the first wait is base x [0.5, 1).
          minTimeout: backoffBase / 2,
          factor: 2,
          randomize: true,
          maxTimeout: MAX_BACKOFF_MS,
          onFailedAttempt: ({ error, attemptNumber }) => {
            if (!(error instanceof NetworkError)) return;
            metrics.failed(network, error.kind, performance.now() - started, {
              method: request.method,
              path: request.path,
              attempt: attemptNumber,
              status: error.detail.httpStatus,
              code: error.detail.code,
            });
          },
          // Asked only while attempts remain; anything but a NetworkError (a bug) is thrown at once.
          shouldRetry: ({ error }) => {
            if (!(error instanceof NetworkError) || !mayRetry(request, error)) return false;
            metrics.retried(network);
            notBefore = Date.now() + Math.min(MAX_BACKOFF_MS, error.detail.retryAfterMs ?? 0);
            return true;
          },
        },
      );
    },
  };
}
export type NetworkHttp = ReturnType<typeof createNetworkHttp>;
