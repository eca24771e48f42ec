import { LIMITS, ZGeolocation } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { sharedKeys } from '@/lib/query-keys';

/** The caller's country and region from their IP, cached for an hour (spec sections 7 and 9). */
export const geolocationQueryOptions = queryOptions({
  queryKey: sharedKeys.geolocation,
  queryFn: () => http.get('/geolocation', ZGeolocation),
  staleTime: LIMITS.geolocationCacheMs,
  gcTime: LIMITS.geolocationCacheMs,
  retry: false,
});
