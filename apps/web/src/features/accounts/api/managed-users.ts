import type { TChangeRoleRequest, TInvitation, TInviteUserRequest, TManagedUsers } from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { AUDIT_LOG_QUERY_KEY } from './audit-log';

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
    // Returned, so the mutation settles once the list shows the change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MANAGED_USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_QUERY_KEY }),
      ]),
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

/** PATCH a user's role (the server refuses roles the caller may not give, and the caller's own). */
export const useChangeRole = () =>
  useUsersMutation(({ userId, role }: { userId: string } & TChangeRoleRequest) =>
    http.patch<null>(`/secure/users/${encodeURIComponent(userId)}/role`, { role }),
  );

/** DELETE user. */
export const useDeleteUser = () =>
  useUsersMutation((userId: string) => http.delete<null>(`/secure/users/${encodeURIComponent(userId)}`));
