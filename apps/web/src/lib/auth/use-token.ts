import { useEffect, useState, useSyncExternalStore } from 'react';
import { readToken, subscribeToken } from './token';

const MAX_TIMER_MS = 2_147_000_000;

/** Whether a valid token exists now; re-renders when it is stored, cleared or expires. */
export function useHasValidToken(): boolean {
  const expiresAt = useSyncExternalStore(subscribeToken, () => readToken()?.expiresAt ?? 0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(remaining + 50, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  return expiresAt > Math.max(now, Date.now());
}
