import { LIMITS, type TGeolocation } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** GET geolocation: the caller's country and region, cached for 1 hour (spec sections 7 and 9). */
export const geolocationQueryOptions = queryOptions({
  queryKey: ['geolocation'],
  queryFn: () => http.get<TGeolocation>('/geolocation'),
  staleTime: LIMITS.geolocationCacheMs,
  gcTime: LIMITS.geolocationCacheMs,
  retry: false,
});
