import {
  type TCountry,
  type TListResult,
  type TLookupValue,
  ZCountry,
  ZListResult,
  ZLookupValue,
} from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** Countries for the address form (public reference data, one window of 0-500). */
export const accountCountriesQueryOptions = queryOptions({
  queryKey: ['reference', 'countries'],
  queryFn: async (): Promise<TListResult<TCountry>> =>
    ZListResult(ZCountry).parse(
      await http.get<unknown>('/reference/countries', { params: { start: 0, end: 500 } }),
    ),
  staleTime: 60 * 60_000,
});

/** Industry types (0-500, spec section 9). */
export const industryTypesQueryOptions = queryOptions({
  queryKey: ['reference', 'industry-types'],
  queryFn: async (): Promise<TListResult<TLookupValue>> =>
    ZListResult(ZLookupValue).parse(
      await http.get<unknown>('/reference/industry-types', { params: { start: 0, end: 500 } }),
    ),
  staleTime: 60 * 60_000,
});
