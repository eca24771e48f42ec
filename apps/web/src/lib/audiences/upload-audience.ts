import { ZAudience } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { queryKeys } from '@/lib/query-keys';

/** The audiences' query scope: an upload refreshes every audience list (the audiences page's and a campaign form's). */
export const audienceKeys = queryKeys('audiences');

/**
 * Uploads an audience file with its progress (0 to 1); the answer is the new audience, its check
 * started. Shared by the audiences page and the campaign form (features do not import each other).
 */
export function useUploadAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const body = new FormData();
      body.append('file', file);
      return http.upload('/secure/audiences', body, ZAudience, { onProgress });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: audienceKeys.all }),
  });
}
