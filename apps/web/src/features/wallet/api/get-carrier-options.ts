import { ZCarrier, ZListResult } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

const ZCarrierList = ZListResult(ZCarrier);

/** Every carrier (public reference data, up to 500) for the rate plan form's carrier choice. */
export const carrierOptionsQueryOptions = queryOptions({
  queryKey: ['wallet', 'carrier-options'],
  queryFn: async () =>
    ZCarrierList.parse(await http.get<unknown>('/reference/carriers', { params: { start: 0, end: 500 } })),
  staleTime: 10 * 60_000,
});
