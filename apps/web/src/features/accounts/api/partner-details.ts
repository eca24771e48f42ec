import { type TPartnerDetails, USER_DETAILS_NOT_PRESENT } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';

/**
 * GET partner details for the profile page, under the header's query key so both share one cache
 * entry (same fetcher semantics: 'User details not present' is null, not an error).
 */
export const profileDetailsQueryOptions = queryOptions({
  queryKey: ['partner-details'],
  queryFn: async (): Promise<TPartnerDetails | null> => {
    try {
      return await http.get<TPartnerDetails>('/secure/partner-details');
    } catch (error) {
      if (error instanceof ApiError && error.message === USER_DETAILS_NOT_PRESENT) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export const useProfileDetails = () => useQuery(profileDetailsQueryOptions);
