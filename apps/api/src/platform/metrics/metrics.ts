import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ConnectorCallObserver } from '../../networks/metrics.ts';
import { type Database, pgliteOf, poolOf } from '../db/index.ts';
import type { PgBoss } from '../jobs/boss.ts';

/** Latency buckets in seconds: 5 ms to 10 s (requests, connector calls, webhook deliveries). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Job wait buckets in seconds: from due to started, 100 ms to 1 hour. */
const WAIT_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600];
/** A scrape's queue figures are read once for both gauges (they are collected one after the other). */
const QUEUE_FIGURES_MS = 1_000;

export interface MetricsOptions {
  database: Database;
  /** The job queue's pg-boss instance once opened (queue figures are read through its API on scrape). */
  boss: () => PgBoss | undefined;
  /** The process's own figures too (CPU, memory, event-loop lag, GC): only where /metrics is served. */
  processMetrics: boolean;
}

interface QueueFigures {
  queue: string;
  /** Jobs waiting their turn (created or retry: pg-boss's getQueueSize). */
  waiting: number;
  /** Jobs a worker holds now. */
  active: number;
}

/**
 * The process's one Prometheus registry (issue 30, point 3) and the few calls that record into it:
 * the platform and the modules are handed this object, never prom-client itself. Every figure is this
 * process's own, except the queue figures, read from pg-boss (shared by every process) on scrape.
 */
export function createMetrics(options: MetricsOptions) {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'portico_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'HTTP request latency, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  let figures: { at: number; value: Promise<QueueFigures[]> } | undefined;
  const queueFigures = () => {
    if (!figures || Date.now() - figures.at > QUEUE_FIGURES_MS) {
      figures = { at: Date.now(), value: readQueueFigures(options.boss()) };
    }
    return figures.value;
  };
  new Gauge({
    name: 'portico_job_queue_waiting',
    help: 'Jobs waiting in each pg-boss queue (created or retry), read on scrape',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, waiting } of await queueFigures()) this.set({ queue }, waiting);
    },
  });
  new Gauge({
    name: 'portico_job_queue_active',
    help: 'Jobs a worker holds in each pg-boss queue, read on scrape',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, active } of await queueFigures()) this.set({ queue }, active);
    },
  });
  const jobWait = new Histogram({
    name: 'portico_job_wait_seconds',
    help: 'How long a job waited from due (startAfter) to a worker of this process starting it, by queue',
    labelNames: ['queue'] as const,
    buckets: WAIT_BUCKETS,
    registers,
  });

  const connectorCalls = new Counter({
    name: 'portico_connector_calls_total',
    help: "Calls to the networks' APIs, by network and outcome (ok, or the failure's kind)",
    labelNames: ['network', 'outcome'] as const,
    registers,
  });
  const connectorDuration = new Histogram({
    name: 'portico_connector_call_duration_seconds',
    help: "Latency of calls to the networks' APIs, by network and outcome",
    labelNames: ['network', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const connectorRetries = new Counter({
    name: 'portico_connector_retries_total',
    help: "Retries of calls to the networks' APIs, by network",
    labelNames: ['network'] as const,
    registers,
  });

  const partnerSends = new Counter({
    name: 'portico_partner_sends_total',
    help: 'Messages sent through the partner API, by network and outcome (sent, or why it was refused)',
    labelNames: ['network', 'outcome'] as const,
    registers,
  });
  const chargedMessages = new Counter({
    name: 'portico_metering_charged_messages_total',
    help: 'Messages charged to wallets by metering settlement batches',
    registers,
  });
  const chargedAmount = new Counter({
    name: 'portico_metering_charged_micros_total',
    help: 'Amount charged to wallets by metering settlement batches, in micro-units of the wallet currency',
    registers,
  });

  const webhookDeliveries = new Counter({
    name: 'portico_webhook_deliveries_total',
    help: "Attempts to deliver an event to a partner's webhook, by outcome (delivered, retrying, dead)",
    labelNames: ['outcome'] as const,
    registers,
  });
  const webhookDuration = new Histogram({
    name: 'portico_webhook_delivery_duration_seconds',
    help: "Latency of attempts to deliver to a partner's webhook, by outcome",
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const streams = new Gauge({
    name: 'portico_sse_connections',
    help: 'Server-sent event streams open in this process, by feed',
    labelNames: ['feed'] as const,
    registers,
  });
  for (const feed of ['console', 'campaign']) streams.set({ feed }, 0);

  new Gauge({
    name: 'portico_db_pool_connections',
    help: 'Database connections of this process by state (node-postgres pool: total, idle, waiting clients; PGlite: one connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = poolOf(options.database);
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else if (pgliteOf(options.database)) {
        this.set({ state: 'total' }, 1);
      }
    },
  });

  const connectorObserver: ConnectorCallObserver = {
    call(network, outcome, latencyMs) {
      connectorCalls.inc({ network, outcome });
      connectorDuration.observe({ network, outcome }, latencyMs / 1000);
    },
    retry(network) {
      connectorRetries.inc({ network });
    },
  };

  return {
    /** The registry (the /metrics route reads it; tests inspect it). */
    registry,
    /** One answered HTTP request; `route` is the route's pattern (never the URL: its ids would explode the series). */
    httpRequest(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    /** A job a worker of this process starts, `waitedSeconds` after it was due. */
    jobStarted(queue: string, waitedSeconds: number) {
      jobWait.observe({ queue }, Math.max(0, waitedSeconds));
    },
    /** Handed to the connectors (networks/metrics.ts records every call into it). */
    connectors: connectorObserver,
    /** One partner API send's outcome: 'sent', or the refusal's reason. */
    partnerSend(network: string, outcome: string) {
      partnerSends.inc({ network, outcome });
    },
    /** One committed settlement batch. */
    charged(messages: number, amountMicros: bigint) {
      chargedMessages.inc(messages);
      chargedAmount.inc(Number(amountMicros));
    },
    /** One attempt at a partner webhook delivery. */
    webhookDelivery(outcome: 'delivered' | 'retrying' | 'dead', latencyMs: number) {
      webhookDeliveries.inc({ outcome });
      webhookDuration.observe({ outcome }, latencyMs / 1000);
    },
    /** An event stream opened on `feed`; call the answer once when it ends. */
    streamOpened(feed: 'console' | 'campaign'): () => void {
      streams.inc({ feed });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        streams.dec({ feed });
      };
    },
  };
}
export type PlatformMetrics = ReturnType<typeof createMetrics>;

/** Each queue's figures through pg-boss's API (getQueues, getQueueSize); none before it is open. */
async function readQueueFigures(boss: PgBoss | undefined): Promise<QueueFigures[]> {
  if (!boss) return [];
  const queues = await boss.getQueues();
  return Promise.all(
    queues.map(async ({ name }) => {
      const waiting = await boss.getQueueSize(name);
      // Below 'completed': created, retry and active.
      const held = await boss.getQueueSize(name, { before: 'completed' });
      return { queue: name, waiting, active: Math.max(0, held - waiting) };
    }),
  );
}
