import type { Network } from '@portico/domain';
import type { Counters } from '../../platform/security/counters.ts';

/**
 * A second in this many slots. The pace holds in every window of one second, not only in calendar
 * seconds: counted per calendar second, a sender could send its pace at the end of one second and
 * again at the start of the next (twice the pace within one second).
 */
const SLOTS_PER_SECOND = 20;
const SLOT_MS = 1000 / SLOTS_PER_SECOND;

export interface PacerDeps {
  counters: Pick<Counters, 'add' | 'addAndSum'>;
  /** Messages per second per sender, by network (configuration). */
  pace: Readonly<Record<Network, number>>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Each sender's pace across every process, in slots of 50 ms kept in the shared counters: a take
 * is granted what its slot and the 20 before it leave of the pace. Those slots cover the second
 * before any moment of the slot, so no window of one second holds more than the pace; the cost is
 * a twentieth of it (the window counted is 1.05 s). What a take asked for and was not granted is
 * given back at once. Waits for the next slot while nothing is left.
 */
export function createPacer(deps: PacerDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** Takes up to `wanted` sends of the sender's pace now; waits while none is left. */
  return async function take(network: Network, sender: string, wanted: number): Promise<number> {
    const limit = deps.pace[network];
    const key = (slot: number) => `campaign-pace:${network}:${sender}:${slot}`;
    for (;;) {
      const t = now();
      const slot = Math.floor(t / SLOT_MS);
      const chunk = Math.min(wanted, limit);
      const earlier = Array.from({ length: SLOTS_PER_SECOND }, (_, i) => key(slot - 1 - i));
      // A slot's count lives a second and a slot past its end, while later slots' windows hold it.
      const ttl = (slot + 2) * SLOT_MS + 1000 - t;
      const hit = await deps.counters.addAndSum(key(slot), chunk, ttl, earlier, t);
      const granted = Math.max(0, Math.min(chunk, limit - hit.others - (hit.hits - chunk)));
      if (granted < chunk) await deps.counters.add(key(slot), granted - chunk, ttl, t);
      if (granted > 0) return granted;
      await sleep(Math.max(5, (slot + 1) * SLOT_MS - now()));
    }
  };
}
