import type { TExportFormat } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type BotReviewFilters, type ReviewScope, reviewBase } from './keys';

/** Downloads the filtered review list (the tab on screen) as Excel or PDF. */
export async function exportBotReviews(
  scope: ReviewScope,
  format: TExportFormat,
  filters: BotReviewFilters,
): Promise<void> {
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download(`${reviewBase(scope)}/export`, {
      params: { format, ...setFilters({ ...filters }) },
    });
  } catch {
    throw new ApiError('The export could not be prepared. Please try again.', {
      statusCode: null,
      httpStatus: 0,
    });
  }
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `bot-reviews.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportBotReviews(scope: ReviewScope) {
  return useMutation({
    mutationFn: ({ format, filters }: { format: TExportFormat; filters: BotReviewFilters }) =>
      exportBotReviews(scope, format, filters),
  });
}
