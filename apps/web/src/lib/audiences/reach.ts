import { ZAudienceReachCheck, ZAudienceReachList, ZBotListItem, ZListResult } from '@portico/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { audienceKeys } from './upload-audience';

/** While a reach check runs its counts are read again this often. */
const REACH_POLL_MS = 2000;

/**
 * An audience's reach through each RCS bot checked (the audiences page's card and a campaign
 * form's estimate share it): read again every 2 s while one runs.
 */
export const audienceReachQueryOptions = (audienceId: string) =>
  queryOptions({
    queryKey: audienceKeys.key('reach', audienceId),
    queryFn: () => http.get(`/secure/audiences/${audienceId}/reach`, ZAudienceReachList),
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => r.status === 'running') ? REACH_POLL_MS : false,
  });

/** The partner's launched RCS bots, by name (the bots a reach is checked through). */
export const rcsBotsQueryOptions = () =>
  queryOptions({
    queryKey: audienceKeys.key('rcs-bots'),
    queryFn: () =>
      http.get('/secure/bots', ZListResult(ZBotListItem), {
        params: { start: 0, end: 100, status: 'launched', channel: 'rcs', sort: 'name', order: 'asc' },
      }),
  });

/** Starts (or runs again) the reach check of an audience through one RCS bot. */
export function useCheckReach(audienceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) =>
      http.post(`/secure/audiences/${audienceId}/reach`, { bot_id: botId }, ZAudienceReachCheck),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: audienceKeys.key('reach', audienceId) }),
  });
}
