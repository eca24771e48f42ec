import { z } from 'zod';
import { LIST_WINDOW } from '../constants/product.ts';
import { searchText } from './fields.ts';

/** Every API response: `{ status_code, message, data }` (10 success, 11 failed, 13 custom). */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status_code: z.number().int(), message: z.string(), data });
}
export const ZErrorEnvelope = z.object({
  status_code: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
});
export type TEnvelope<T> = { status_code: number; message: string; data: T };
/** The data of a call that answers nothing but success (set-up steps, role change, delete). */
export const ZNoData = z.null();

/** List windows: `start` and `end` indices (end exclusive), as the spec's 0-30 and 0-500. */
export const ZListQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  end: z.coerce.number().int().min(1).default(30),
  search: searchText(),
});
export type TListQuery = z.output<typeof ZListQuery>;
/** The largest window one call may ask for. */
export const MAX_LIST_WINDOW = 500;

interface ListWindow {
  start: number;
  end: number;
}
// The checks read only start and end; the cast is because TypeScript cannot see them through the generic shape.
const windowOf = (q: unknown) => q as ListWindow;

/**
 * A list query with the window rules every list call shares: `start` and `end` (end exclusive)
 * default to `defaults`, `end` must be after `start`, and a window spans at most MAX_LIST_WINDOW.
 * `extra` adds the call's own filters.
 */
export function ZListWindowQuery<S extends z.ZodRawShape>(defaults: ListWindow = LIST_WINDOW, extra?: S) {
  return z
    .object({
      start: z.coerce.number().int().min(0).default(defaults.start),
      end: z.coerce.number().int().min(1).default(defaults.end),
      ...(extra ?? ({} as S)),
    })
    .refine((q) => windowOf(q).end > windowOf(q).start, {
      path: ['end'],
      message: 'end must be greater than start',
    })
    .refine((q) => windowOf(q).end - windowOf(q).start <= MAX_LIST_WINDOW, {
      path: ['end'],
      message: `a list window may span at most ${MAX_LIST_WINDOW} items (end - start)`,
    });
}

export function ZListResult<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}
export type TListResult<T> = { items: T[]; total: number };

/**
 * A list with tabs, answered with how many items each tab holds under the same filters (search,
 * channel, carrier...) but its own tab: `ZTabbedListResult(ZItem, TABS)`. Counted in one grouped
 * query, so a tab's count is never a request of its own.
 */
export function ZTabbedListResult<T extends z.ZodType, const K extends readonly [string, ...string[]]>(
  item: T,
  tabs: K,
) {
  const counts = Object.fromEntries(tabs.map((tab) => [tab, z.number().int().min(0)])) as {
    [P in K[number]]: z.ZodNumber;
  };
  return ZListResult(item).extend({ tabCounts: z.object(counts) });
}
