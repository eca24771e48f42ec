import PgBoss from 'pg-boss';
import { type Database, pgliteOf, poolOf } from '../db/index.ts';

interface SqlResult {
  rows: unknown[];
}

/**
 * pg-boss's `db` option over our own connection, so it runs on PGlite as well as PostgreSQL
 * (docs/STACK.md gotcha 3). pg-boss sends setup and locking SQL as several statements without
 * parameters: those go through the simple-query path and the last statement's rows are returned.
 */
export function bossDb(database: Database): PgBoss.Db {
  const lite = pgliteOf(database);
  if (lite) {
    return {
      executeSql: async (text: string, values?: unknown[]) => {
        if (values?.length) return lite.query(text, values);
        const results = await lite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = poolOf(database);
  if (!pool) throw new Error('database has neither a PGlite instance nor a pg pool');
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result: unknown = values?.length ? await pool.query(text, values) : await pool.query(text);
      // A multi-statement simple query answers with one result per statement.
      if (Array.isArray(result)) return (result.at(-1) as SqlResult | undefined) ?? { rows: [] };
      return result as SqlResult;
    },
  };
}

export const BOSS_SCHEMA = 'pgboss';

/** The SQL that installs pg-boss's schema (the test harness bakes it into its template database). */
export function bossConstructionSql(): string {
  return PgBoss.getConstructionPlans(BOSS_SCHEMA);
}

export { PgBoss };
