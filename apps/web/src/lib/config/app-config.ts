import { DEFAULT_BRAND_NAME, ZAppConfig } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { sharedKeys } from '@/lib/query-keys';

/** Public runtime configuration: brand, identity provider and external links (ZAppConfig). */
export function getAppConfig() {
  return http.get('/app-config', ZAppConfig);
}

export const appConfigQueryOptions = queryOptions({
  queryKey: sharedKeys.appConfig,
  queryFn: getAppConfig,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}

/** The brand that replaces {brand}; the default until the configuration has loaded. */
export function useBrandName(): string {
  return useAppConfig().data?.brandName ?? DEFAULT_BRAND_NAME;
}
