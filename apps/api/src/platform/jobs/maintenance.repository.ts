import type { SqlExecutor } from '../db/index.ts';

export interface PurgeResult {
  oidcPayloads: number;
  rateLimitCounters: number;
}

/** Deletes rows whose time has passed; safe to run from several workers at once. */
export async function purgeExpired(sql: SqlExecutor, now = Date.now()): Promise<PurgeResult> {
  const oidc = await sql.query<{ n: number }>(
    `WITH gone AS (DELETE FROM oidc_payloads WHERE expires_at IS NOT NULL AND expires_at < to_timestamp($1::double precision / 1000) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now],
  );
  const counters = await sql.query<{ n: number }>(
    `WITH gone AS (DELETE FROM rate_limit_counters WHERE reset_at <= $1 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now],
  );
  return { oidcPayloads: oidc.rows[0]?.n ?? 0, rateLimitCounters: counters.rows[0]?.n ?? 0 };
}
