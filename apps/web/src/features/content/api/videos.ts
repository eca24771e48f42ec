import { type TListResult, type TVideo, type TVideoFields, ZListResult, ZVideo } from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type ContentFilters, contentKeys, type ListWindow } from './keys';

const ZVideoList = ZListResult(ZVideo);

/** GET the videos, each with signed stream, poster and captions links. */
export const getVideos = (window: ListWindow, filters: ContentFilters): Promise<TListResult<TVideo>> =>
  http.get('/secure/content/videos', ZVideoList, { params: { ...window, ...setFilters({ ...filters }) } });

export const videosQueryOptions = (window: ListWindow, filters: ContentFilters) =>
  queryOptions({
    queryKey: contentKeys.videos(window, filters),
    queryFn: () => getVideos(window, filters),
    placeholderData: keepPreviousData,
  });

export const useVideos = (window: ListWindow, filters: ContentFilters) =>
  useQuery(videosQueryOptions(window, filters));

/** POST a new video: the media, optional poster and captions, and its fields. */
export function addVideo(input: TVideoFields & { video: File; poster: File | null; captions: File | null }) {
  const body = new FormData();
  body.set('title', input.title);
  body.set('description', input.description);
  body.set('duration_seconds', String(input.duration_seconds));
  body.set('published', String(input.published));
  body.set('video', input.video);
  if (input.poster) body.set('poster', input.poster);
  if (input.captions) body.set('captions', input.captions);
  return http.post('/secure/content/videos', body, ZVideo);
}

export function useAddVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addVideo,
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

/** PUT a video's fields (the media stays). */
export const updateVideo = ({ id, fields }: { id: number; fields: TVideoFields }) =>
  http.put(`/secure/content/videos/${id}`, fields, ZVideo);

export function useUpdateVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
