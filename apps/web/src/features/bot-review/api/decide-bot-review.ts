import {
  type BotPlatformAction,
  type TLaunchSummary,
  type TReviewDecisionRequest,
  ZLaunchSummary,
} from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { botReviewKeys, type ReviewScope, reviewBase } from './keys';

export type BotReviewDecision =
  | { kind: 'platform'; action: BotPlatformAction; reason?: string | undefined }
  | { kind: 'carrier'; action: 'approve' | 'reject'; reason?: string | undefined }
  | { kind: 'retry'; carrierId: number };

const scopeOf = (decision: BotReviewDecision): ReviewScope =>
  decision.kind === 'carrier' ? 'carrier' : 'platform';

/**
 * A reviewer's move on a launch: the platform forwards, approves or rejects it (a reason with a
 * rejection), or retries a failed launch on one carrier's network; a carrier approves or rejects it
 * for its own network. Each answers the launch summary as it is now.
 */
export function decideBotReview({
  botId,
  decision,
}: {
  botId: string;
  decision: BotReviewDecision;
}): Promise<TLaunchSummary> {
  const base = `${reviewBase(scopeOf(decision))}/${encodeURIComponent(botId)}`;
  if (decision.kind === 'retry') {
    return http.post(`${base}/carriers/${decision.carrierId}/retry`, undefined, ZLaunchSummary);
  }
  const body: TReviewDecisionRequest = { reason: decision.reason };
  return http.post(`${base}/${decision.action}`, body, ZLaunchSummary);
}

export function useDecideBotReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBotReview,
    onSuccess: (summary, { botId, decision }) => {
      queryClient.setQueryData(botReviewKeys.launch(scopeOf(decision), botId), summary);
      void queryClient.invalidateQueries({ queryKey: botReviewKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: botReviewKeys.dashboard(scopeOf(decision)) });
    },
    // A 409 means someone decided first (or the state moved): show the launch as it is now.
    onError: (_error, { botId, decision }) => {
      void queryClient.invalidateQueries({ queryKey: botReviewKeys.launch(scopeOf(decision), botId) });
    },
  });
}
