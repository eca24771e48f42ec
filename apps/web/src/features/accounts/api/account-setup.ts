import {
  type TAccountTypeRequest,
  type TCompanyDetailsRequest,
  type TSetupUserDetailsRequest,
  ZAccountSetup,
  ZNoData,
} from '@portico/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** GET account setup: what the first-time flow has gathered so far. */
export const getAccountSetup = () => http.get('/secure/account-setup', ZAccountSetup);

export const accountSetupQueryOptions = queryOptions({
  queryKey: accountsKeys.setup(),
  queryFn: getAccountSetup,
});

export const useAccountSetup = () => useQuery(accountSetupQueryOptions);

/** A first-time step's mutation: saves, then refreshes the gathered state. */
function useSetupStep<T>(mutationFn: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKeys.setup() }),
  });
}

/** POST set up user details. */
export const useSetupUserDetails = () =>
  useSetupStep((body: TSetupUserDetailsRequest) => http.post('/secure/setup-user-details', body, ZNoData));

/** POST account type (developer or aggregator). */
export const useChooseAccountType = () =>
  useSetupStep((body: TAccountTypeRequest) => http.post('/secure/account-type', body, ZNoData));

/**
 * The calls that save an organisation's company details and address: the developer partner's own
 * (set up enterprise, Edit Profile), update carrier profile (ADMIN_BILLING), update admin profile
 * (SUPER_ADMIN). The body is the same; the server decides who may make each.
 */
export type OrganisationCall = 'update-company-details' | 'update-carrier-profile' | 'update-admin-profile';

/** POST one of the organisation calls (default: update company details). */
export const useUpdateCompanyDetails = (call: OrganisationCall = 'update-company-details') =>
  useSetupStep((body: TCompanyDetailsRequest) => http.post(`/secure/${call}`, body, ZNoData));

/**
 * POST complete setup: the review is confirmed. `onDone` runs first (it leaves the review page),
 * then every cached query (partner details, the set-up state) is refreshed; in this order the review
 * page never shows the refreshed "already set up" state in between.
 */
export const useCompleteSetup = (onDone: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post('/secure/complete-setup', undefined, ZNoData),
    onSuccess: async () => {
      onDone();
      await queryClient.invalidateQueries();
    },
  });
};
