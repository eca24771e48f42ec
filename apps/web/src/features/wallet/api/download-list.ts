import { ApiError } from '@/lib/http/api-error';
import { http, type RequestConfig } from '@/lib/http/client';

/** Downloads a list's export (the response is the file, not the envelope) and saves it. */
export async function downloadList(
  url: string,
  params: NonNullable<RequestConfig['params']>,
  fallbackName: string,
): Promise<void> {
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download(url, { params });
  } catch {
    throw new ApiError('The export could not be prepared. Please try again.', {
      statusCode: null,
      httpStatus: 0,
    });
  }
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = file.filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
