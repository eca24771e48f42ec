import {
  type TTemplateTestRequest,
  ZBotListItem,
  ZListResult,
  ZTemplateTestRun,
  ZTestDeviceList,
} from '@portico/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { templateKeys } from './keys';

/** The partner's bots to build templates for (the bots module's list: the first 50 by last change). */
export const templateBotsQueryOptions = () =>
  queryOptions({
    queryKey: templateKeys.bots(),
    queryFn: () =>
      http.get('/secure/bots', ZListResult(ZBotListItem), {
        params: { start: 0, end: 50, sort: 'updated_at', order: 'desc' },
      }),
  });

/** The bot's test devices (the bot-testing module's call), to choose where a test goes. */
export const testDevicesQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: templateKeys.devices(botId),
    queryFn: () =>
      http.get(`/secure/bots/${botId}/test-devices`, ZTestDeviceList, { params: { start: 0, end: 50 } }),
  });

/** Sends the template to chosen test devices (`retest`: again, to the last test's devices). */
export function useTestTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'test'; body: TTemplateTestRequest } | { kind: 'retest' }) =>
      input.kind === 'test'
        ? http.post(`/secure/templates/${templateId}/tests`, input.body, ZTemplateTestRun)
        : http.post(`/secure/templates/${templateId}/retest`, undefined, ZTemplateTestRun),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.testSummary(templateId) }),
  });
}
