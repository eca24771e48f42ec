import { AsyncLocalStorage } from 'node:async_hooks';

/** Runs a function outside any caller's async context (taken at load, where there is none). */
const detached = AsyncLocalStorage.snapshot();

/**
 * Groups concurrent calls into one: while a group runs, the calls that arrive wait and run together
 * in the next group. `run` answers one result per key, in order. Under load, many sends share one
 * statement; alone, a call runs at once. `run` runs outside the callers' async context, so a group
 * never joins one caller's unit of work (database.transaction): it commits on its own.
 */
export function grouped<K, R>(run: (keys: K[]) => Promise<R[]>): (key: K) => Promise<R> {
  type Waiter = { key: K; resolve: (result: R) => void; reject: (error: unknown) => void };
  let waiting: Waiter[] = [];
  let running = false;
  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      while (waiting.length > 0) {
        const group = waiting;
        waiting = [];
        try {
          const results = await run(group.map((w) => w.key));
          group.forEach((w, i) => {
            w.resolve(results[i] as R);
          });
        } catch (error) {
          for (const w of group) w.reject(error);
        }
      }
    } finally {
      running = false;
    }
  }
  return (key) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!running) detached(() => void drain());
    });
}
