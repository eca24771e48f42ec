/**
 * Campaigns (issue 28, Performance), `BENCH_ONLY=campaigns`: on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, else the local test server), the server of partner-sends.ts (buildServer,
 * production config, PORTICO_ROLE=all: its workers run the campaign jobs) with the sandbox in its
 * own process, and everything made through the product's HTTP API as a partner would:
 * - an audience of CAMPAIGN_BENCH_RECIPIENTS (default 1,000,000) numbers uploaded as a CSV
 *   (POST /secure/audiences, checked by the audiences.check job), an RCS template submitted and
 *   approved by a platform admin, the campaign created and started (estimate, hold, recipients);
 * - the time from the start to the campaign completed, and to every sent message's delivery receipt
 *   counted (messages/s end to end), against the RBM connector sending straight to the same sandbox
 *   in the same run (the ratio); then the wallet: nothing held, the balance the funds less the
 *   campaign's charged amount, and that amount the sum of the sent recipients' prices;
 * - a WhatsApp campaign on one sender at the configured pace (CAMPAIGN_PACE_WHATSAPP, 80/s): the
 *   most sends in any one-second window (calendar seconds, the pacer's, and sliding), cancelled
 *   after CAMPAIGN_BENCH_CANCEL_AFTER_S seconds: the time from the cancel call to its last send.
 * Figures are reported with the machine's load average (the machine is shared).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnectors, resolveNetworks } from '@portico/api/networks/index';
import { ROLES, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@portico/domain';
import Fastify from 'fastify';
import { createFactories } from '../../apps/api/test/factories.ts';
import { mintAccessToken } from '../../apps/api/test/tokens.ts';
import { numberFromEnv } from './env.ts';
import { AGENT_ID, FUNDS, PHONE_NUMBER_ID, startPartnerApiStack } from './partner-sends.ts';
import { addResults, type BenchResult, markdownTable, result, round } from './results.ts';

const RECIPIENTS = Math.round(numberFromEnv('CAMPAIGN_BENCH_RECIPIENTS', 1_000_000));
/** Recipients of the paced WhatsApp campaign (it is cancelled before it ends). */
const PACED_RECIPIENTS = Math.round(numberFromEnv('CAMPAIGN_BENCH_PACED_RECIPIENTS', 5_000));
const CANCEL_AFTER_S = numberFromEnv('CAMPAIGN_BENCH_CANCEL_AFTER_S', 8);
const WHATSAPP_PACE = 80;
/** The connector straight to the sandbox: this many sends, this many in flight. */
const DIRECT_SENDS = Math.round(numberFromEnv('CAMPAIGN_BENCH_DIRECT_SENDS', 3_000));
/** Reads of the details and of the list timed after the run. */
const READS = 20;
const DIRECT_IN_FLIGHT = 64;
const DB_NAME = 'portico_bench_campaigns';
const S = '/api/v1/secure';
const TIMEOUT_MS = 30 * 60_000;

const log = (line: string) => process.stderr.write(`[bench:campaigns] ${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The n-th bench number: over the seeded Indian carriers' prefixes, ending 1 to 8 (reachable in the sandbox). */
const PREFIXES = ['9810', '9820', '9868', '7000', '9400', '6011'];
function number(n: number): string {
  const prefix = PREFIXES[n % PREFIXES.length];
  const body = String(Math.floor(n / PREFIXES.length) % 100_000).padStart(5, '0');
  const ending = 1 + Math.floor(n / (PREFIXES.length * 100_000));
  return `+91${prefix}${body}${ending}`;
}

interface Live {
  recipients: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
}
interface Details {
  campaign_id: string;
  status: string;
  charged: string;
  live: { counts: Live; charged: string; held: string };
}

type Caller = (method: string, url: string, body?: unknown) => Promise<unknown>;

function callerOf(base: string, token: string): Caller {
  const xsrf = 'bench-xsrf-token-bench-xsrf-token-0123456789';
  return async (method, url, body) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      cookie: `${XSRF_COOKIE_NAME}=${xsrf}`,
      [XSRF_HEADER_NAME]: xsrf,
    };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${S}${url}`, { method, headers, body: payload ?? null });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, everyMs = 500) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`${what}: timed out (${JSON.stringify(value)})`);
    await sleep(everyMs);
  }
}

/** Uploads a CSV of `count` numbers (from `first`) through the audience API and waits for its check. */
async function audience(call: Caller, name: string, first: number, count: number): Promise<string> {
  const lines = ['msisdn'];
  for (let i = 0; i < count; i++) lines.push(number(first + i));
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), `${name}.csv`);
  const started = performance.now();
  const created = (await call('POST', `/audiences?name=${encodeURIComponent(name)}`, form)) as {
    audience_id: string;
  };
  const ready = (await until(
    `audience ${name}`,
    () => call('GET', `/audiences/${created.audience_id}`) as Promise<{ status: string; kept: number }>,
    (a) => a.status === 'ready' || a.status === 'failed',
  )) as { status: string; kept: number };
  if (ready.status !== 'ready' || ready.kept !== count)
    throw new Error(`audience ${name}: ${JSON.stringify(ready)}`);
  log(
    `audience ${name}: ${count} numbers uploaded and checked in ${round((performance.now() - started) / 1000, 1)} s`,
  );
  return created.audience_id;
}

const details = (call: Caller, id: string) => call('GET', `/campaigns/${id}`) as Promise<Details>;

async function campaign(call: Caller, name: string, botId: string, templateId: string, audienceId: string) {
  const created = (await call('POST', '/campaigns', {
    name,
    bot_id: botId,
    template_id: templateId,
    audience_id: audienceId,
    variables: {},
  })) as Details;
  return created.campaign_id;
}

/**
 * The RBM connector straight to the sandbox: sends/s of DIRECT_SENDS sends, DIRECT_IN_FLIGHT at a
 * time. Then it waits until the sandbox has posted their receipts to the server (not counted), so
 * they do not load the campaign measured next.
 */
async function direct(stack: Awaited<ReturnType<typeof startPartnerApiStack>>, run: string): Promise<number> {
  const connector = createConnectors(
    resolveNetworks(stack.config.networks, stack.bench.database),
    Fastify({ logger: false }).log,
  ).get('rbm');
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DIRECT_IN_FLIGHT }, async () => {
      while (next < DIRECT_SENDS) {
        next += 1;
        await connector.send({
          messageId: `direct-${run}-${next}`,
          sender: AGENT_ID,
          recipient: number(next),
          content: { kind: 'text', text: 'Lamps are 20% off this week.', suggestions: [] },
        });
      }
    }),
  );
  const rate = DIRECT_SENDS / ((performance.now() - started) / 1000);
  await until(
    `the receipts of the direct sends (${run})`,
    async () =>
      Number(
        (
          (
            await stack.bench.database.sql.query(
              `SELECT count(*) AS n FROM network_events WHERE network = 'rbm' AND network_message_id LIKE $1`,
              [`direct-${run}-%`],
            )
          ).rows[0] as { n: string }
        ).n,
      ),
    (n) => n >= DIRECT_SENDS,
  );
  return rate;
}

export async function benchCampaigns(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  const pgEnv =
    env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL
      ? env
      : { ...env, BENCH_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
  const stack = await startPartnerApiStack(pgEnv, {
    dbName: DB_NAME,
    serverEnv: {
      CAMPAIGN_PACE_WHATSAPP: String(WHATSAPP_PACE),
    },
    // The sandbox's receipts a little after each send, as the networks' are, to the server's webhooks.
    sandboxBehaviour: JSON.stringify({
      rateLimits: { enabled: false },
      deliveryDelayMs: 50,
      readDelayMs: null,
    }),
  });
  try {
    const { bench, config, url, partnerId, botId, sessionToken } = stack;
    const developer = callerOf(url, sessionToken);
    const adminAccount = await createFactories(bench.database).account(ROLES.ADMIN_PORTICO_READWRITE);
    const admin = callerOf(
      url,
      await mintAccessToken(bench.database, config, { sub: adminAccount.user.userId }),
    );
    const q = async <T>(sql: string, params: unknown[]) =>
      (await bench.database.sql.query(sql, params)).rows as T[];

    // The bot's WhatsApp sender registered (its WABA, as the bot's WhatsApp step records it): the
    // bench bot is a row written by partner-sends.ts.
    await q(`UPDATE bots SET waba_id = 'bench-waba' WHERE bot_id = $1`, [botId]);
    // The RCS template: submitted by the developer, approved by the platform.
    const rcs = (await developer('POST', '/templates', {
      bot_id: botId,
      channel: 'rcs',
      name: 'bench_lamps',
      language: 'en',
      content: { kind: 'text', text: 'Lamps are 20% off this week.', suggestions: [] },
      sample_values: {},
    })) as { template_id: string };
    await developer('POST', `/templates/${rcs.template_id}/submit`, {});
    await admin('POST', `/templates/${rcs.template_id}/approve`, {});

    const audienceId = await audience(developer, 'bench_million', 0, RECIPIENTS);
    const directBefore = await direct(stack, 'before');
    log(`connector straight to the sandbox: ${round(directBefore, 0)} sends/s (load ${load()})`);

    // The big RCS campaign.
    const id = await campaign(developer, 'Bench lamps', botId, rcs.template_id, audienceId);
    const loadStart = load();
    const started = performance.now();
    await developer('POST', `/campaigns/${id}/start`, {});
    const startSeconds = (performance.now() - started) / 1000;
    log(`started in ${round(startSeconds, 1)} s (estimate, hold, recipients copied)`);
    let lastLog = 0;
    const completed = await until(
      'the campaign',
      () => details(developer, id),
      (c) => {
        if (Date.now() - lastLog > 15_000) {
          lastLog = Date.now();
          log(`${c.status}: ${JSON.stringify(c.live.counts)} (load ${load()})`);
        }
        return ['c', 'i', 'd'].includes(c.status);
      },
      1000,
    );
    const completedSeconds = (performance.now() - started) / 1000;
    const receipted = await until(
      'the receipts',
      () => details(developer, id),
      (c) =>
        c.live.counts.delivered + c.live.counts.read >= c.live.counts.sent ||
        c.live.counts.delivered >= c.live.counts.sent,
      1000,
    );
    const endSeconds = (performance.now() - started) / 1000;
    const loadEnd = load();
    const counts = receipted.live.counts;
    log(
      `${completed.status} in ${round(completedSeconds, 1)} s, receipts in ${round(endSeconds, 1)} s: ${JSON.stringify(counts)}`,
    );
    const directAfter = await direct(stack, 'after');
    const directRate = (directBefore + directAfter) / 2;
    const endToEnd = counts.sent / endSeconds;

    // The wallet: nothing held; the funds less the campaign's charge; the charge the sent prices' sum.
    const [w] = await q<{ balance: string; reserved: string }>(
      `SELECT balance::text AS balance, reserved::text AS reserved FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'`,
      [partnerId],
    );
    const [c] = await q<{ charged: string; prices: string; sent: number }>(
      `SELECT c.charged_micros::text AS charged,
              (SELECT coalesce(sum(price_micros), 0)::text FROM campaign_recipients WHERE campaign_id = c.campaign_id AND status = 'sent') AS prices,
              (SELECT count(*)::int FROM campaign_recipients WHERE campaign_id = c.campaign_id AND status = 'sent') AS sent
         FROM campaigns c WHERE c.campaign_id = $1`,
      [id],
    );
    if (!w || !c) throw new Error('the wallet or the campaign is missing');
    const charged = BigInt(c.charged);
    const walletExact =
      BigInt(w.reserved) === 0n &&
      BigInt(w.balance) === FUNDS - charged &&
      charged === BigInt(c.prices) &&
      c.sent === counts.sent;
    const walletLine = `balance ${w.balance} = funds ${FUNDS} - charged ${c.charged}; reserved ${w.reserved}; sum of the ${c.sent} sent recipients' prices ${c.prices}`;
    log(`wallet: ${walletLine}: ${walletExact ? 'exact' : 'NOT EXACT'}`);

    // What a watched campaign costs to read at this size: its details with the live counts, and the
    // list (each row with its counts), over HTTP, 20 times each (decision 0061).
    const timed = async (read: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let n = 0; n < READS; n += 1) {
        const begun = performance.now();
        await read();
        times.push(performance.now() - begun);
      }
      times.sort((a, b) => a - b);
      return {
        p50: round(times[Math.floor(READS / 2)] ?? 0, 1),
        p95: round(times[Math.ceil(READS * 0.95) - 1] ?? 0, 1),
      };
    };
    const detailsRead = await timed(() => details(developer, id));
    const listRead = await timed(() => developer('GET', '/campaigns'));
    log(
      `reads: details p50 ${detailsRead.p50} ms, p95 ${detailsRead.p95} ms; list p50 ${listRead.p50} ms, p95 ${listRead.p95} ms`,
    );

    // The paced WhatsApp campaign on one number, cancelled while it runs.
    let pace: {
      maxCalendar: number;
      over: number;
      maxSliding: number;
      sent: number;
      cancelMs: number;
    } | null = null;
    let paceNote = '';
    try {
      const wa = (await developer('POST', '/templates', {
        bot_id: botId,
        channel: 'whatsapp',
        name: 'bench_lamps_wa',
        language: 'en_US',
        content: {
          category: 'UTILITY',
          body: { text: 'Lamps are 20% off this week.', examples: [] },
          footer: null,
          buttons: [],
        },
        submit: true,
      })) as { template_id: string };
      const approved = await until(
        'the WhatsApp template approved',
        async () =>
          ((await developer('GET', `/templates/${wa.template_id}`)) as { status: { key: string } }).status
            .key,
        (status) => status === 'approved' || status === 'rejected',
        1000,
      );
      if (approved !== 'approved') throw new Error(`the WhatsApp template was ${approved}`);
      const waAudience = await audience(developer, 'bench_paced', RECIPIENTS, PACED_RECIPIENTS);
      const paced = await campaign(developer, 'Bench paced', botId, wa.template_id, waAudience);
      await developer('POST', `/campaigns/${paced}/start`, {});
      const sending = await until(
        'the paced campaign sending',
        () => details(developer, paced),
        (x) => x.live.counts.sent > 0 || ['c', 'i', 'd'].includes(x.status),
        200,
      );
      // (Without a WhatsApp rate card for the numbers' country every recipient fails as no_rate.)
      if (sending.live.counts.sent === 0)
        throw new Error(`the paced campaign ended without a send: ${JSON.stringify(sending.live.counts)}`);
      await sleep(CANCEL_AFTER_S * 1000);
      const cancelAt = Date.now();
      await developer('POST', `/campaigns/${paced}/cancel`, {});
      await sleep(5_000);
      const sends = await q<{ at: number }>(
        `SELECT (extract(epoch FROM m.created_at) * 1000)::float8 AS at FROM network_messages m
           JOIN campaign_recipients r ON m.message_id = r.message_id::text
          WHERE r.campaign_id = $1 ORDER BY m.created_at`,
        [paced],
      );
      const times = sends.map((s) => Number(s.at));
      const perSecond = new Map<number, number>();
      for (const t of times)
        perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
      let maxSliding = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while ((times[i] ?? 0) - (times[j] ?? 0) >= 1000) j += 1;
        maxSliding = Math.max(maxSliding, i - j + 1);
      }
      const maxCalendar = Math.max(0, ...perSecond.values());
      pace = {
        maxCalendar,
        over: [...perSecond.values()].filter((n) => n > WHATSAPP_PACE).length,
        maxSliding,
        sent: times.length,
        cancelMs: Math.max(0, (times.at(-1) ?? cancelAt) - cancelAt),
      };
      log(`paced: ${JSON.stringify(pace)} (load ${load()})`);
    } catch (error) {
      paceNote = `The paced WhatsApp campaign did not run: ${error instanceof Error ? error.message : String(error)}`;
      log(paceNote);
    }

    const results: BenchResult[] = [
      result(
        'campaigns.postgres.rcs.seconds',
        `${RECIPIENTS} recipients: start to completed (s)`,
        round(completedSeconds, 1),
        RECIPIENTS >= 1_000_000 ? '< 600' : 'n/a',
      ),
      result(
        'campaigns.postgres.rcs.end-to-end-per-s',
        'sent messages/s, start to every receipt counted',
        round(endToEnd, 0),
        '>= 1700',
        {
          name: 'connector.postgres.rbm.direct-sends-per-s',
          value: round(directRate, 0),
        },
      ),
      result(
        'campaigns.postgres.rcs.ratio-to-connector',
        'end to end over the connector straight to the sandbox',
        round(endToEnd / directRate, 3),
        'n/a',
      ),
      result(
        'campaigns.postgres.details-read.p95-ms',
        `p95 ms of a campaign's details with its live counts (${RECIPIENTS} recipients, ${READS} reads)`,
        detailsRead.p95,
        'n/a',
      ),
      result(
        'campaigns.postgres.list-read.p95-ms',
        `p95 ms of the campaign list with each row's counts (${READS} reads)`,
        listRead.p95,
        'n/a',
      ),
      result(
        'campaigns.postgres.wallet-exact',
        'wallet exact (1 = nothing held, balance = funds - charged, charged = sum of sent prices)',
        walletExact ? 1 : 0,
        '>= 1',
      ),
    ];
    if (pace)
      results.push(
        result(
          'campaigns.postgres.whatsapp.max-per-second',
          `most sends in one calendar second, pace ${WHATSAPP_PACE}/s`,
          pace.maxCalendar,
          `<= ${WHATSAPP_PACE}`,
        ),
        result(
          'campaigns.postgres.whatsapp.seconds-over-pace',
          'calendar seconds over the pace',
          pace.over,
          '<= 0',
        ),
        result(
          'campaigns.postgres.whatsapp.max-sliding-second',
          'most sends in any sliding 1 s window (by when each message was stored, just before its send)',
          pace.maxSliding,
          `<= ${WHATSAPP_PACE}`,
        ),
        result(
          'campaigns.postgres.cancel-to-last-send-ms',
          'from the cancel call to the last message sent (ms)',
          pace.cancelMs,
          '< 5000',
        ),
      );
    const detailsText = [
      '### Campaigns',
      `${bench.description}; the server (buildServer, production config, PORTICO_ROLE=all) in the bench process, the sandbox in its own (receipts 50 ms after a send). Made through the HTTP API: the audience uploaded as CSV and checked by its job, the template submitted and approved, the campaign created and started.`,
      '',
      `- ${RECIPIENTS} RCS recipients: started (estimate, hold, recipients) in ${round(startSeconds, 1)} s; completed after ${round(completedSeconds, 1)} s; every receipt counted after ${round(endSeconds, 1)} s: ${round(endToEnd, 0)} messages/s end to end. Counts ${JSON.stringify(counts)}. Load average at the start ${loadStart}, at the end ${loadEnd}.`,
      `- The RBM connector straight to the sandbox (${DIRECT_SENDS} sends, ${DIRECT_IN_FLIGHT} in flight) before and after: ${round(directBefore, 0)} and ${round(directAfter, 0)} sends/s; ratio ${round(endToEnd / directRate, 3)}.`,
      `- Wallet: ${walletLine}: ${walletExact ? 'exact' : 'NOT EXACT'}.`,
      `- Reads after the run (${READS} each): the details with live counts p50 ${detailsRead.p50} ms, p95 ${detailsRead.p95} ms; the list p50 ${listRead.p50} ms, p95 ${listRead.p95} ms.`,
      pace
        ? `- WhatsApp at ${WHATSAPP_PACE}/s on one number (${PHONE_NUMBER_ID}): ${pace.sent} sent before the cancel took effect; most in one calendar second ${pace.maxCalendar}, ${pace.over} seconds over; most in a sliding 1 s window ${pace.maxSliding}; the last send ${pace.cancelMs} ms after the cancel call.`
        : `- ${paceNote}`,
    ].join('\n');
    return { results, details: detailsText };
  } finally {
    await stack.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchCampaigns().then(
    ({ results, details: text }) => {
      addResults(results);
      process.stdout.write(`${markdownTable(results)}\n\n${text}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
