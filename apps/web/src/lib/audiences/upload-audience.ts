import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviousUpload, Upload } from 'tus-js-client';
import { API_BASE_URL, sessionHeaders } from '@/lib/http/client';
import { queryKeys } from '@/lib/query-keys';

/** The audiences' query scope: an upload refreshes every audience list (the audiences page's and a campaign form's). */
export const audienceKeys = queryKeys('audiences');

/** Where resumable audience uploads start (tus 1.0, decision 0040). */
export const AUDIENCE_UPLOADS_URL = `${API_BASE_URL}/secure/audiences/uploads`;
/** Each PATCH carries at most this much: a cut connection costs at most one part's progress. */
const CHUNK_BYTES = 5 * 1000 * 1000;
/** Waits before each retry of a failed request; then the upload stops and offers Resume. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'failed';
export interface UploadProgress {
  phase: UploadPhase;
  sent: number;
  total: number;
  error: string | null;
}
/** An upload this browser started and did not finish (kept by tus-js-client's URL storage). */
export interface UnfinishedUpload {
  fileName: string;
  size: number;
  startedAt: string;
  urlStorageKey: string;
  uploadUrl: string;
}

const IDLE: UploadProgress = { phase: 'idle', sent: 0, total: 0, error: null };
const loadTus = () => import('tus-js-client');

/** The API's envelope message in a failed tus answer, or a plain sentence. */
function failureMessage(error: unknown): string {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null })
    .originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not the envelope (the tus server's own short text): the status says enough
    }
    if (response.getStatus() === 404)
      return 'The unfinished upload is no longer on the server: start it again.';
  }
  return 'The upload stopped (the connection was lost). Press Resume to continue from where it stopped.';
}

/** The unfinished audience uploads this browser remembers, newest first. */
async function unfinishedUploads(): Promise<UnfinishedUpload[]> {
  const tus = await loadTus();
  const storage = tus.defaultOptions.urlStorage;
  // Without local storage (a private window, a non-browser build) nothing is remembered.
  if (!tus.canStoreURLs || typeof storage.findAllUploads !== 'function') return [];
  const all = await storage.findAllUploads().catch(() => []);
  return all
    .filter((u) => u.uploadUrl?.startsWith(`${AUDIENCE_UPLOADS_URL}/`) && u.size)
    .map((u) => ({
      fileName: u.metadata.filename ?? 'a file',
      size: u.size ?? 0,
      startedAt: u.creationTime,
      urlStorageKey: u.urlStorageKey,
      uploadUrl: u.uploadUrl ?? '',
    }))
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/**
 * A resumable audience upload (tus-js-client): progress in bytes, pause and resume, and a resume
 * after a reload (the upload's URL is remembered by the file's fingerprint: choosing the same file
 * again finds it). `onDone` gets the audience the finished upload became.
 */
export function useResumableUpload(onDone: (audienceId: string) => void) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress>(IDLE);
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  const current = useRef<Upload | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  const refreshUnfinished = useCallback(async () => {
    setUnfinished(await unfinishedUploads());
  }, []);
  useEffect(() => {
    void refreshUnfinished();
    // Leaving the page pauses the upload; its URL stays remembered for a later resume.
    return () => void current.current?.abort();
  }, [refreshUnfinished]);

  /** The remembered unfinished upload of this same file, if any. */
  const previousFor = useCallback(async (file: File): Promise<PreviousUpload | null> => {
    const tus = await loadTus();
    const upload = new tus.Upload(file, { endpoint: AUDIENCE_UPLOADS_URL });
    const previous = await upload.findPreviousUploads();
    return previous.find((p) => p.uploadUrl?.startsWith(`${AUDIENCE_UPLOADS_URL}/`)) ?? null;
  }, []);

  const start = useCallback(
    async (file: File, previous: PreviousUpload | null) => {
      const tus = await loadTus();
      setProgress({ phase: 'uploading', sent: 0, total: file.size, error: null });
      const upload = new tus.Upload(file, {
        endpoint: AUDIENCE_UPLOADS_URL,
        metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // The session's token may be renewed while a long upload runs: read it for each request.
        onBeforeRequest: (request) => {
          for (const [name, value] of Object.entries(sessionHeaders())) request.setHeader(name, value);
        },
        onShouldRetry: (error) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          return status === 0 || status === 409 || status === 423 || status >= 500;
        },
        onProgress: (sent, total) => setProgress({ phase: 'uploading', sent, total, error: null }),
        onSuccess: ({ lastResponse }) => {
          current.current = null;
          setProgress(IDLE);
          void queryClient.invalidateQueries({ queryKey: audienceKeys.all });
          void refreshUnfinished();
          const audienceId = lastResponse.getHeader('Audience-Id');
          if (audienceId) done.current(audienceId);
        },
        onError: (error) => {
          setProgress((p) => ({ ...p, phase: 'failed', error: failureMessage(error) }));
          void refreshUnfinished();
        },
      });
      if (previous) upload.resumeFromPreviousUpload(previous);
      current.current = upload;
      upload.start();
    },
    [queryClient, refreshUnfinished],
  );

  const pause = useCallback(async () => {
    await current.current?.abort();
    setProgress((p) => ({ ...p, phase: 'paused' }));
  }, []);

  const resume = useCallback(() => {
    if (!current.current) return;
    setProgress((p) => ({ ...p, phase: 'uploading', error: null }));
    current.current.start();
  }, []);

  /** Forgets an unfinished upload: the server deletes its bytes, this browser its URL. */
  const forget = useCallback(
    async (upload: UnfinishedUpload) => {
      const tus = await loadTus();
      await tus.Upload.terminate(upload.uploadUrl, { headers: sessionHeaders() }).catch(() => undefined);
      await tus.defaultOptions.urlStorage.removeUpload(upload.urlStorageKey);
      await refreshUnfinished();
    },
    [refreshUnfinished],
  );

  const reset = useCallback(() => {
    void current.current?.abort();
    current.current = null;
    setProgress(IDLE);
  }, []);

  return { progress, unfinished, previousFor, start, pause, resume, forget, reset };
}
