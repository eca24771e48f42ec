/**
 * Webhook deliveries benchmark (issue 16): deliveries per second from the partner-webhooks outbox to
 * a local receiver, through the module's real delivery path (claim the conversation's head in a
 * transaction, sign it in the network's way, POST it through the SSRF-guarded client, record the
 * attempt), with CONVERSATIONS conversations in flight, on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a database of its own), else PGlite. The job queue is not in the loop:
 * the conversations are started directly, as the deliver job starts them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPartnerWebhooksRepository } from '@portico/api/modules/partner-webhooks/partner-webhooks.repository';
import { createPartnerWebhooksService } from '@portico/api/modules/partner-webhooks/partner-webhooks.service';
import { createWebhookClient } from '@portico/api/modules/partner-webhooks/webhook-client';
import { createAuditRepository } from '@portico/api/platform/audit/audit.repository';
import { createAuditService } from '@portico/api/platform/audit/audit.service';
import Fastify from 'fastify';
import { openBenchDatabase } from './database.ts';
import { type BenchResult, result, round } from './results.ts';
import { log } from './stack.ts';

const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES) || 2000;
const CONVERSATIONS = 40;

export async function benchWebhooks(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  const bench = await openBenchDatabase(env, 'portico_bench_webhooks');
  const { database } = bench;
  const kind = bench.description.startsWith('postgres') ? 'postgres' : 'pglite';
  let received = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  const client = createWebhookClient({ allowPrivate: true, timeoutMs: 5000 });
  try {
    const { rows: partners } = await database.sql.query<{ partner_id: string }>(
      `INSERT INTO partners (kind) VALUES ('developer') RETURNING partner_id`,
    );
    const partnerId = partners[0]?.partner_id ?? '';
    const { rows: bots } = await database.sql.query<{ bot_id: string }>(
      `INSERT INTO bots (partner_id, channels, status, name, rbm_agent)
       VALUES ($1, '{1}', 10, 'Bench bot', 'brands/bench/agents/bench_agent') RETURNING bot_id`,
      [partnerId],
    );
    const botId = bots[0]?.bot_id ?? '';
    await database.sql.query(
      `INSERT INTO partner_webhooks (bot_id, partner_id, url, verified_at, signing_secret)
       VALUES ($1, $2, $3, now(), 'bench-secret-bench-secret')`,
      [botId, partnerId, url],
    );
    await database.sql.query(
      `INSERT INTO partner_webhook_deliveries (bot_id, partner_id, network, kind, msisdn, conversation, body)
       SELECT $1::uuid, $2::uuid, 'rbm', 'user_message', '+91980000' || lpad((i % ${CONVERSATIONS})::text, 4, '0'),
              $1::text || ':' || (i % ${CONVERSATIONS}),
              jsonb_build_object('event', jsonb_build_object('agentId', 'bench_agent', 'text', 'hello ' || i), 'address', 'bench_agent')
       FROM generate_series(1, ${DELIVERIES}) i`,
      [botId, partnerId],
    );
    let resent = 0;
    const { log: logger } = Fastify({ logger: false });
    const service = createPartnerWebhooksService({
      database,
      repository: createPartnerWebhooksRepository(database),
      bots: {
        botForTesting: () => {
          throw new Error('not used by the delivery path');
        },
      },
      // Only a failed attempt or a full conversation sends a job; the receiver always answers 200.
      jobs: {
        send: async () => {
          resent += 1;
          return null;
        },
      },
      audit: createAuditService(createAuditRepository(database.db), logger),
      client,
      settings: { timeoutMs: 5000, retryBaseMs: 1000, partnerConcurrency: CONVERSATIONS, allowPrivate: true },
      log: logger,
    });
    log(
      `webhooks: ${DELIVERIES} deliveries over ${CONVERSATIONS} conversations to a local receiver (${bench.description})`,
    );
    const started = process.hrtime.bigint();
    for (let c = 0; c < CONVERSATIONS; c += 1) await service.startConversation(`${botId}:${c}`, partnerId);
    await service.idle();
    // A conversation longer than one job's share was handed to a new job: carry on with it here.
    while (resent > 0) {
      resent = 0;
      for (let c = 0; c < CONVERSATIONS; c += 1) await service.startConversation(`${botId}:${c}`, partnerId);
      await service.idle();
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const { rows } = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM partner_webhook_deliveries WHERE status = 'delivered'`,
    );
    const delivered = rows[0]?.n ?? 0;
    // At least once: an attempt that fails after the receiver got it (a reset socket) is sent again.
    if (delivered !== DELIVERIES || received < DELIVERIES)
      throw new Error(`webhook bench: ${delivered} delivered, ${received} received of ${DELIVERIES}`);
    const again = received - DELIVERIES;
    log(`webhooks: ${again} deliveries sent more than once (retried after a failed attempt)`);
    const rate = round(DELIVERIES / seconds, 0);
    return {
      results: [
        result(
          `webhooks.${kind}.deliveries-per-s`,
          `webhook deliveries/s to a local receiver, ${CONVERSATIONS} conversations, in order per conversation`,
          rate,
          'n/a',
        ),
      ],
      details: [
        '### Webhook deliveries',
        `${bench.description}; ${DELIVERIES} stored events over ${CONVERSATIONS} conversations delivered through the partner-webhooks module's delivery path (claim, sign, POST, record) to a local receiver in the bench process: ${rate} deliveries/s, ${round(seconds, 2)} s; ${again} sent more than once.`,
      ].join('\n'),
    };
  } finally {
    await client.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await bench.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchWebhooks()
    .then(({ results, details }) =>
      process.stdout.write(`${JSON.stringify(results, null, 2)}\n\n${details}\n`),
    )
    .catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    });
}
