/** Where a tab keeps the time it last reloaded for a stale build. */
const RELOADED_AT_KEY = 'portico.stale-build-reloaded-at';
/** A second failure within this time is left to the screen's error, not reloaded again. */
const RELOAD_GUARD_MS = 60_000;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener' | 'sessionStorage'> & {
  location: Pick<Location, 'reload'>;
};

/**
 * After a deploy the previous build's hashed chunks are gone, so a tab opened before it cannot load
 * a screen it has not loaded yet (Vite dispatches `vite:preloadError` on window for a failed
 * preload or screen import). The tab reloads once, at the same URL, and gets the new build; a
 * failure again within a minute (the server is down, not replaced) shows as the error it is.
 * Returns what removes the listener.
 */
export function reloadOnStaleBuild(target: Target = window, now: () => number = Date.now): () => void {
  const onPreloadError = () => {
    let last = 0;
    try {
      last = Number(target.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
      if (now() - last < RELOAD_GUARD_MS) return;
      target.sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
    } catch {
      // Storage refused (a privacy mode): reload without the guard's memory would risk a loop.
      return;
    }
    target.location.reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
