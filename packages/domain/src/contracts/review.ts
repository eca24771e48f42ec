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

/** The most items one bulk decision takes (the review lists' largest page). */
export const BULK_DECISION_MAX = 100;
export const BULK_DECISION_ACTIONS = ['approve', 'reject'] as const;
export type BulkDecisionAction = (typeof BULK_DECISION_ACTIONS)[number];

/**
 * A bulk decision on a review list (issue 26, point 4): the same decision, and one reason, for each
 * chosen item; a rejection needs the reason, as one decision does.
 */
export const ZBulkDecisionRequest = z
  .object({
    action: z.enum(BULK_DECISION_ACTIONS, 'action must be approve or reject'),
    ids: z
      .array(z.uuid('Each item is an id.'), 'Choose the items to decide.')
      .min(1, 'Choose at least one item.')
      .max(BULK_DECISION_MAX, `Choose at most ${BULK_DECISION_MAX} items at once.`)
      .refine((ids) => new Set(ids).size === ids.length, 'An item is chosen twice.'),
    reason: ZReviewDecisionRequest.shape.reason,
  })
  .superRefine((body, ctx) => {
    if (body.action === 'reject' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why they are rejected.' });
  });
export type TBulkDecisionRequest = z.output<typeof ZBulkDecisionRequest>;

/** What became of one item: decided, or refused with the reason the one-item decision gives. */
export const ZBulkDecisionItem = z.object({
  id: z.string(),
  outcome: z.enum(['done', 'refused']),
  /** Why it was refused (not found, not in a state this decision applies to, ...); null when done. */
  reason: z.string().nullable(),
  /** The HTTP status the one-item decision would have answered. */
  status: z.number().int(),
});
export const ZBulkDecisionResult = z.object({
  items: z.array(ZBulkDecisionItem),
  done: z.number().int(),
  refused: z.number().int(),
});
export type TBulkDecisionResult = z.output<typeof ZBulkDecisionResult>;
