import { buildUrl, ZReferenceToken } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { sharedKeys } from '@/lib/query-keys';

/** A short-lived reference token carried by the external analytics and firewall links. */
export const referenceTokenQueryOptions = queryOptions({
  queryKey: sharedKeys.referenceToken,
  queryFn: () => http.get('/secure/reference-token', ZReferenceToken),
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
