/**
 * `npm run bench` (after the web build): one run on loopback that measures
 * - GET partner details and one reference-data list through the full stack (buildServer: rate limit,
 *   security headers, XSRF, auth, envelope, zod serialisation) against a bare Fastify route running
 *   the same repository SQL on the same database, and
 * - the web app as users feel it (web.ts): each route's gzipped JavaScript before it is interactive,
 *   the sign-in page's, and Lighthouse on the sign-in page, the developer dashboard and My Wallet,
 * then writes bench/results/latest.json and prints a markdown table. Targets are reported, never
 * asserted: the exit code is non-zero only when something failed. `BENCH_ONLY=web` runs the web part only,
 * `BENCH_ONLY=cold-start` the production artefact's start only, `BENCH_ONLY=api` the API pairs only
 * (partner details, countries, MY BOTS), `BENCH_ONLY=metering` metered sends through the service,
 * `BENCH_ONLY=partner-api` sends through the partner API's endpoints (partner-sends.ts), then on 1
 * and 2 api processes of the production build behind a balancer (scale-out.ts, PostgreSQL only),
 * `BENCH_ONLY=webhooks` webhook deliveries, `BENCH_ONLY=console` the bot console's database load
 * with 200 open consoles (console.ts), `BENCH_ONLY=analytics` billing analytics over a year of traffic (analytics.ts), `BENCH_ONLY=exports` the event loop during a 10,000-row export
 * (exports.ts), `BENCH_ONLY=audiences` a 100 MB audience check (audiences.ts, BENCH_AUDIENCE_MB), `BENCH_ONLY=retention` the retention jobs' deletes (retention.ts), `BENCH_ONLY=campaigns` a
 * CAMPAIGN_BENCH_RECIPIENTS RCS campaign, the WhatsApp pace and the cancel (campaigns.ts).
 */
import os from 'node:os';
import { benchAnalytics } from './analytics.ts';
import { benchAudiences } from './audiences.ts';
import { BARE_BOTS_PATH, BARE_COUNTRIES_PATH, BARE_PARTNER_DETAILS_PATH } from './bare.ts';
import { BENCH_BOT_PARTNERS, BENCH_BOTS } from './bots.ts';
import { benchCampaigns } from './campaigns.ts';
import { benchColdStart } from './cold-start.ts';
import { benchConsole } from './console.ts';
import { numberFromEnv } from './env.ts';
import { benchExports } from './exports.ts';
import { benchLedger } from './ledger.ts';
import { type LoadSummary, runLoad } from './load.ts';
import { benchMetering } from './metering.ts';
import { runNetworksBench } from './networks.ts';
import { benchPartnerSends } from './partner-sends.ts';
import { addResults, type BenchResult, markdownTable, result, round } from './results.ts';
import { benchRetention } from './retention.ts';
import { benchScaleOut } from './scale-out.ts';
import {
  type BenchStack,
  BOTS_PATH,
  COUNTRIES_PATH,
  log,
  PARTNER_DETAILS_PATH,
  startBenchStack,
} from './stack.ts';
import { benchWeb } from './web.ts';
import { benchWebhooks } from './webhooks.ts';

const THROUGHPUT_TARGET = '>= 0.5';
/** MY BOTS (issue 13): the list through the full stack against the bare route with the same SQL. */
const MY_BOTS_TARGET = '>= 0.8';
/** `web`: only the web app's figures (routes, sign-in page, Lighthouse), which need no load runs. */
const ONLY = process.env.BENCH_ONLY ?? 'all';

/** Measured seconds per side and endpoint. */
const DURATION_SECONDS = numberFromEnv('BENCH_DURATION_SECONDS', 10);
const WARMUP_SECONDS = numberFromEnv('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = Math.round(numberFromEnv('BENCH_CONNECTIONS', 10));
/** Each side's measured time is split into this many alternating slices (A B, B A, ...). */
const SLICES = Math.round(numberFromEnv('BENCH_SLICES', 4));

/** The partner API's sends in this process, then on 1 and 2 api processes (scale-out.ts). */
async function partnerApiSends(): Promise<{ results: BenchResult[]; details: string }> {
  const inProcess = await benchPartnerSends();
  const scaleOut = await benchScaleOut();
  return {
    results: [...inProcess.results, ...scaleOut.results],
    details: `${inProcess.details}\n\n${scaleOut.details}`,
  };
}

/** Parts of issue 16 that run alone with `BENCH_ONLY=<name>` (each under a minute or two). */
const SINGLE_PARTS: Record<
  string,
  { title: string; run(): Promise<{ results: BenchResult[]; details: string }> }
> = {
  // Metered sends through the service against the connector straight to the sandbox.
  metering: { title: 'metered sends', run: () => benchMetering() },
  // The partner API's send endpoints against the connectors straight to the sandbox.
  // ... and on 1 and 2 api processes of the production build behind a balancer (PostgreSQL only).
  'partner-api': { title: 'partner API sends', run: () => partnerApiSends() },
  webhooks: { title: 'webhook deliveries', run: () => benchWebhooks() },
  // Issue 31: database queries/s with 200 open bot consoles, and a line's way to all of them.
  console: { title: 'bot console', run: () => benchConsole() },
  // Issue 29: every billing analytics call over a year of metered messages, from the rollups.
  analytics: { title: 'billing analytics', run: () => benchAnalytics() },
  // Issue 31: the event loop while a 10,000-row export is rendered, inline and in the worker thread.
  exports: { title: 'large exports', run: () => benchExports() },
  // Issue 27: a 100 MB audience file checked on PostgreSQL and PGlite against a bare insert.
  audiences: { title: 'audience checks', run: () => benchAudiences() },
  // Issue 28: a CAMPAIGN_BENCH_RECIPIENTS (1,000,000) RCS campaign end to end on PostgreSQL, the pace, the cancel.
  campaigns: { title: 'campaigns', run: () => benchCampaigns() },
  // Issue 31: the nightly retention jobs' delete rate against a day of 1,000 sends/s.
  retention: { title: 'raw traffic retention', run: () => benchRetention() },
};

interface Pair {
  full: LoadSummary;
  bare: LoadSummary;
}

async function measurePair(
  label: string,
  full: string,
  bare: string,
  headers: Record<string, string>,
): Promise<Pair> {
  log(`${label}: full stack ${full} vs bare route ${bare}`);
  const accept = { accept: 'application/json' };
  const [fullSummary, bareSummary] = await runLoad({
    targets: [
      { label: 'full stack', url: full, headers: { ...accept, ...headers } },
      { label: 'bare route', url: bare, headers: accept },
    ],
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    slices: SLICES,
    sliceSeconds: DURATION_SECONDS / SLICES,
  });
  if (!fullSummary || !bareSummary) throw new Error('the load generator answered too few summaries');
  return { full: fullSummary, bare: bareSummary };
}

function apiResults(endpoint: string, pair: Pair, target = THROUGHPUT_TARGET): BenchResult[] {
  const rps = (s: LoadSummary) => round(s.requestsPerSecond, 0);
  const p99 = (s: LoadSummary) => round(s.latencyP99Ms, 2);
  const cpu = (s: LoadSummary) => round(s.serverCpuMsPerRequest, 3);
  return [
    result(`api.${endpoint}.rps`, 'requests/s', rps(pair.full), target, {
      name: `bare.${endpoint}.rps`,
      value: rps(pair.bare),
    }),
    result(`api.${endpoint}.p99-ms`, 'p99 latency (ms)', p99(pair.full), 'n/a', {
      name: `bare.${endpoint}.p99-ms`,
      value: p99(pair.bare),
    }),
    result(
      `api.${endpoint}.server-cpu-ms`,
      'CPU ms per request of the server process (PGlite included when it is the database)',
      cpu(pair.full),
      'n/a',
      { name: `bare.${endpoint}.server-cpu-ms`, value: cpu(pair.bare) },
    ),
  ];
}

function loadDetails(label: string, pair: Pair): string {
  const line = (side: string, s: LoadSummary) =>
    `| ${label} | ${side} | ${round(s.requestsPerSecond, 0)} | ${s.sliceRequestsPerSecond.join(', ')} | ${s.latencyMeanMs} | ${s.latencyP50Ms} | ${s.latencyP99Ms} | ${s.latencyMaxMs} | ${round(s.serverCpuMsPerRequest, 3)} | ${s.requestsTotal} |`;
  return [line('full stack', pair.full), line('bare route', pair.bare)].join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg()[0] ?? 0;
  let stack: BenchStack | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      void (stack?.close() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }

  try {
    if (ONLY === 'web') {
      stack = await startBenchStack();
      const web = await benchWeb(stack);
      const written = addResults(web.results, {
        environment: { node: process.version, cpus: os.cpus().length, gzip: 'zlib default level (6)' },
      });
      process.stdout.write(
        `## Portico bench: the web app (node ${process.version}, ${os.cpus().length} CPUs)\n\n${markdownTable(
          web.results,
        )}\n\n${web.details}\n\nWritten to bench/results/latest.json at ${written.at}.\n`,
      );
      return;
    }
    const single = SINGLE_PARTS[ONLY];
    if (single) {
      const part = await single.run();
      const load = round(os.loadavg()[0] ?? 0, 2);
      const written = addResults(part.results, {
        environment: { node: process.version, cpus: os.cpus().length, loadAverage: load },
      });
      process.stdout.write(
        `## Portico bench: ${single.title} (node ${process.version}, ${os.cpus().length} CPUs, load ${load})\n\n${markdownTable(
          part.results,
        )}\n\n${part.details}\n\nWritten to bench/results/latest.json at ${written.at}.\n`,
      );
      return;
    }
    if (ONLY === 'cold-start') {
      const coldStart = await benchColdStart();
      const written = addResults(coldStart.results, {
        environment: { node: process.version, cpus: os.cpus().length },
      });
      process.stdout.write(
        `## Portico bench: cold start (node ${process.version}, ${os.cpus().length} CPUs)\n\n${markdownTable(
          coldStart.results,
        )}\n\n${coldStart.details}\n\nWritten to bench/results/latest.json at ${written.at}.\n`,
      );
      return;
    }
    // Issue 4: the sandbox's ceiling and the connector against it, before the API stack starts.
    // `BENCH_ONLY=api`: only the API pairs (for a quick look at MY BOTS); the rest is skipped.
    const networks =
      ONLY === 'api' ? { results: [] as BenchResult[], details: '' } : await runNetworksBench();
    // Issue 11: the production artefact's start, alone on the machine.
    const coldStart = ONLY === 'api' ? { results: [] as BenchResult[], details: '' } : await benchColdStart();
    stack = await startBenchStack();
    const { fullUrl, bare, accessToken, config } = stack;

    const partnerDetails = await measurePair(
      'partner-details',
      `${fullUrl}${PARTNER_DETAILS_PATH}`,
      `${bare.url}${BARE_PARTNER_DETAILS_PATH}`,
      { authorization: `Bearer ${accessToken}` },
    );
    const countries = await measurePair(
      'reference-countries',
      `${fullUrl}${COUNTRIES_PATH}`,
      `${bare.url}${BARE_COUNTRIES_PATH}`,
      {},
    );

    const myBots = await measurePair(
      `my-bots (${BENCH_BOTS} bots across ${BENCH_BOT_PARTNERS} partners)`,
      `${fullUrl}${BOTS_PATH}`,
      `${bare.url}${BARE_BOTS_PATH}`,
      { authorization: `Bearer ${accessToken}` },
    );
    if (ONLY === 'api') {
      const apiOnly = [
        ...apiResults('partner-details', partnerDetails),
        ...apiResults('reference-countries', countries),
        ...apiResults('my-bots', myBots, MY_BOTS_TARGET),
      ];
      addResults(apiOnly, { environment: { database: stack.bench.description, node: process.version } });
      const details = [
        loadDetails('partner-details', partnerDetails),
        loadDetails('reference-countries', countries),
        loadDetails('my-bots', myBots),
      ].join('\n');
      process.stdout.write(`${markdownTable(apiOnly)}\n\n${details}\n`);
      return;
    }

    const web = await benchWeb(stack);
    const ledger = await benchLedger();
    const metering = await benchMetering();
    const partnerApi = await partnerApiSends();
    const webhooks = await benchWebhooks();
    const consoles = await benchConsole();
    const exportsLag = await benchExports();

    const results: BenchResult[] = [
      ...apiResults('partner-details', partnerDetails),
      ...apiResults('reference-countries', countries),
      ...apiResults('my-bots', myBots, MY_BOTS_TARGET),
      ...web.results,
      ...ledger,
      ...metering.results,
      ...partnerApi.results,
      ...webhooks.results,
      ...consoles.results,
      ...exportsLag.results,
      ...networks.results,
      ...coldStart.results,
    ];
    const loadAfter = os.loadavg()[0] ?? 0;
    const written = addResults(results, {
      environment: {
        database: stack.bench.description,
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        platform: `${os.platform()} ${os.release()}`,
        loadGenerator: 'autocannon 9.0.0 in a child process; servers in the bench process',
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        durationSeconds: DURATION_SECONDS,
        slices: SLICES,
        porticoRole: config.PORTICO_ROLE,
        gzip: 'zlib default level (6)',
        loadAverageBefore: round(loadBefore, 2),
        loadAverageAfter: round(loadAfter, 2),
      },
    });

    const busy = Math.max(loadBefore, loadAfter) > os.cpus().length + 1;

    const out = [
      `## Portico bench (${stack.bench.description}, node ${process.version}, ${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s in ${SLICES} alternating slices per side)`,
      '',
      ...(busy
        ? [
            `> Warning: the 1-minute load average was ${round(loadBefore, 2)} before and ${round(loadAfter, 2)} after the run on ${os.cpus().length} CPUs: other work shared the machine, so the figures are noisy (the alternating slices keep the ratios fairer).`,
            '',
          ]
        : []),
      markdownTable(results),
      '',
      'Targets are reported, not asserted. Ratios are full stack / bare route; ledger.* ratios are ledger debits / bare single-row inserts (same count, same 8 callers, same database).',
      '',
      '### Load details',
      '| endpoint | side | requests/s | per slice | mean ms | p50 ms | p99 ms | max ms | server CPU ms/req | requests |',
      '|---|---|---:|---|---:|---:|---:|---:|---:|---:|',
      loadDetails('partner-details', partnerDetails),
      loadDetails('reference-countries', countries),
      loadDetails('my-bots', myBots),
      '',
      web.details,
      '',
      networks.details,
      '',
      metering.details,
      '',
      partnerApi.details,
      '',
      webhooks.details,
      '',
      consoles.details,
      '',
      exportsLag.details,
      '',
      coldStart.details,
      '',
      `Written to bench/results/latest.json at ${written.at} (${round((Date.now() - started) / 1000, 1)} s).`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await stack?.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
