/**
 * What each review decision does, said under the decision buttons of every review page and in the
 * bulk dialogs (issue 26, point 4), so a reviewer knows before choosing. One place for the words.
 */
export type ReviewSubject = 'launch' | 'brand' | 'aggregator';
export type ReviewAudienceScope = 'platform' | 'carrier';
export type ReviewDecisionName = 'forward' | 'approve' | 'reject';

export const DECISION_EFFECTS: Record<
  ReviewSubject,
  Record<ReviewAudienceScope, Partial<Record<ReviewDecisionName, string>>>
> = {
  launch: {
    platform: {
      forward:
        'Forward sends the launch to each chosen carrier, which decides for its own network; the platform can still approve or reject it.',
      approve:
        'Approve accepts it for the platform and charges the verification hold; each carrier still decides for its own network.',
      reject: 'Reject sends it back to the developer with your reason and releases the verification hold.',
    },
    carrier: {
      approve: 'Approve starts the launch on your network at once.',
      reject: 'Reject keeps the bot off your network; the developer reads your reason.',
    },
  },
  brand: {
    platform: {
      forward: 'Forward sends the brand to each of its carriers, which decides for its own network.',
      approve:
        'Approve accepts the brand for the platform; its carriers still decide for their own networks.',
      reject: 'Reject sends it back to the developer with your reason, to fix and submit again.',
    },
    carrier: {
      approve: 'Approve lets the brand’s bots launch on your network.',
      reject: 'Reject keeps the brand off your network; the developer reads your reason.',
    },
  },
  aggregator: {
    platform: {
      forward:
        'Forward sends the aggregator to each carrier of its country, which decides for its own network.',
      approve:
        'Approve lets the aggregator bill, register brands and run campaigns at once (carriers may still refuse it on their networks).',
      reject: 'Reject keeps those closed; the aggregator reads your reason.',
    },
    carrier: {
      approve: 'Approve accepts the aggregator on your network.',
      reject: 'Reject refuses it on your network; the aggregator reads your reason.',
    },
  },
};

/** The effects of the decisions offered, in the order offered. */
export function decisionEffects(
  subject: ReviewSubject,
  scope: ReviewAudienceScope,
  offered: readonly string[],
): string[] {
  const effects = DECISION_EFFECTS[subject][scope];
  return offered.flatMap((action) => effects[action as ReviewDecisionName] ?? []);
}
