import type { ConnectorLink } from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { NetworkErrorKind } from './errors.ts';

interface Counters {
  baseUrl: string;
  requests: number;
  failures: number;
  retries: number;
  latencyTotalMs: number;
  failuresByKind: Partial<Record<NetworkErrorKind, number>>;
}

/** Where every connector call is also told (the platform's Prometheus metrics). */
export interface ConnectorCallObserver {
  /** One call: `outcome` is 'ok' or the failure's kind. */
  call(network: ConnectorLink, outcome: 'ok' | NetworkErrorKind, latencyMs: number): void;
  retry(network: ConnectorLink): void;
}

/**
 * Per-process counters of every connector call (requests, failures by kind, retries, latency).
 * Each failure is logged with the running error rate; GET /api/v1/secure/network-health shows them,
 * and each call is also told to the observer (the Prometheus metrics at /metrics) when there is one.
 */
export function createNetworkMetrics(log: FastifyBaseLogger, observer?: ConnectorCallObserver) {
  const byNetwork = new Map<ConnectorLink, Counters>();
  const counters = (network: ConnectorLink, baseUrl = '') => {
    let c = byNetwork.get(network);
    if (!c) {
      c = { baseUrl, requests: 0, failures: 0, retries: 0, latencyTotalMs: 0, failuresByKind: {} };
      byNetwork.set(network, c);
    }
    return c;
  };
  const errorRate = (c: Counters) => (c.requests === 0 ? 0 : c.failures / c.requests);

  return {
    register(network: ConnectorLink, baseUrl: string) {
      counters(network, baseUrl).baseUrl = baseUrl;
    },
    succeeded(network: ConnectorLink, latencyMs: number) {
      const c = counters(network);
      c.requests += 1;
      c.latencyTotalMs += latencyMs;
      observer?.call(network, 'ok', latencyMs);
    },
    failed(
      network: ConnectorLink,
      kind: NetworkErrorKind,
      latencyMs: number,
      detail: Record<string, unknown>,
    ) {
      const c = counters(network);
      c.requests += 1;
      c.failures += 1;
      c.latencyTotalMs += latencyMs;
      c.failuresByKind[kind] = (c.failuresByKind[kind] ?? 0) + 1;
      observer?.call(network, kind, latencyMs);
      log.warn(
        {
          network,
          kind,
          ...detail,
          errorRate: Number(errorRate(c).toFixed(4)),
          failures: c.failures,
          requests: c.requests,
        },
        'network call failed',
      );
    },
    retried(network: ConnectorLink) {
      counters(network).retries += 1;
      observer?.retry(network);
    },
    snapshot() {
      return [...byNetwork.entries()].map(([network, c]) => ({
        network,
        baseUrl: c.baseUrl,
        requests: c.requests,
        failures: c.failures,
        retries: c.retries,
        errorRate: Number(errorRate(c).toFixed(4)),
        failuresByKind: { ...c.failuresByKind } as Record<string, number>,
        averageLatencyMs: c.requests === 0 ? 0 : Math.round((c.latencyTotalMs / c.requests) * 10) / 10,
      }));
    },
  };
}
export type NetworkMetrics = ReturnType<typeof createNetworkMetrics>;
