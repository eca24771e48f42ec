import { buildUrl, type TReferenceToken } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** A short-lived reference token carried by the external analytics and firewall links. */
export function getReferenceToken(): Promise<TReferenceToken> {
  return http.get<TReferenceToken>('/secure/reference-token');
}

export const referenceTokenQueryOptions = queryOptions({
  queryKey: ['reference-token'],
  queryFn: getReferenceToken,
  staleTime: 0,
  gcTime: 0,
});

/** Fetched when an external link is about to be shown, so the link always carries a fresh token. */
export function useReferenceToken(enabled: boolean) {
  return useQuery({ ...referenceTokenQueryOptions, enabled });
}

/** The external URL with the token appended (URL-encoded) as `ref`. */
export function withReferenceToken(base: string, token: string): string {
  return buildUrl(base, { ref: token });
}
