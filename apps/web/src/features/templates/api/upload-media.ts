import { type TTemplateMediaUpload, ZTemplateMediaUpload } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** Uploads a card's or header's media; the server checks its content and the network's size limit. */
export function uploadTemplateMedia(input: {
  channel: 'rcs' | 'whatsapp';
  file: File;
}): Promise<TTemplateMediaUpload> {
  const body = new FormData();
  body.append('channel', input.channel);
  body.append('file', input.file);
  return http.post('/secure/templates/media', body, ZTemplateMediaUpload);
}

export function useUploadTemplateMedia() {
  return useMutation({ mutationFn: uploadTemplateMedia });
}
