import {
  type TWebhookUpdateRequest,
  ZBotListItem,
  ZListResult,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookSecret,
  ZWebhookSettings,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type DeliveryFilters, type ListWindow, partnerApiKeys } from './keys';

const webhookUrl = (botId: string) => `/secure/bots/${botId}/webhook`;

/** The partner's bots to pick from (the bots module's list: the first 50 by last change). */
export const apiBotsQueryOptions = () =>
  queryOptions({
    queryKey: partnerApiKeys.bots(),
    queryFn: () =>
      http.get('/secure/bots', ZListResult(ZBotListItem), {
        params: { start: 0, end: 50, sort: 'updated_at', order: 'desc' },
      }),
  });

export const webhookQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: partnerApiKeys.webhook(botId),
    queryFn: () => http.get(webhookUrl(botId), ZWebhookSettings),
  });

export const deliveriesQueryOptions = (botId: string, window: ListWindow, filters: DeliveryFilters) =>
  queryOptions({
    queryKey: partnerApiKeys.deliveryList(botId, window, filters),
    queryFn: () =>
      http.get(`${webhookUrl(botId)}/deliveries`, ZWebhookDeliveryList, {
        params: { ...window, ...setFilters({ status: filters.status, kind: filters.kind }) },
      }),
    placeholderData: keepPreviousData,
  });

function useRefresh(botId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: partnerApiKeys.webhook(botId) });
    void queryClient.invalidateQueries({ queryKey: partnerApiKeys.deliveries(botId) });
  };
}

/** Webhook update: the server sends the challenge; the answer carries a new secret only when it made one. */
export function useUpdateWebhook(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: (body: TWebhookUpdateRequest) =>
      http.put(webhookUrl(botId), body, ZWebhookSettings.extend({ secret: z.string().nullable() })),
    onSuccess: refresh,
  });
}

export function useRotateSecret(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: () => http.post(`${webhookUrl(botId)}/secret`, undefined, ZWebhookSecret),
    onSuccess: refresh,
  });
}

export function usePing(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: () => http.post(`${webhookUrl(botId)}/ping`, undefined, z.array(ZWebhookDelivery)),
    onSuccess: refresh,
  });
}

export function useReplay(botId: string) {
  const refresh = useRefresh(botId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      http.post(`${webhookUrl(botId)}/deliveries/${deliveryId}/replay`, undefined, ZWebhookDelivery),
    onSuccess: refresh,
  });
}

/** Downloads the bot's filtered delivery log as Excel or PDF (the response is the file). */
async function exportDeliveries(botId: string, format: 'xlsx' | 'pdf', filters: DeliveryFilters) {
  const file = await http.download(`${webhookUrl(botId)}/deliveries/export`, {
    params: { format, ...setFilters({ status: filters.status, kind: filters.kind }) },
  });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `webhook-deliveries.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportDeliveries(botId: string) {
  return useMutation({
    mutationFn: ({ format, filters }: { format: 'xlsx' | 'pdf'; filters: DeliveryFilters }) =>
      exportDeliveries(botId, format, filters),
  });
}
