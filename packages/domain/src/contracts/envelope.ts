import { z } from 'zod';

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

/** List windows: `start` and `end` indices (end exclusive), as the spec's 0-30 and 0-500. */
export const ZListQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  end: z.coerce.number().int().min(1).default(30),
  search: z.string().trim().max(100).optional(),
});
export type TListQuery = z.output<typeof ZListQuery>;
/** The largest window one call may ask for. */
export const MAX_LIST_WINDOW = 500;

export function ZListResult<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}
export type TListResult<T> = { items: T[]; total: number };
