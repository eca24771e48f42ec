import type { TInvitation, TInviteUserRequest, TManagedUsers } from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

export const MANAGED_USERS_QUERY_KEY = ['managed-users'] as const;

/** GET users of the caller's organisation, one window (start, end). */
export const getManagedUsers = (start: number, end: number) =>
  http.get<TManagedUsers>('/secure/users', { params: { start, end } });

export const managedUsersQueryOptions = (start: number, end: number) =>
  queryOptions({
    queryKey: [...MANAGED_USERS_QUERY_KEY, start, end],
    queryFn: () => getManagedUsers(start, end),
    placeholderData: keepPreviousData,
  });

export const useManagedUsers = (start: number, end: number) => useQuery(managedUsersQueryOptions(start, end));

function useUsersMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGED_USERS_QUERY_KEY }),
  });
}

/** POST invite user. */
export const useInviteUser = () =>
  useUsersMutation((body: TInviteUserRequest) => http.post<TInvitation>('/secure/users/invite', body));

/** POST re-invite user (a new link; the previous one stops working). */
export const useReinviteUser = () =>
  useUsersMutation((userId: string) =>
    http.post<TInvitation>(`/secure/users/${encodeURIComponent(userId)}/reinvite`),
  );

/** DELETE user. */
export const useDeleteUser = () =>
  useUsersMutation((userId: string) => http.delete<null>(`/secure/users/${encodeURIComponent(userId)}`));
