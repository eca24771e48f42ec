import { DEFAULT_BRAND_NAME, type TAppConfig } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** Public runtime configuration: brand, identity provider and external links (ZAppConfig). */
export function getAppConfig(): Promise<TAppConfig> {
  return http.get<TAppConfig>('/app-config');
}

export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
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
