import {
  type TChangeRoleRequest,
  type TInviteUserRequest,
  ZInvitation,
  ZManagedUsers,
  ZNoData,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** GET users of the caller's organisation, one window (start, end). */
export const getManagedUsers = (start: number, end: number) =>
  http.get('/secure/users', ZManagedUsers, { params: { start, end } });

export const managedUsersQueryOptions = (start: number, end: number) =>
  queryOptions({
    queryKey: accountsKeys.managedUsers.window(start, end),
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
        queryClient.invalidateQueries({ queryKey: accountsKeys.managedUsers.all }),
        queryClient.invalidateQueries({ queryKey: accountsKeys.auditLog.all }),
      ]),
  });
}

const userPath = (userId: string) => `/secure/users/${encodeURIComponent(userId)}`;

/** POST invite user. */
export const useInviteUser = () =>
  useUsersMutation((body: TInviteUserRequest) => http.post('/secure/users/invite', body, ZInvitation));

/** POST re-invite user (a new link; the previous one stops working). */
export const useReinviteUser = () =>
  useUsersMutation((userId: string) => http.post(`${userPath(userId)}/reinvite`, undefined, ZInvitation));

/** PATCH a user's role (the server refuses roles the caller may not give, and the caller's own). */
export const useChangeRole = () =>
  useUsersMutation(({ userId, role }: { userId: string } & TChangeRoleRequest) =>
    http.patch(`${userPath(userId)}/role`, { role }, ZNoData),
  );

/** DELETE user. */
export const useDeleteUser = () =>
  useUsersMutation((userId: string) => http.delete(userPath(userId), ZNoData));
