import {
  type TDownload,
  type TDownloadFields,
  type TListResult,
  ZDownload,
  ZListResult,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { saveFile } from '@/lib/http/save-file';
import { setFilters } from '@/lib/query-keys';
import { type ContentFilters, contentKeys, type ListWindow } from './keys';

const ZDownloadList = ZListResult(ZDownload);

/** GET one window of the downloads (by category and position). */
export const getDownloads = (window: ListWindow, filters: ContentFilters): Promise<TListResult<TDownload>> =>
  http.get('/secure/content/downloads', ZDownloadList, {
    params: { ...window, ...setFilters({ ...filters }) },
  });

export const downloadsQueryOptions = (window: ListWindow, filters: ContentFilters) =>
  queryOptions({
    queryKey: contentKeys.downloads(window, filters),
    queryFn: () => getDownloads(window, filters),
    placeholderData: keepPreviousData,
  });

export const useDownloads = (window: ListWindow, filters: ContentFilters) =>
  useQuery(downloadsQueryOptions(window, filters));

/** Saves a download's file (the API answers the file itself, with the token). */
export async function downloadFile(item: TDownload): Promise<void> {
  const file = await http.download(item.url.replace(/^\/api\/v1/, ''));
  saveFile(file.blob, file.filename ?? item.file_name);
}

export const useDownloadFile = () => useMutation({ mutationFn: downloadFile });

/** POST a new download: the file and its fields as multipart/form-data. */
export function addDownload(input: TDownloadFields & { file: File }) {
  const body = new FormData();
  body.set('category', input.category);
  body.set('name', input.name);
  body.set('description', input.description);
  body.set('published', String(input.published));
  body.set('file', input.file);
  return http.post('/secure/content/downloads', body, ZDownload);
}

export function useAddDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addDownload,
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/** PUT a download's fields (the file stays). */
export const updateDownload = ({ id, fields }: { id: number; fields: TDownloadFields }) =>
  http.put(`/secure/content/downloads/${id}`, fields, ZDownload);

export function useUpdateDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDownload,
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
