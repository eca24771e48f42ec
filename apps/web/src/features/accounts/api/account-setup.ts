import type {
  TAccountSetup,
  TAccountTypeRequest,
  TCompanyDetailsRequest,
  TSetupUserDetailsRequest,
} from '@portico/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

export const ACCOUNT_SETUP_QUERY_KEY = ['account-setup'] as const;

/** GET account setup: what the first-time flow has gathered so far. */
export const getAccountSetup = () => http.get<TAccountSetup>('/secure/account-setup');

export const accountSetupQueryOptions = queryOptions({
  queryKey: ACCOUNT_SETUP_QUERY_KEY,
  queryFn: getAccountSetup,
});

export const useAccountSetup = () => useQuery(accountSetupQueryOptions);

/** A first-time step's mutation: saves, then refreshes the gathered state. */
function useSetupStep<T>(mutationFn: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_SETUP_QUERY_KEY }),
  });
}

/** POST set up user details. */
export const useSetupUserDetails = () =>
  useSetupStep((body: TSetupUserDetailsRequest) => http.post<null>('/secure/setup-user-details', body));

/** POST account type (developer or aggregator). */
export const useChooseAccountType = () =>
  useSetupStep((body: TAccountTypeRequest) => http.post<null>('/secure/account-type', body));

/**
 * The calls that save an organisation's company details and address: the developer partner's own
 * (set up enterprise, Edit Profile), update carrier profile (ADMIN_BILLING), update admin profile
 * (SUPER_ADMIN). The body is the same; the server decides who may make each.
 */
export type OrganisationCall = 'update-company-details' | 'update-carrier-profile' | 'update-admin-profile';

/** POST one of the organisation calls (default: update company details). */
export const useUpdateCompanyDetails = (call: OrganisationCall = 'update-company-details') =>
  useSetupStep((body: TCompanyDetailsRequest) => http.post<null>(`/secure/${call}`, body));

/**
 * POST complete setup: the review is confirmed. `onDone` runs first (it leaves the review page),
 * then every cached query (partner details, the set-up state) is refreshed; in this order the review
 * page never shows the refreshed "already set up" state in between.
 */
export const useCompleteSetup = (onDone: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<null>('/secure/complete-setup'),
    onSuccess: async () => {
      onDone();
      await queryClient.invalidateQueries();
    },
  });
};
