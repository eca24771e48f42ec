import { z } from 'zod';
import { REVIEW_REASON_MAX } from '../review/machine.ts';

/** A reviewer's decision: the reason is required where the machine says so (a rejection). */
export const ZReviewDecisionRequest = z.object({
  reason: z
    .string()
    .trim()
    .max(REVIEW_REASON_MAX, `The reason is at most ${REVIEW_REASON_MAX} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type TReviewDecisionRequest = z.output<typeof ZReviewDecisionRequest>;

export const ZReviewStateRef = z.object({ code: z.number().int(), label: z.string() });

/** One row of a subject's history: who, when, from, to, why. */
export const ZReviewHistoryEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  action_label: z.string(),
  from: ZReviewStateRef.nullable(),
  to: ZReviewStateRef,
  reason: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  /** The carrier the decision was for (carrier-level decisions), else null. */
  carrier_id: z.number().int().nullable(),
  carrier_name: z.string().nullable(),
});
export type TReviewHistoryEntry = z.output<typeof ZReviewHistoryEntry>;

export const ZReviewHistory = z.object({ items: z.array(ZReviewHistoryEntry), total: z.number().int() });
export type TReviewHistory = z.output<typeof ZReviewHistory>;
