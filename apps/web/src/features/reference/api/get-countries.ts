import { type TCountry, type TListResult, ZCountry, ZListResult } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

const ZCountryList = ZListResult(ZCountry);

/** All countries (public reference data), in one window of 0-500. */
export async function getCountries(): Promise<TListResult<TCountry>> {
  return ZCountryList.parse(
    await http.get<unknown>('/reference/countries', { params: { start: 0, end: 500 } }),
  );
}

export const countriesQueryOptions = queryOptions({
  queryKey: ['reference', 'countries'],
  queryFn: getCountries,
  staleTime: 60 * 60_000,
});
