import {
  type TLaunchCompany,
  type TLaunchDraft,
  ZLaunchDraft,
  type ZLaunchQuestionnaireRequest,
} from '@portico/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http/client';
import { launchKeys } from './keys';

/** After a step is saved: the draft as the server answered it; pre-flight, pricing and summary asked again. */
export function afterLaunchSaved(client: QueryClient, draft: TLaunchDraft): void {
  client.setQueryData(launchKeys.draft(draft.bot_id), draft);
  void client.invalidateQueries({ queryKey: launchKeys.preflight(draft.bot_id) });
  void client.invalidateQueries({ queryKey: launchKeys.pricing(draft.bot_id) });
  void client.invalidateQueries({ queryKey: launchKeys.summary(draft.bot_id) });
  void client.invalidateQueries({ queryKey: launchKeys.carriers(draft.bot_id) });
}

function useSaveStep<B>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, body }: { botId: string; body: B }) =>
      http.put(`/secure/launches/${botId}/${path}`, body, ZLaunchDraft),
    onSuccess: (draft) => afterLaunchSaved(client, draft),
  });
}

/** Review Carriers: submit carrier verification (the carriers the launch is for). */
export const useSaveLaunchCarriers = () => useSaveStep<{ carrier_ids: number[] }>('carriers');
/** Bot Details & Experience: the questionnaire (answers may be saved unfinished). */
export const useSaveQuestionnaire = () =>
  useSaveStep<z.output<typeof ZLaunchQuestionnaireRequest>>('questionnaire');
/** Business Verification: update company details. */
export const useSaveCompany = () => useSaveStep<TLaunchCompany>('company');
/** Business Verification: the carriers that already verified the business. */
export const useSaveVerifiedCarriers = () => useSaveStep<{ carrier_ids: number[] }>('verified-carriers');
