import { ZLaunchDraft } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { afterLaunchSaved } from './save-step';

/** The files of a launch: the LOA (a PDF, checked by content on the server), screenshots, a video. */
export type LaunchFileKind = 'loa' | 'screenshot' | 'video';

const UPLOAD_PATH: Record<LaunchFileKind, string> = { loa: 'loa', screenshot: 'screenshots', video: 'video' };

export interface UploadLaunchFile {
  botId: string;
  kind: LaunchFileKind;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST the file as the multipart field named after its kind; the answer is the saved draft. */
export function uploadLaunchFile({ botId, kind, file, onProgress }: UploadLaunchFile) {
  const body = new FormData();
  body.set(kind, file);
  return http.upload(`/secure/launches/${botId}/${UPLOAD_PATH[kind]}`, body, ZLaunchDraft, {
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useUploadLaunchFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadLaunchFile,
    onSuccess: (draft) => afterLaunchSaved(client, draft),
  });
}

/** DELETE the LOA, the video, or one screenshot by its index. */
export function deleteLaunchFile(input: { botId: string; kind: LaunchFileKind; index?: number }) {
  const path = input.kind === 'screenshot' ? `screenshots/${input.index ?? 0}` : UPLOAD_PATH[input.kind];
  return http.delete(`/secure/launches/${input.botId}/${path}`, ZLaunchDraft);
}

export function useDeleteLaunchFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLaunchFile,
    onSuccess: (draft) => afterLaunchSaved(client, draft),
  });
}
