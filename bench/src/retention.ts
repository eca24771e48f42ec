/**
 * Raw traffic retention (issue 31 point 4, decision 0041): how fast the daily jobs delete what is
 * past RAW_EVENTS_RETENTION_DAYS, in batches through the tables' time indexes, against what
 * 1,000 sends a second add (86.4 million metered messages and network messages a day, and about
 * twice as many events: a delivered and a read receipt each). Seeded with BENCH_RETENTION_ROWS
 * (default 1,000,000) old rows per table beside a tenth as many recent ones that must stay, then the
 * modules' own purge functions are timed; inserts go on at the same time, to show they are not held.
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else PGlite.
 * `BENCH_ONLY=retention` runs only this.
 */
import { purgeSettledMessages } from '@portico/api/modules/metering/metering.jobs';
import { purgeNetworkTraffic } from '@portico/api/modules/network-messages/network-messages.retention';
import { retentionCutoff } from '@portico/api/platform/db/retention';
import { openBenchDatabase } from './database.ts';
import { type BenchResult, result, round } from './results.ts';
import { log } from './stack.ts';

const ROWS = Number(process.env.BENCH_RETENTION_ROWS) || 1_000_000;
const CHUNK = 250_000;
const DAYS = 90;
/** A day of 1,000 sends a second. */
const A_DAY_OF_SENDS = 86_400_000;
const PARTNER = '00000000-0000-4000-8000-00000000a001';
const BOT = '00000000-0000-4000-9000-00000000a001';

export async function benchRetention(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  const bench = await openBenchDatabase(env, 'portico_bench_retention');
  const { database } = bench;
  const q = (text: string, values: unknown[] = []) => database.sql.query(text, values);
  try {
    await q(
      `INSERT INTO partners (partner_id, kind, has_ewallet, company) VALUES ($1, 'developer', true, '{"name":"Bench"}')`,
      [PARTNER],
    );
    await q(
      `INSERT INTO bots (bot_id, partner_id, channels, name, billing_category) VALUES ($1, $2, ARRAY[1], 'Bench bot', 'BASIC_MESSAGE')`,
      [BOT, PARTNER],
    );
    const recent = Math.round(ROWS / 10);
    // Old rows are spread over the ten days past the retention; recent ones over the last day.
    const seed = async (label: string, insert: string) => {
      for (const [count, old] of [
        [ROWS, true],
        [recent, false],
      ] as const) {
        for (let from = 1; from <= count; from += CHUNK) {
          const to = Math.min(count, from + CHUNK - 1);
          log(`retention: ${label} ${old ? 'old' : 'recent'} ${from} to ${to}`);
          await q(insert, [from, to, old ? DAYS + 1 : 0, old ? 'o' : 'r']);
        }
      }
    };
    const at = `now() - ($3::int * interval '1 day') - (n % 864000) * interval '1 second'`;
    await seed(
      'metered messages',
      `INSERT INTO metered_messages (bot_id, message_id, partner_id, channel, amount, status, created_at, settled_at)
       SELECT '${BOT}', $4 || n, '${PARTNER}', 1, 3000, 'charged', ${at}, ${at}
         FROM generate_series($1::int, $2::int) AS n`,
    );
    await seed(
      'network messages',
      `INSERT INTO network_messages (message_id, network, sender, recipient, content, created_at, updated_at)
       SELECT $4 || n, 'rbm', 'agent', '+91980' || lpad((n % 10000000)::text, 7, '0'), '{}', ${at}, ${at}
         FROM generate_series($1::int, $2::int) AS n`,
    );
    await seed(
      'network events',
      `INSERT INTO network_events (network, dedupe_key, kind, payload, received_at)
       SELECT 'rbm', $4 || n, 'receipt', '{"status":"DELIVERED"}', ${at}
         FROM generate_series($1::int, $2::int) AS n`,
    );
    await q('ANALYZE metered_messages');
    await q('ANALYZE network_messages');
    await q('ANALYZE network_events');

    // Sends go on while the purge runs: one insert every 10 ms, its slowest reported.
    let insertMax = 0;
    let inserted = 0;
    let stop = false;
    const sends = (async () => {
      while (!stop) {
        const started = performance.now();
        await q(
          `INSERT INTO metered_messages (bot_id, message_id, partner_id, channel, amount, status)
           VALUES ($1, $2, $3, 1, 3000, 'reserved')`,
          [BOT, `live-${inserted}`, PARTNER],
        );
        insertMax = Math.max(insertMax, performance.now() - started);
        inserted += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const before = retentionCutoff(DAYS);
    let started = performance.now();
    const metered = await purgeSettledMessages(database, before);
    const meteredMs = performance.now() - started;
    started = performance.now();
    const network = await purgeNetworkTraffic(database, before);
    const networkMs = performance.now() - started;
    stop = true;
    await sends;

    const left = async (table: string) =>
      Number(((await q(`SELECT count(*)::int AS n FROM ${table}`)).rows[0] as { n: number }).n);
    const leftMetered = (await left('metered_messages')) - inserted;
    const leftMessages = await left('network_messages');
    const leftEvents = await left('network_events');
    if (metered !== ROWS || network.messages !== ROWS || network.events !== ROWS)
      throw new Error(`deleted ${metered}, ${network.messages}, ${network.events} of ${ROWS} each`);
    if (leftMetered !== recent || leftMessages !== recent || leftEvents !== recent)
      throw new Error(`kept ${leftMetered}, ${leftMessages}, ${leftEvents} instead of ${recent} each`);

    const meteredRate = ROWS / (meteredMs / 1000);
    // purgeNetworkTraffic deletes events then messages: one rate over both.
    const networkRate = (2 * ROWS) / (networkMs / 1000);
    // A day of 1,000 sends/s: 86.4 M metered, 86.4 M messages, about 172.8 M events.
    const dayHours = (A_DAY_OF_SENDS / meteredRate + (3 * A_DAY_OF_SENDS) / networkRate) / 3600;
    const results = [
      result(
        'retention.metered.rows-per-s',
        `metered messages deleted per second (${ROWS} past the retention, ${recent} kept)`,
        round(meteredRate, 0),
        '>= 1000',
      ),
      result(
        'retention.network.rows-per-s',
        `network events and messages deleted per second (${ROWS} of each past the retention)`,
        round(networkRate, 0),
        '>= 3000',
      ),
      result(
        'retention.day-of-1000-sends-per-s.hours',
        'hours the nightly jobs take to delete one day of 1,000 sends/s (metered, messages, two receipts each)',
        round(dayHours, 2),
        '< 24',
      ),
      result(
        'retention.insert-during-purge.max-ms',
        `slowest of ${inserted} metered inserts made while the purge ran`,
        round(insertMax, 1),
        'n/a',
      ),
    ];
    const details = [
      `### Raw traffic retention (${bench.description}, ${ROWS} rows past ${DAYS} days per table)`,
      '',
      `- metered messages: ${metered} deleted in ${round(meteredMs / 1000, 1)} s (${round(meteredRate, 0)}/s), ${recent} recent kept`,
      `- network events and messages: ${network.events} + ${network.messages} deleted in ${round(networkMs / 1000, 1)} s (${round(networkRate, 0)}/s), ${recent} of each kept`,
      `- a day of 1,000 sends/s (86.4 M metered, 86.4 M messages, 172.8 M events) would take ${round(dayHours, 2)} h`,
      `- ${inserted} inserts during the purge, the slowest ${round(insertMax, 1)} ms`,
    ].join('\n');
    return { results, details };
  } finally {
    await bench.dispose();
  }
}
