import type { SqlExecutor } from '../db/index.ts';

export interface CounterHit {
  hits: number;
  /** Epoch ms when the window ends. */
  resetAt: number;
}

/**
 * Fixed-window counters kept in the database so every instance shares them (rate limits, sign-in
 * throttling). One statement per hit: starts a new window when the old one has ended.
 */
/** One hit of `$4` on key `$1` at `$3` (epoch ms): a new window ending at `$2` when the old one has ended. */
const UPSERT = `INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES ($1, $4, $2)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limit_counters.reset_at <= $3 THEN $4 ELSE rate_limit_counters.hits + $4 END,
    reset_at = CASE WHEN rate_limit_counters.reset_at <= $3 THEN $2 ELSE rate_limit_counters.reset_at END
  RETURNING hits, reset_at`;

export function createCounters(sql: SqlExecutor) {
  async function add(key: string, count: number, windowMs: number, now = Date.now()): Promise<CounterHit> {
    const { rows } = await sql.query<{ hits: number; reset_at: string | number }>(UPSERT, [
      key,
      now + windowMs,
      now,
      count,
    ]);
    const row = rows[0];
    if (!row) throw new Error('counter upsert returned no row');
    return { hits: row.hits, resetAt: Number(row.reset_at) };
  }

  /**
   * Adds `count` to `key` as `add` does and, in the same statement, sums the live hits of `others`
   * (the earlier slots of a sliding window: see campaigns.pace.ts).
   */
  async function addAndSum(
    key: string,
    count: number,
    windowMs: number,
    others: readonly string[],
    now = Date.now(),
  ): Promise<CounterHit & { others: number }> {
    const { rows } = await sql.query<{ hits: number; reset_at: string | number; others: number }>(
      `WITH hit AS (${UPSERT})
       SELECT hit.hits, hit.reset_at,
              (SELECT COALESCE(sum(c.hits), 0)::int FROM rate_limit_counters c
                WHERE c.key = ANY($5::text[]) AND c.reset_at > $3) AS others
         FROM hit`,
      [key, now + windowMs, now, count, others],
    );
    const row = rows[0];
    if (!row) throw new Error('counter upsert returned no row');
    return { hits: row.hits, resetAt: Number(row.reset_at), others: row.others };
  }

  return {
    hit(key: string, windowMs: number, now = Date.now()): Promise<CounterHit> {
      return add(key, 1, windowMs, now);
    },
    /** Adds `count` hits at once (an instance pushing the hits it counted since its last write). */
    add,
    addAndSum,
    async peek(key: string, now = Date.now()): Promise<CounterHit | null> {
      const { rows } = await sql.query<{ hits: number; reset_at: string | number }>(
        'SELECT hits, reset_at FROM rate_limit_counters WHERE key = $1 AND reset_at > $2',
        [key, now],
      );
      const row = rows[0];
      return row ? { hits: row.hits, resetAt: Number(row.reset_at) } : null;
    },
    async reset(key: string): Promise<void> {
      await sql.query('DELETE FROM rate_limit_counters WHERE key = $1', [key]);
    },
  };
}

export type Counters = ReturnType<typeof createCounters>;
