import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import type { BrandListFilters } from './keys';

export type ExportFormat = 'xlsx' | 'pdf';

/** Downloads the filtered brand list as Excel or PDF (the response is the file). */
export async function exportBrands(format: ExportFormat, filters: BrandListFilters): Promise<void> {
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download('/secure/brands/export', {
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
  link.download = file.filename ?? `brands.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportBrands() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: ExportFormat; filters: BrandListFilters }) =>
      exportBrands(format, filters),
  });
}
