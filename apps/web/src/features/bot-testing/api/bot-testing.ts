import {
  type TConsoleMessage,
  type TConversation,
  type TMessageContentInput,
  type TTestDevice,
  type TTestDeviceRequest,
  ZBotListItem,
  ZConsoleMessage,
  ZConversation,
  ZListResult,
  ZNoData,
  ZTestBot,
  ZTestDevice,
  ZTestDeviceCapability,
  ZTestDeviceList,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { botTestingKeys, type DeviceFilters, type ListWindow } from './keys';

const devicesUrl = (botId: string) => `/secure/bots/${botId}/test-devices`;

/** The partner's bots to pick from (the bots module's list: the first 50 by last change). */
export const botsToTestQueryOptions = () =>
  queryOptions({
    queryKey: botTestingKeys.bots(),
    queryFn: () =>
      http.get('/secure/bots', ZListResult(ZBotListItem), {
        params: { start: 0, end: 50, sort: 'updated_at', order: 'desc' },
      }),
  });

export const testBotQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: botTestingKeys.bot(botId),
    queryFn: () => http.get(`/secure/bots/${botId}/testing`, ZTestBot),
  });

export const devicesQueryOptions = (botId: string, window: ListWindow, filters: DeviceFilters) =>
  queryOptions({
    queryKey: botTestingKeys.deviceList(botId, window, filters),
    queryFn: () =>
      http.get(devicesUrl(botId), ZTestDeviceList, {
        params: {
          ...window,
          ...setFilters({
            search: filters.search,
            channel: filters.channel,
            invite_status: filters.invite_status,
            sort: filters.sort,
            order: filters.order,
          }),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const conversationQueryOptions = (botId: string, deviceId: string) =>
  queryOptions({
    queryKey: botTestingKeys.conversation(botId, deviceId),
    queryFn: () => http.get(`${devicesUrl(botId)}/${deviceId}/conversation`, ZConversation),
  });

/** Replaces or adds a line of a cached conversation (by id), keeping the order of the lines. */
export function mergeLine(conversation: TConversation | undefined, line: TConsoleMessage) {
  if (!conversation) return conversation;
  const at = conversation.items.findIndex((item) => item.id === line.id);
  const items =
    at === -1
      ? [...conversation.items, line].sort((a, b) => Number(a.id) - Number(b.id))
      : conversation.items.map((item) => (item.id === line.id ? line : item));
  return { ...conversation, items };
}

export function useAddDevice(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTestDeviceRequest) => http.post(devicesUrl(botId), body, ZTestDevice),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: botTestingKeys.devices(botId) }),
  });
}

export type DeviceStep = 'invite' | 'refresh' | 'capability' | 'delete';

/** Resend the invite, refresh its state, check the capability, or delete the device. */
export function useDeviceStep(botId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ device, step }: { device: TTestDevice; step: DeviceStep }) => {
      const url = `${devicesUrl(botId)}/${device.device_id}`;
      if (step === 'delete') {
        await http.delete(url, ZNoData);
        return null;
      }
      if (step === 'capability')
        return (await http.post(`${url}/capability`, undefined, ZTestDeviceCapability)).device;
      return http.post(`${url}/${step}`, undefined, ZTestDevice);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: botTestingKeys.devices(botId) }),
  });
}

export function useSendTestMessage(botId: string, deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: TMessageContentInput) =>
      http.post(`${devicesUrl(botId)}/${deviceId}/messages`, { content }, ZConsoleMessage),
    onSuccess: (line) =>
      queryClient.setQueryData(
        botTestingKeys.conversation(botId, deviceId),
        (current: TConversation | undefined) => mergeLine(current, line),
      ),
    // A refused message is kept in the conversation, marked failed: show it.
    onError: () =>
      void queryClient.invalidateQueries({ queryKey: botTestingKeys.conversation(botId, deviceId) }),
  });
}

/** Downloads the bot's filtered device list as Excel or PDF (the response is the file). */
async function exportDevices(botId: string, format: 'xlsx' | 'pdf', filters: DeviceFilters): Promise<void> {
  const file = await http.download(`${devicesUrl(botId)}/export`, {
    params: {
      format,
      ...setFilters({
        search: filters.search,
        channel: filters.channel,
        invite_status: filters.invite_status,
        sort: filters.sort,
        order: filters.order,
      }),
    },
  });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `test-devices.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportDevices(botId: string) {
  return useMutation({
    mutationFn: ({ format, filters }: { format: 'xlsx' | 'pdf'; filters: DeviceFilters }) =>
      exportDevices(botId, format, filters),
  });
}
