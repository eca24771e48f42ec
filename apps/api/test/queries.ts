import { type Database, pgliteOf, poolOf } from '../src/platform/db/index.ts';

/** What a count of the database's queries found (while it was on). */
export interface QueryStats {
  calls: number;
  /** Wall time of the calls, queueing for a connection included. */
  totalMs: number;
  /** By the first 90 characters of the statement. */
  byText: Map<string, { calls: number; totalMs: number }>;
  /** Each distinct statement run, with the values of its first run (for EXPLAIN). */
  statements: Map<string, unknown[]>;
}

type AsyncMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * Counts and times every statement the database driver runs, drizzle and raw SQL alike, inside
 * transactions too: on PostgreSQL every pg client's `query` (the pool's and the clients it lends to
 * transactions and to LISTEN), on PGlite `query`, `exec` and the same two on each transaction.
 */
export function countQueries(database: Database) {
  const stats: QueryStats = { calls: 0, totalMs: 0, byText: new Map(), statements: new Map() };
  let on = false;
  const timed = (original: AsyncMethod): AsyncMethod =>
    async function (this: unknown, ...args: unknown[]) {
      if (!on) return original.apply(this, args);
      const started = performance.now();
      try {
        return await original.apply(this, args);
      } finally {
        const ms = performance.now() - started;
        const first = args[0];
        const full = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '?');
        const values = Array.isArray(args[1])
          ? args[1]
          : ((first as { values?: unknown[] } | undefined)?.values ?? []);
        if (!stats.statements.has(full)) stats.statements.set(full, values);
        const text = full.replace(/\s+/g, ' ').slice(0, 90);
        stats.calls += 1;
        stats.totalMs += ms;
        const entry = stats.byText.get(text) ?? { calls: 0, totalMs: 0 };
        entry.calls += 1;
        entry.totalMs += ms;
        stats.byText.set(text, entry);
      }
    };
  const wrap = (target: object, key: string) => {
    const record = target as Record<string, AsyncMethod>;
    const original = record[key];
    if (typeof original === 'function') record[key] = timed(original);
  };
  const pool = poolOf(database);
  const lite = pgliteOf(database);
  // Every client of the pool (and the one a LISTEN holds) is of this class.
  if (pool) wrap((pool as unknown as { Client: { prototype: object } }).Client.prototype, 'query');
  if (lite) {
    wrap(lite, 'query');
    wrap(lite, 'exec');
    const transaction = lite.transaction.bind(lite);
    lite.transaction = ((work: (tx: object) => Promise<unknown>) =>
      transaction((tx) => {
        wrap(tx, 'query');
        wrap(tx, 'exec');
        return work(tx);
      })) as typeof lite.transaction;
  }
  return {
    stats,
    start() {
      on = true;
    },
    stop() {
      on = false;
    },
    /** Forgets what was counted so far. */
    reset() {
      stats.calls = 0;
      stats.totalMs = 0;
      stats.byText.clear();
      stats.statements.clear();
    },
  };
}
