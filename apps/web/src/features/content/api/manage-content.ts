import { ZNoData } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { contentKeys } from './keys';

export type ContentKind = 'downloads' | 'faqs' | 'videos';
export type ContentChange =
  | { kind: ContentKind; change: 'publish' | 'unpublish' | 'delete'; id: number }
  | { kind: ContentKind; change: 'reorder'; ids: number[] };

/** Publish, unpublish, delete or reorder a download, FAQ or video (super and read-write admins). */
export function changeContent(change: ContentChange) {
  const base = `/secure/content/${change.kind}`;
  switch (change.change) {
    case 'reorder':
      return http.put(`${base}/order`, { ids: change.ids }, ZNoData);
    case 'delete':
      return http.delete(`${base}/${change.id}`, ZNoData);
    default:
      return http.post(`${base}/${change.id}/${change.change}`, undefined, ZNoData);
  }
}

export function useChangeContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeContent,
    onSettled: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
