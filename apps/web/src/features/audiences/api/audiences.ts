import {
  type AudienceSort,
  type AudienceStatus,
  type OptOutSort,
  type OptOutSource,
  type TExportFormat,
  ZAudience,
  ZAudienceList,
  ZNoData,
  ZOptOut,
  ZOptOutList,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { audienceKeys } from '@/lib/audiences/upload-audience';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';

// One scope with the shared upload (lib/audiences), so an upload refreshes these lists.
const keys = audienceKeys;

export interface ListWindow {
  start: number;
  end: number;
}
export interface AudienceFilters {
  search?: string | undefined;
  status?: AudienceStatus | undefined;
  sort?: AudienceSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}
export interface OptOutFilters {
  search?: string | undefined;
  source?: OptOutSource | undefined;
  sort?: OptOutSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

const audienceParams = (f: AudienceFilters) =>
  setFilters({ search: f.search, status: f.status, sort: f.sort, order: f.order });
const optOutParams = (f: OptOutFilters) =>
  setFilters({ search: f.search, source: f.source, sort: f.sort, order: f.order });

export const audiencesQueryOptions = (window: ListWindow, filters: AudienceFilters) =>
  queryOptions({
    queryKey: keys.key('list', window.start, window.end, audienceParams(filters)),
    queryFn: () =>
      http.get('/secure/audiences', ZAudienceList, { params: { ...window, ...audienceParams(filters) } }),
    placeholderData: keepPreviousData,
    // Live counts while a check runs.
    refetchInterval: (query) =>
      query.state.data?.items.some((a) => a.status === 'uploaded' || a.status === 'checking') ? 1000 : false,
  });

/** One audience; polled every second while its check runs (the live counts). */
export const audienceQueryOptions = (audienceId: string) =>
  queryOptions({
    queryKey: keys.key('audience', audienceId),
    queryFn: () => http.get(`/secure/audiences/${audienceId}`, ZAudience),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'uploaded' || status === 'checking' ? 1000 : false;
    },
  });

export const optOutsQueryOptions = (window: ListWindow, filters: OptOutFilters) =>
  queryOptions({
    queryKey: keys.key('opt-outs', window.start, window.end, optOutParams(filters)),
    queryFn: () =>
      http.get('/secure/opt-outs', ZOptOutList, { params: { ...window, ...optOutParams(filters) } }),
    placeholderData: keepPreviousData,
  });

/** Saves a file the API answers under the name it suggests. */
async function save(url: string, params: Record<string, string>, fallback: string) {
  const file = await http.download(url, { params });
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.filename ?? fallback;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function useExportAudiences() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: TExportFormat; filters: AudienceFilters }) =>
      save('/secure/audiences/export', { format, ...audienceParams(filters) }, `audiences.${format}`),
  });
}
export function useExportOptOuts() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: TExportFormat; filters: OptOutFilters }) =>
      save('/secure/opt-outs/export', { format, ...optOutParams(filters) }, `opt-outs.${format}`),
  });
}
export function useDownloadRefused() {
  return useMutation({
    mutationFn: ({ audienceId, format }: { audienceId: string; format: 'csv' | 'xlsx' }) =>
      save(`/secure/audiences/${audienceId}/refused-lines`, { format }, `refused-lines.${format}`),
  });
}

export function useDeleteAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (audienceId: string) => http.delete(`/secure/audiences/${audienceId}`, ZNoData),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useAddOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (msisdn: string) => http.post('/secure/opt-outs', { msisdn }, ZOptOut),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
export function useRemoveOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (msisdn: string) => http.delete(`/secure/opt-outs/${encodeURIComponent(msisdn)}`, ZNoData),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
