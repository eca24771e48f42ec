import {
  deriveNavUser,
  deriveUserInfo,
  LIMITS,
  type LoadingState,
  type NavUser,
  type TPartnerDetails,
  USER_DETAILS_NOT_PRESENT,
  type UserInfo,
  ZPartnerDetails,
} from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHasValidToken } from '@/lib/auth/use-token';
import { ApiError, errorMessage } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { shouldRetry } from '@/lib/query-client';
import { sharedKeys } from '@/lib/query-keys';

/**
 * GET partner details (spec section 7). 'User details not present' is not an error: the account
 * has no partner details yet (null), which gives the bare header and the first-time flow.
 */
export async function getPartnerDetails(): Promise<TPartnerDetails | null> {
  try {
    return await http.get('/secure/partner-details', ZPartnerDetails);
  } catch (error) {
    if (error instanceof ApiError && error.message === USER_DETAILS_NOT_PRESENT) return null;
    throw error;
  }
}

/** The one definition of the query: the header, the guards, the pages and useCan all read it. */
export const partnerDetailsQueryOptions = queryOptions({
  queryKey: sharedKeys.partnerDetails,
  queryFn: getPartnerDetails,
  // The spec: "the query retries once" (never for an answer of the HTTP error class).
  retry: shouldRetry(LIMITS.partnerDetailsRetry),
  staleTime: 5 * 60_000,
});

export interface PartnerDetailsState {
  /** idle (signed out), loading, success or error (spec section 4). */
  status: LoadingState;
  details: TPartnerDetails | null;
  userInfo: UserInfo | null;
  navUser: NavUser | null;
  /** The error's message when status is error. */
  error: string | null;
  refetch: () => void;
}

/** The signed-in user's partner details and what the spec derives from them; idle when signed out. */
export function usePartnerDetails(): PartnerDetailsState {
  const signedIn = useHasValidToken();
  const query = useQuery({ ...partnerDetailsQueryOptions, enabled: signedIn });
  const { data, error, refetch } = query;

  const status: LoadingState = !signedIn
    ? 'idle'
    : query.status === 'pending'
      ? 'loading'
      : query.status === 'error'
        ? 'error'
        : 'success';

  return useMemo(() => {
    const details = signedIn ? (data ?? null) : null;
    return {
      status,
      details,
      userInfo: details ? deriveUserInfo(details) : null,
      navUser: details ? deriveNavUser(details) : null,
      error: status === 'error' ? errorMessage(error) : null,
      refetch: () => {
        void refetch();
      },
    };
  }, [signedIn, data, error, status, refetch]);
}

/**
 * The signed-in carrier user's own network, by name ("Reliance Jio"), for the carrier's pages;
 * "your network" until the details are read or for anyone else.
 */
export function useOwnNetworkName(): string {
  return usePartnerDetails().details?.carrier_name || 'your network';
}
