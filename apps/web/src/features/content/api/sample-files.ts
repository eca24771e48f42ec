import { AUDIENCE_FILES, type AudienceFileKind, type SampleFileFormat } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { saveFile } from '@/lib/http/save-file';

/** GET the audience list sample or the personalised sample in the chosen extension (spec section 7). */
export async function downloadSampleFile(kind: AudienceFileKind, format: SampleFileFormat): Promise<void> {
  const file = await http.download(`/secure/content/sample-files/${kind}`, { params: { format } });
  saveFile(file.blob, file.filename ?? `${AUDIENCE_FILES[kind].fileName}.${format}`);
}

export const useDownloadSampleFile = () =>
  useMutation({
    mutationFn: ({ kind, format }: { kind: AudienceFileKind; format: SampleFileFormat }) =>
      downloadSampleFile(kind, format),
  });
