import { useSyncExternalStore } from 'react';

/** A large export the server renders in the background, as far as it has gone. */
export interface ExportInProgress {
  id: string;
  /** The file's name, once the server has said it. */
  fileName: string | null;
  done: number;
  total: number;
}

type Listener = (exports: readonly ExportInProgress[]) => void;

let current: readonly ExportInProgress[] = [];
const listeners = new Set<Listener>();

function publish(next: readonly ExportInProgress[]) {
  current = next;
  for (const listener of listeners) listener(next);
}

/** Where a background export stands (the download client reports each poll). */
export function reportExportProgress(progress: ExportInProgress): void {
  const others = current.filter((item) => item.id !== progress.id);
  publish([...others, progress]);
}

/** The export is saved or failed: it leaves the list. */
export function endExportProgress(id: string): void {
  if (current.some((item) => item.id === id)) publish(current.filter((item) => item.id !== id));
}

/** Calls `listener` with the exports under way each time they change; answers how to stop. */
export function watchExports(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The background exports under way, for the progress panel. */
export function useExportsInProgress(): readonly ExportInProgress[] {
  return useSyncExternalStore(watchExports, () => current);
}
