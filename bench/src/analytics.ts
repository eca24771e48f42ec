/**
 * Billing analytics (issue 29): metered messages over a year for many partners, seeded in the
 * database (one set-based INSERT per chunk), their rollups built from them, then every analytics
 * call (developer, carrier, platform; the widest range and the deepest drill-down) timed through the
 * real service and repository: p95 against the 100 ms target. PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, else PGlite. `BENCH_ONLY=analytics` runs only this; the size comes from
 * BENCH_ANALYTICS_MESSAGES (default 1,000,000; the 10,000,000 takes long on 2 shared cores)
 * and BENCH_ANALYTICS_PARTNERS (default 2,000).
 */

import { createAnalyticsRepository } from '@portico/api/modules/analytics/analytics.repository';
import { BUCKET_SQL } from '@portico/api/modules/analytics/analytics.rollups';
import { createAnalyticsService } from '@portico/api/modules/analytics/analytics.service';
import { seedReferenceData } from '@portico/api/platform/db/seed/index';
import { ROLES } from '@portico/domain';
import { openBenchDatabase } from './database.ts';
import { type BenchResult, result, round } from './results.ts';
import { log } from './stack.ts';

const MESSAGES = Number(process.env.BENCH_ANALYTICS_MESSAGES) || 1_000_000;
const PARTNERS = Number(process.env.BENCH_ANALYTICS_PARTNERS) || 2_000;
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS) || 20;
const CHUNK = 500_000;
const TARGET = '< 100';

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};

export async function benchAnalytics(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  const bench = await openBenchDatabase(env, 'portico_bench_analytics');
  const { database } = bench;
  const kind = bench.description.startsWith('postgres') ? 'postgres' : 'pglite';
  const q = (text: string, values: unknown[] = []) => database.sql.query(text, values);
  try {
    await seedReferenceData(database);
    log(`analytics: ${PARTNERS} partners, 2 bots each (${bench.description})`);
    await q(
      `INSERT INTO partners (partner_id, kind, has_ewallet, company)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'developer', true,
              jsonb_build_object('name', 'Bench partner ' || i)
         FROM generate_series(1, $1::int) AS i`,
      [PARTNERS],
    );
    await q(
      `INSERT INTO bots (bot_id, partner_id, channels, name, billing_category)
       SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(i * 2 + b), 12, '0'))::uuid,
              ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
              ARRAY[1 + b], 'Bench bot ' || i || '-' || b,
              CASE WHEN b = 0 THEN 'CONVERSATIONAL' ELSE 'BASIC_MESSAGE' END
         FROM generate_series(1, $1::int) AS i, generate_series(0, 1) AS b`,
      [PARTNERS],
    );
    const { rows: carriers } = await q('SELECT carrier_id, country_id FROM carriers ORDER BY carrier_id');
    const carrierIds = carriers.map((c) => Number((c as { carrier_id: number }).carrier_id));
    const countryIds = carriers.map((c) => String((c as { country_id: string }).country_id));

    const seedStarted = Date.now();
    for (let from = 0; from < MESSAGES; from += CHUNK) {
      const to = Math.min(MESSAGES, from + CHUNK);
      log(`analytics: messages ${from + 1} to ${to}`);
      // Spread over the last 365 days; carriers skewed to the first (Indian) ones; 5% failed.
      await q(
        `INSERT INTO metered_messages (bot_id, message_id, partner_id, channel, carrier_id, country_id, priced_as,
                                       amount, status, created_at, settled_at)
         SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(p * 2 + b), 12, '0'))::uuid, 'bench-' || n,
                ('00000000-0000-4000-8000-' || lpad(to_hex(p), 12, '0'))::uuid, 1 + b,
                ($3::int[])[c], ($4::text[])[c],
                (ARRAY['Transactional', 'Promotional', 'OTP'])[1 + n % 3], 2000 + (n % 7) * 500,
                CASE WHEN n % 20 = 0 THEN 'released' ELSE 'charged' END, at, at
           FROM generate_series($1::int, $2::int) AS n,
                LATERAL (SELECT 1 + ((n::bigint * 7919) % $5::int)::int AS p, n % 2 AS b,
                                1 + least(floor(power(((n::bigint * 104729) % 1000) / 1000.0, 3) * $6::int)::int, $6::int - 1) AS c,
                                now() - make_interval(secs => ((n::bigint * 2654435761) % 31536000)::int) AS at) AS x`,
        [from + 1, to, carrierIds, countryIds, PARTNERS, carrierIds.length],
      );
    }
    const seedSeconds = round((Date.now() - seedStarted) / 1000, 1);
    log('analytics: building the rollups');
    const rollupStarted = Date.now();
    await q(
      `INSERT INTO analytics_rollups
       SELECT ${BUCKET_SQL('m.created_at')}, m.partner_id, m.bot_id, coalesce(m.carrier_id, 0), coalesce(m.country_id, ''),
              m.channel, coalesce(b.billing_category, ''), coalesce(m.priced_as, ''),
              CASE WHEN m.status = 'charged' THEN 'sent' ELSE 'failed' END, count(*),
              sum(CASE WHEN m.status = 'charged' THEN m.amount ELSE 0 END)
         FROM metered_messages m JOIN bots b ON b.bot_id = m.bot_id
        GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`,
    );
    await q('ANALYZE analytics_rollups');
    const rollupSeconds = round((Date.now() - rollupStarted) / 1000, 1);
    const { rows: counted } = await q('SELECT count(*)::int AS n FROM analytics_rollups');
    const rollupRows = Number((counted[0] as { n: number }).n);

    const service = createAnalyticsService({
      database,
      repository: createAnalyticsRepository(database.sql),
      wallet: { balance: async () => ({ balance: '0.000000', held: '0.000000' }) },
    });
    const partnerId = '00000000-0000-4000-8000-000000000001';
    const botId = '00000000-0000-4000-9000-000000000002';
    const { rows: carrierRows } = await q(
      `INSERT INTO partners (kind, carrier_id, company) VALUES ('carrier', $1, '{"name":"Bench carrier"}') RETURNING partner_id`,
      [carrierIds[0]],
    );
    const carrierPartner = String((carrierRows[0] as { partner_id: string }).partner_id);
    const user = (role: string | null, partner: string) => ({
      userId: partner,
      partnerId: partner,
      email: 'bench@portico.test',
      role,
    });
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const widest = { preset: 'custom' as const, from: yearAgo, to: today, zone: '+05:30' };
    const calls: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'developer.366-days', run: () => service.report(user(ROLES.DEVELOPER, partnerId), widest) },
      {
        name: 'developer.deepest',
        run: () =>
          service.report(user(ROLES.DEVELOPER, partnerId), {
            ...widest,
            bot_id: botId,
            carrier_id: carrierIds[0],
            country_id: countryIds[0],
            channel: 'rcs',
            message_type: 'OTP',
          }),
      },
      {
        name: 'carrier.366-days',
        run: () => service.report(user(ROLES.ADMIN_BILLING, carrierPartner), widest),
      },
      {
        name: 'platform.30-days',
        run: () =>
          service.report(user(ROLES.SUPER_ADMIN_PORTICO, partnerId), { preset: '30d', zone: '+05:30' }),
      },
      {
        name: 'platform.366-days',
        run: () => service.report(user(ROLES.SUPER_ADMIN_PORTICO, partnerId), widest),
      },
      {
        name: 'platform.deepest',
        run: () =>
          service.report(user(ROLES.SUPER_ADMIN_PORTICO, partnerId), {
            ...widest,
            partner_id: partnerId,
            carrier_id: carrierIds[0],
            region: 'India',
            billing_category: 'BASIC_MESSAGE',
            message_type: 'OTP',
          }),
      },
    ];
    const results: BenchResult[] = [];
    const lines: string[] = [];
    for (const call of calls) {
      await call.run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        await call.run();
        times.push(performance.now() - started);
      }
      const value = round(p95(times), 1);
      log(`analytics: ${call.name} p95 ${value} ms`);
      results.push(
        result(
          `analytics.${kind}.${call.name}.p95-ms`,
          `p95 ms of the ${call.name} report (${RUNS} runs)`,
          value,
          TARGET,
        ),
      );
      lines.push(
        `| ${call.name} | ${value} | ${round(Math.min(...times), 1)} | ${round(Math.max(...times), 1)} |`,
      );
    }
    results.push(
      result(
        `analytics.${kind}.seed-seconds`,
        `seconds to seed ${MESSAGES} metered messages`,
        seedSeconds,
        'n/a',
      ),
    );
    results.push(
      result(
        `analytics.${kind}.rollup-seconds`,
        `seconds to build the rollups (${rollupRows} rows)`,
        rollupSeconds,
        'n/a',
      ),
    );
    return {
      results,
      details: [
        '### Billing analytics',
        `${bench.description}; ${MESSAGES} metered messages over 365 days for ${PARTNERS} partners (2 bots each), seeded in ${seedSeconds} s; rollups built in ${rollupSeconds} s (${rollupRows} rows). Each call ${RUNS} times after one warm-up, through the service and repository (no HTTP).`,
        '',
        '| call | p95 ms | min ms | max ms |',
        '|---|---:|---:|---:|',
        ...lines,
      ].join('\n'),
    };
  } finally {
    await bench.dispose();
  }
}
