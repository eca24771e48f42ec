import { type AnyColumn, asc, desc, eq, type SQL, sql } from 'drizzle-orm';

/** Helpers for the SQL of list filters (search text, calendar-date ranges) that repositories share. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A search box also finds a row by its id pasted whole (the header's search: "by name or id"). Ids
 * are UUIDs, so any other text matches no id (and never reaches a uuid column as a cast error).
 */
export function idMatches(column: AnyColumn, text: string): SQL | undefined {
  const id = text.trim();
  return UUID.test(id) ? eq(column, id.toLowerCase()) : undefined;
}

/** A LIKE/ILIKE pattern matching values that contain `text` literally (its `%`, `_` and `\` escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first instant of a YYYY-MM-DD calendar day (UTC): the inclusive lower bound of `from`. */
export function startOfUtcDay(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The first instant after a YYYY-MM-DD calendar day (UTC): the exclusive upper bound of an inclusive `to`. */
export function endOfUtcDay(date: string): Date {
  const end = startOfUtcDay(date);
  end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/**
 * The ORDER BY of a list's sort choice: the chosen column in the chosen direction, then a unique
 * column so pages never repeat or skip rows.
 */
export function orderOf<F extends string>(
  columns: Readonly<Record<F, AnyColumn | SQL>>,
  sort: F,
  order: 'asc' | 'desc',
  tieBreaker: AnyColumn,
): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(columns[sort]), direction(tieBreaker)];
}

/**
 * A coded column's sort key in the order of the labels the user reads (a status shown as "Ready"
 * sorts as R), not of its stored codes; a code without a label sorts last.
 */
export function byLabel(column: AnyColumn, labels: Readonly<Record<string, string>>): SQL {
  const ranked = Object.entries(labels).sort(([, a], [, b]) => a.localeCompare(b, 'en'));
  const whens = ranked.map(([code], rank) => sql`WHEN ${code} THEN ${sql.raw(String(rank))}`);
  return sql`CASE ${column} ${sql.join(whens, sql` `)} ELSE ${sql.raw(String(ranked.length))} END`;
}
