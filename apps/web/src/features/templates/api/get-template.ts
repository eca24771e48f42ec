import { ZTemplate, ZTemplateHistory, ZTemplateTestSummary } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { templateKeys } from './keys';

/** One template with every version, newest first, and what the caller may do with it. */
export const templateQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: templateKeys.template(templateId),
    queryFn: () => http.get(`/secure/templates/${templateId}`, ZTemplate),
  });

export const templateHistoryQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: templateKeys.history(templateId),
    queryFn: () =>
      http.get(`/secure/templates/${templateId}/history`, ZTemplateHistory, {
        params: { start: 0, end: 50 },
      }),
  });

/**
 * The test summary per device (sent, delivered, read, failed, taps). The handsets answer within
 * seconds, so while a run has a device still waiting the summary is asked again every 2 s.
 */
export const testSummaryQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: templateKeys.testSummary(templateId),
    queryFn: () => http.get(`/secure/templates/${templateId}/test-summary`, ZTemplateTestSummary),
    refetchInterval: (query) => {
      const latest = query.state.data?.runs[0];
      const waiting = latest?.results.some((r) => !r.failed && !r.read);
      return waiting ? 2000 : false;
    },
  });
