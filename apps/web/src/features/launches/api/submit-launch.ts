import { ZHold, ZLaunchSummary } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { launchKeys } from './keys';

/**
 * Payment: the verification price held from the wallet. The key is made once per attempt by the
 * caller, so a retried click holds the money once.
 */
export function useHoldVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, idempotencyKey }: { botId: string; idempotencyKey: string }) =>
      http.post('/secure/launches/payment', { idempotency_key: idempotencyKey }, ZHold, {
        params: { bot_id: botId },
      }),
    onSuccess: (_hold, { botId }) => {
      void client.invalidateQueries({ queryKey: launchKeys.bot(botId) });
      void client.invalidateQueries({ queryKey: launchKeys.wallet() });
    },
  });
}

/** Submit for verification: the bot goes to submitted_for_launch when the pre-flight passes and the hold is taken. */
export function useSubmitLaunch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) =>
      http.post('/secure/launches/submit-verification', undefined, ZLaunchSummary, {
        params: { bot_id: botId },
      }),
    onSuccess: (summary) => {
      client.setQueryData(launchKeys.summary(summary.bot.bot_id), summary);
      void client.invalidateQueries({ queryKey: launchKeys.bot(summary.bot.bot_id) });
    },
    onError: (_error, botId) => {
      // A refused submission names what the pre-flight found: show it as it is now.
      void client.invalidateQueries({ queryKey: launchKeys.preflight(botId) });
    },
  });
}

/** /u/update-carrier: add or remove carriers not yet decided after the submission. */
export function useUpdateLaunchCarriers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ botId, add, remove }: { botId: string; add: number[]; remove: number[] }) =>
      http.put(`/secure/launches/${botId}/carriers/update`, { add, remove }, ZLaunchSummary),
    onSuccess: (summary) => {
      client.setQueryData(launchKeys.summary(summary.bot.bot_id), summary);
      void client.invalidateQueries({ queryKey: launchKeys.bot(summary.bot.bot_id) });
      void client.invalidateQueries({ queryKey: launchKeys.wallet() });
    },
  });
}

/** Downloads the launch summary as a PDF (the response is the file). */
export async function downloadLaunchSummary(botId: string): Promise<void> {
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download(`/secure/launches/${botId}/summary/export`, { params: { format: 'pdf' } });
  } catch {
    throw new ApiError('The PDF could not be prepared. Please try again.', {
      statusCode: null,
      httpStatus: 0,
    });
  }
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? 'launch-summary.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadLaunchSummary() {
  return useMutation({ mutationFn: downloadLaunchSummary });
}
