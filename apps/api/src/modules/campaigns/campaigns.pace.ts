import type { Network } from '@portico/domain';
import type { Counters } from '../../platform/security/counters.ts';

/**
 * A second in this many slots. The pace holds in every window of one second, not only in calendar
 * seconds: counted per calendar second, a sender could send its pace at the end of one second and
 * again at the start of the next (twice the pace within one second).
 */
const SLOTS_PER_SECOND = 20;
const SLOT_MS = 1000 / SLOTS_PER_SECOND;
/**
 * The slots before a take's own that it counts: a second of them and one more, so sends that leave
 * up to a slot after their take (stored and sent together, on a busy machine) stay inside too.
 */
const EARLIER_SLOTS = SLOTS_PER_SECOND + 1;

export interface PacerDeps {
  counters: Pick<Counters, 'add' | 'addAndSum'>;
  /** Messages per second per sender, by network (configuration). */
  pace: Readonly<Record<Network, number>>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Each sender's pace across every process, in slots of 50 ms kept in the shared counters: a take
 * is granted what its slot and the 21 before it leave of the pace. Those slots cover the second
 * before any moment of the slot and a slot more, so no window of one second holds more than the
 * pace even when a take's sends leave a little late; the cost is a tenth of it (the window counted
 * is 1.1 s: 80/s sends about 73 a second). What a take asked for and was not granted is
 * given back at once, and a take is at most a slot's share (a twentieth of the pace), so the sends
 * of one take (sent together) stay within about one slot. Waits for the next slot while nothing is left.
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
      // At most a slot's share at a time: a take's sends go out together, so a larger one would
      // spread past its slot.
      const chunk = Math.min(wanted, Math.ceil(limit / SLOTS_PER_SECOND));
      const earlier = Array.from({ length: EARLIER_SLOTS }, (_, i) => key(slot - 1 - i));
      // A slot's count lives while later slots' windows hold it (and a slot more).
      const ttl = (slot + 2 + EARLIER_SLOTS) * SLOT_MS - t;
      const hit = await deps.counters.addAndSum(key(slot), chunk, ttl, earlier, t);
      const granted = Math.max(0, Math.min(chunk, limit - hit.others - (hit.hits - chunk)));
      if (granted < chunk) await deps.counters.add(key(slot), granted - chunk, ttl, t);
      if (granted > 0) return granted;
      await sleep(Math.max(5, (slot + 1) * SLOT_MS - now()));
    }
  };
}
