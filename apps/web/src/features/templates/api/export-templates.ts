import type { TExportFormat } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { saveFile } from '@/lib/http/save-file';
import { setFilters } from '@/lib/query-keys';
import type { TemplateListFilters } from './keys';

/** Downloads the filtered template list as Excel or PDF (the response is the file). */
export async function exportTemplates(format: TExportFormat, filters: TemplateListFilters): Promise<void> {
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download('/secure/templates/export', {
      params: { format, ...setFilters({ ...filters }) },
    });
  } catch {
    throw new ApiError('The export could not be prepared. Please try again.', {
      statusCode: null,
      httpStatus: 0,
    });
  }
  saveFile(file.blob, file.filename ?? `templates.${format}`);
}

export function useExportTemplates() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: TExportFormat; filters: TemplateListFilters }) =>
      exportTemplates(format, filters),
  });
}
