import { type TAnalyticsReport, ZAnalyticsReport } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { queryKeys } from '@/lib/query-keys';

/** Billing analytics (issue 29): one call answers the caller's view (own partner, network or platform). */
export const BILLING_ANALYTICS_URL = '/secure/analytics/billing';
const keys = queryKeys('billing-analytics');

/** The report of a view: range, zone and filters as the address holds them. */
export const billingAnalyticsOptions = (params: Readonly<Record<string, string>>) =>
  queryOptions<TAnalyticsReport>({
    queryKey: keys.key('report', params),
    queryFn: () => http.get(BILLING_ANALYTICS_URL, ZAnalyticsReport, { params: { ...params } }),
  });
