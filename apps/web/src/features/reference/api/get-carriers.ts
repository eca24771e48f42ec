import { type TCarrier, type TListResult, ZCarrier, ZListResult } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

const ZCarrierList = ZListResult(ZCarrier);

export interface CarrierListParams {
  start: number;
  end: number;
  countryId?: string | undefined;
}

/** One window of carriers (public reference data), optionally for one country. */
export async function getCarriers({
  start,
  end,
  countryId,
}: CarrierListParams): Promise<TListResult<TCarrier>> {
  const params = { start, end, ...(countryId ? { country_id: countryId } : {}) };
  return ZCarrierList.parse(await http.get<unknown>('/reference/carriers', { params }));
}

export const carriersQueryOptions = (params: CarrierListParams) =>
  queryOptions({
    queryKey: ['reference', 'carriers', params.countryId ?? 'all', params.start, params.end],
    queryFn: () => getCarriers(params),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
