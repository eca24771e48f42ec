import {
  type TChangeRoleRequest,
  type TInviteUserRequest,
  ZInvitation,
  ZManagedUsers,
  ZNoData,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { saveExport } from '@/lib/http/save-file';
import { setFilters } from '@/lib/query-keys';
import { accountsKeys, type ManagedUserFilters } from './keys';

type Window = { start: number; end: number };

/** GET users of the caller's organisation: one window of those the search finds, in the chosen order. */
export const getManagedUsers = (window: Window, filters: ManagedUserFilters) =>
  http.get('/secure/users', ZManagedUsers, { params: { ...window, ...setFilters({ ...filters }) } });

export const managedUsersQueryOptions = (window: Window, filters: ManagedUserFilters) =>
  queryOptions({
    queryKey: accountsKeys.managedUsers.list(window, filters),
    queryFn: () => getManagedUsers(window, filters),
    placeholderData: keepPreviousData,
  });

export const useManagedUsers = (window: Window, filters: ManagedUserFilters) =>
  useQuery(managedUsersQueryOptions(window, filters));

/** GET the same users as Excel or PDF, saved as a download. */
export const exportManagedUsers = (format: 'xlsx' | 'pdf', filters: ManagedUserFilters) =>
  saveExport('/secure/users/export', format, setFilters({ ...filters }), 'users');

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
