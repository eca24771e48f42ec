import {
  type TListResult,
  type TPressRelease,
  type TPressReleaseInput,
  ZListResult,
  ZNoData,
  ZPressRelease,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { saveExport } from '@/lib/http/save-file';
import { setFilters } from '@/lib/query-keys';
import { contentKeys, type ListWindow, type PressReleaseFilters } from './keys';

const ZPressReleaseList = ZListResult(ZPressRelease);

/** The marketing admin's list: drafts and published, searched, filtered and sorted. */
export const getPressReleases = (
  window: ListWindow,
  filters: PressReleaseFilters,
): Promise<TListResult<TPressRelease>> =>
  http.get('/secure/press-releases', ZPressReleaseList, {
    params: { ...window, ...setFilters({ ...filters }) },
  });

/** GET the same press releases as Excel or PDF, saved as a download. */
export const exportPressReleases = (format: 'xlsx' | 'pdf', filters: PressReleaseFilters) =>
  saveExport('/secure/press-releases/export', format, setFilters({ ...filters }), 'press-releases');

export const usePressReleases = (window: ListWindow, filters: PressReleaseFilters) =>
  useQuery(
    queryOptions({
      queryKey: contentKeys.pressReleases.list(window, filters),
      queryFn: () => getPressReleases(window, filters),
      placeholderData: keepPreviousData,
    }),
  );

/** Published releases, for anyone (no token needed). */
export const getPublicPressReleases = (window: ListWindow) =>
  http.get('/press-releases', ZPressReleaseList, { params: { ...window } });
export const usePublicPressReleases = (window: ListWindow) =>
  useQuery({
    queryKey: contentKeys.pressReleases.publicList(window),
    queryFn: () => getPublicPressReleases(window),
  });

export const getPublicPressRelease = (id: number) => http.get(`/press-releases/${id}`, ZPressRelease);
export const usePublicPressRelease = (id: number) =>
  useQuery({ queryKey: contentKeys.pressReleases.publicOne(id), queryFn: () => getPublicPressRelease(id) });

export type PressReleaseChange =
  | { change: 'save'; id: number | null; input: TPressReleaseInput }
  | { change: 'submit' | 'unpublish' | 'delete'; id: number }
  | { change: 'image'; id: number; image: File };

/** Save (create or update), submit (publish), unpublish, delete, or set the image of a press release. */
export function changePressRelease(change: PressReleaseChange): Promise<TPressRelease | null> {
  switch (change.change) {
    case 'save':
      return change.id === null
        ? http.post('/secure/press-releases', change.input, ZPressRelease)
        : http.put(`/secure/press-releases/${change.id}`, change.input, ZPressRelease);
    case 'image': {
      const body = new FormData();
      body.set('image', change.image);
      return http.post(`/secure/press-releases/${change.id}/image`, body, ZPressRelease);
    }
    case 'delete':
      return http.delete(`/secure/press-releases/${change.id}`, ZNoData);
    default:
      return http.post(`/secure/press-releases/${change.id}/${change.change}`, undefined, ZPressRelease);
  }
}

export function useChangePressRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePressRelease,
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
