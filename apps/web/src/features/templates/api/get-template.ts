import { ZTemplate, ZTemplateHistory, ZTemplateTestSummary } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { templateKeys } from './keys';

/**
 * One template with every version, newest first, and what the caller may do with it. While Meta
 * reviews a WhatsApp template (its decision arrives as a webhook), the page asks again every 3 s.
 */
export const templateQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: templateKeys.template(templateId),
    queryFn: () => http.get(`/secure/templates/${templateId}`, ZTemplate),
    refetchInterval: (query) => {
      const template = query.state.data;
      return template?.channel === 'whatsapp' && template.status.key === 'pending' ? 3000 : false;
    },
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
