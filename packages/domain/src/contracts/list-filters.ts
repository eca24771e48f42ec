import { z } from 'zod';

/** Filters that list calls share: calendar-date ranges (inclusive UTC days). */

/** A calendar date as YYYY-MM-DD (what an `<input type="date">` gives). */
export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  // Date.parse alone takes 2026-02-30 (as 2 March): the day must come back unchanged.
  .refine((v) => {
    const time = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
  }, 'must be a real date');

interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** Refuses a `from`/`to` pair where `to` is before `from` (either may be missing). */
export function refineDateRange<T extends z.ZodType<DateRange>>(schema: T) {
  return schema.refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'to must not be before from',
  });
}

/**
 * The sort of a list call: one of its sortable fields and a direction. Spread into a list query's
 * extra shape: `ZListWindowQuery(LIST_WINDOW, { ...sortQuery(['name', 'updated_at'], 'updated_at'), ... })`.
 */
export function sortQuery<const F extends readonly [string, ...string[]]>(
  fields: F,
  defaultField: F[number],
  defaultOrder: 'asc' | 'desc' = 'desc',
) {
  return {
    sort: z.enum(fields, `sort must be one of ${fields.join(', ')}`).default(defaultField),
    order: z.enum(['asc', 'desc'], 'order must be asc or desc').default(defaultOrder),
  };
}

/** The `format` of every list's export call (Excel or PDF, with the list's filters applied). */
export const ZExportFormat = z.enum(['xlsx', 'pdf'], 'format must be xlsx or pdf');
export type TExportFormat = z.output<typeof ZExportFormat>;

/**
 * A large export rendered in the background (the caller asked `Prefer: respond-async` and the list
 * has more than EXPORT_PROGRESS_ROWS rows): answered 202 with this, then followed by its status.
 */
export const ZExportStarted = z.object({
  export_id: z.uuid(),
  /** Rows to render. */
  total: z.number().int().nonnegative(),
});
export type TExportStarted = z.output<typeof ZExportStarted>;

/** GET /secure/exports/:exportId params. */
export const ZExportParams = z.object({ exportId: z.uuid('exportId must be a UUID') });

/** Where a background export stands: rows rendered so far, and once ready a short-lived signed link. */
export const ZExportStatus = z.object({
  export_id: z.uuid(),
  status: z.enum(['running', 'ready', 'failed']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  file_name: z.string(),
  /** The file's signed download link (ready only), valid a few minutes. */
  url: z.string().nullable(),
  /** Why it failed (failed only). */
  error: z.string().nullable(),
});
export type TExportStatus = z.output<typeof ZExportStatus>;

/** Lists longer than this are rendered with progress when the caller asks for it (issue 31 point 5). */
export const EXPORT_PROGRESS_ROWS = 2_000;
