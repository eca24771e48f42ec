/**
 * The bot console (issue 31, point 2): database queries per second while 200 console tabs are open
 * on one device, against the same server with none open; and how long a user's message takes from
 * the network's webhook to all 200 open consoles. The server is the real one (`startApiServer`,
 * PORTICO_ROLE=api so no job worker polls), on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a database of its own), else PGlite. Every statement the driver runs is
 * counted in process (apps/api/test/queries.ts), transactions included. `BENCH_ONLY=console` runs only this.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedReferenceData } from '@portico/api/platform/db/seed/index';
import { CHANNEL_TYPE, ROLES } from '@portico/domain';
import { createFactories } from '../../apps/api/test/factories.ts';
import { countQueries } from '../../apps/api/test/queries.ts';
import { signInWithPassword } from '../../apps/api/test/tokens.ts';
import { openBenchDatabase } from './database.ts';
import { type BenchResult, result, round } from './results.ts';
import { log, startApiServer } from './stack.ts';

const CONSOLES = Number(process.env.BENCH_CONSOLES) || 200;
const MEASURE_SECONDS = Number(process.env.BENCH_CONSOLE_SECONDS) || 10;
const MESSAGES = 5;
const PASSWORD = 'Bench-Console-1!';
const AGENT = 'bench_console_agent';
const MSISDN = '+919800000001';

interface OpenConsole {
  /** When each user message (by text) reached this console. */
  seen: Map<string, number>;
  close(): void;
}

/** Opens the console's stream as the browser does (fetch with the bearer token) and reads its events. */
async function openConsole(url: string, token: string): Promise<OpenConsole> {
  const controller = new AbortController();
  const seen = new Map<string, number>();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`the console stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let ready: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const blocks = (buffer + value).split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.startsWith('event: device')) ready();
          const data = /^event: message\ndata: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const line = JSON.parse(data) as { direction: string; text: string | null };
          if (line.direction === 'in' && line.text && !seen.has(line.text)) seen.set(line.text, Date.now());
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  await opened;
  return { seen, close: () => controller.abort() };
}

export async function benchConsole(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  const bench = await openBenchDatabase(env, 'portico_bench_console');
  const { database } = bench;
  const kind = bench.description.startsWith('postgres') ? 'postgres' : 'pglite';
  const work = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-console-'));
  const queries = countQueries(database);
  const consoles: OpenConsole[] = [];
  let server: Awaited<ReturnType<typeof startApiServer>>['server'] | undefined;
  try {
    await seedReferenceData(database);
    const factories = createFactories(database);
    const account = await factories.account(ROLES.DEVELOPER);
    await factories.setPassword(account.user.userId, PASSWORD);
    const botId = randomUUID();
    await database.sql.query(
      `INSERT INTO bots (bot_id, partner_id, channels, status, name, rbm_brand, rbm_agent)
       VALUES ($1, $2, $3, 10, 'Bench console bot', 'brands/bench', $4)`,
      [botId, account.partner.partnerId, [CHANNEL_TYPE.rcs], `brands/bench/agents/${AGENT}`],
    );
    const { rows } = await database.sql.query<{ device_id: string }>(
      `INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn, invite_status, created_at)
       VALUES ($1, $2, 'rcs', $3, 'ACCEPTED', now() - interval '1 minute') RETURNING device_id`,
      [botId, account.partner.partnerId, MSISDN],
    );
    const deviceId = rows[0]?.device_id ?? '';

    const started = await startApiServer(bench, { workDir: work, env: { PORTICO_ROLE: 'api' } });
    server = started.server;
    const { config, url } = started;
    const { accessToken } = await signInWithPassword(server.app, account.user.email, PASSWORD, { config });
    const streamUrl = `${url}/api/v1/secure/bots/${botId}/test-devices/${deviceId}/stream`;

    const perSecond = async () => {
      queries.reset();
      queries.start();
      await new Promise((resolve) => setTimeout(resolve, MEASURE_SECONDS * 1000));
      queries.stop();
      return round(queries.stats.calls / MEASURE_SECONDS, 1);
    };
    log(`console: ${MEASURE_SECONDS} s with no console open (${bench.description})`);
    const idle = await perSecond();
    log(`console: opening ${CONSOLES} consoles`);
    for (let i = 0; i < CONSOLES; i += 1) consoles.push(await openConsole(streamUrl, accessToken));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    log(`console: ${MEASURE_SECONDS} s with ${CONSOLES} consoles open`);
    const open = await perSecond();
    const top = [...queries.stats.byText.entries()].sort((a, b) => b[1].calls - a[1].calls).slice(0, 6);

    // A user's message through the network's webhook, MESSAGES times: until every console shows it.
    const reach: number[] = [];
    for (let m = 0; m < MESSAGES; m += 1) {
      const text = `bench message ${m}`;
      const event = {
        agentId: AGENT,
        senderPhoneNumber: MSISDN,
        eventId: randomUUID(),
        messageId: randomUUID(),
        sendTime: new Date().toISOString(),
        text,
      };
      const body = JSON.stringify({
        message: { data: Buffer.from(JSON.stringify(event)).toString('base64') },
      });
      const sentAt = Date.now();
      const answer = await fetch(`${url}/api/v1/network-events/rbm`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-signature': createHmac('sha512', config.networks.rbm.clientToken)
            .update(body)
            .digest('base64'),
        },
        body,
      });
      if (answer.status !== 200) throw new Error(`the RBM webhook answered ${answer.status}`);
      const deadline = Date.now() + 15_000;
      while (consoles.some((c) => !c.seen.has(text)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const missing = consoles.filter((c) => !c.seen.has(text)).length;
      if (missing > 0) throw new Error(`${missing} consoles never showed "${text}"`);
      reach.push(Math.max(...consoles.map((c) => (c.seen.get(text) ?? 0) - sentAt)));
    }
    reach.sort((a, b) => a - b);
    const reachMedian = reach[Math.floor(reach.length / 2)] ?? 0;
    const perConsole = round((open - idle) / CONSOLES, 2);
    return {
      results: [
        result(
          `console.${kind}.queries-per-s-idle`,
          'database queries/s of the API process with no console open',
          idle,
          'n/a',
        ),
        result(
          `console.${kind}.queries-per-s-${CONSOLES}-open`,
          `database queries/s of the API process with ${CONSOLES} console streams open on one device`,
          open,
          'n/a',
        ),
        result(
          `console.${kind}.line-to-all-ms`,
          `ms from the network's webhook call to a user message shown on all ${CONSOLES} open consoles (median of ${MESSAGES})`,
          reachMedian,
          'n/a',
        ),
      ],
      details: [
        '### Bot console',
        `${bench.description}; the API process alone (PORTICO_ROLE=api), every statement its driver ran counted over ${MEASURE_SECONDS} s: ${idle} queries/s with no console open, ${open} with ${CONSOLES} open (${perConsole} per console per second). A user's message from the RBM webhook to all ${CONSOLES} consoles: ${reach.join(', ')} ms.`,
        '',
        '| statement (first 90 characters) | calls/s |',
        '|---|---:|',
        ...top.map(([text, entry]) => `| \`${text}\` | ${round(entry.calls / MEASURE_SECONDS, 1)} |`),
      ].join('\n'),
    };
  } finally {
    for (const open of consoles) open.close();
    await server?.close();
    await bench.dispose();
    rmSync(work, { recursive: true, force: true });
  }
}
