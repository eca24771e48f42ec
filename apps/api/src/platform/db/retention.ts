import type { SqlExecutor } from './index.ts';

/** When the daily retention jobs run (UTC): at night, each module's a few minutes apart. */
export const RETENTION_CRON = (minute: number) => `${minute} 3 * * *`;

/** The moment before which raw rows are dropped: `days` before `now`. */
export const retentionCutoff = (days: number, now = new Date()) =>
  new Date(now.getTime() - days * 86_400_000);

/**
 * Deletes a table's rows matching `where` (with `values`) in batches of `batchSize`, each batch its
 * own short statement, so a day's millions of rows never hold one long lock or one huge
 * transaction. Returns how many were deleted. The table and condition are the calling module's
 * own (never user input); the batch is found through the condition's index.
 */
export async function deleteInBatches(
  sql: SqlExecutor,
  table: string,
  where: string,
  values: unknown[],
  batchSize = 5_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT ${batchSize}))
         RETURNING 1
       ) SELECT count(*)::int AS n FROM gone`,
      values,
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < batchSize) return total;
  }
}
