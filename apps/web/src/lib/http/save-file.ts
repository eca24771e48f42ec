import { http } from './client';

/** Hands a fetched file to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A list's Excel or PDF export: GET `path` with the list's filters and `format`, saved under the
 * name the server gives (or `<fallback>.<format>`).
 */
export async function saveExport(
  path: string,
  format: 'xlsx' | 'pdf',
  filters: Readonly<Record<string, string>>,
  fallback: string,
): Promise<void> {
  const file = await http.download(path, { params: { format, ...filters } });
  saveFile(file.blob, file.filename ?? `${fallback}.${format}`);
}
