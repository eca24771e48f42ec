import {
  type TListResult,
  type TRatePlan,
  type TRatePlanCreate,
  ZListResult,
  ZRatePlan,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { useAction } from './use-action';

const ZRatePlanList = ZListResult(ZRatePlan);
const RATE_PLANS_KEY = ['rate-plans'] as const;

export async function getRatePlans(params: {
  start: number;
  end: number;
  carrierId?: number | undefined;
}): Promise<TListResult<TRatePlan>> {
  const query = {
    start: params.start,
    end: params.end,
    ...(params.carrierId ? { carrier_id: params.carrierId } : {}),
  };
  return ZRatePlanList.parse(await http.get<unknown>('/secure/rate-plans', { params: query }));
}

export const ratePlansQueryOptions = (params: {
  start: number;
  end: number;
  carrierId?: number | undefined;
}) =>
  queryOptions({
    queryKey: [...RATE_PLANS_KEY, params.start, params.end, params.carrierId ?? 0],
    queryFn: () => getRatePlans(params),
    placeholderData: keepPreviousData,
  });

/** POST a new version of a carrier's plan (read-write platform admins). */
export async function createRatePlan(body: TRatePlanCreate): Promise<TRatePlan> {
  return ZRatePlan.parse(await http.post<unknown>('/secure/rate-plans', body));
}

export function useCreateRatePlan() {
  const client = useQueryClient();
  return useAction(createRatePlan, () => {
    void client.invalidateQueries({ queryKey: RATE_PLANS_KEY });
    void client.invalidateQueries({ queryKey: ['pricing'] });
  });
}
