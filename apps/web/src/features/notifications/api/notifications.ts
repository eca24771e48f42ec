import {
  type TNotification,
  type TNotificationCount,
  type TNotificationList,
  ZNotification,
  ZNotificationCount,
  ZNotificationList,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { queryKeys } from '@/lib/query-keys';

const notifications = queryKeys('notifications');

/** How often the header asks for the unread count (a small count query, never the list). */
const COUNT_INTERVAL_MS = 60_000;

export const notificationsKeys = {
  all: notifications.all,
  count: notifications.key('unread-count'),
  list: (start: number, end: number, unreadOnly: boolean) =>
    notifications.key('list', start, end, unreadOnly),
};

export const getNotifications = (
  start: number,
  end: number,
  unreadOnly: boolean,
): Promise<TNotificationList> =>
  http.get('/secure/notifications', ZNotificationList, {
    params: { start, end, ...(unreadOnly ? { unread: 'true' } : {}) },
  });

export const useNotifications = (start: number, end: number, unreadOnly = false, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: notificationsKeys.list(start, end, unreadOnly),
      queryFn: () => getNotifications(start, end, unreadOnly),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );

export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationsKeys.count,
    queryFn: (): Promise<TNotificationCount> =>
      // A background count: a failure leaves the page as it is and is asked again at the next interval.
      http.get('/secure/notifications/unread-count', ZNotificationCount, { background: true }),
    refetchInterval: COUNT_INTERVAL_MS,
  });

/** Marks one notification read, or all of them; the count and the lists are asked again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all'): Promise<TNotification | TNotificationCount> =>
      id === 'all'
        ? http.post('/secure/notifications/read-all', {}, ZNotificationCount)
        : http.post(`/secure/notifications/${id}/read`, {}, ZNotification),
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
