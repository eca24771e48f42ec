import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { createPacer } from './campaigns.pace.ts';

const PACE = 80;
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

/**
 * Three dispatchers (as on three workers) take sends for one WhatsApp number in turn, each send
 * taking 7 ms, on a clock that moves only when they send or wait: what each take granted, and when.
 */
async function simulate(seconds: number, startAt: number) {
  let clock = startAt;
  const take = createPacer({
    counters: createCounters(db.database.sql),
    pace: { rbm: 1000, maap: 1000, whatsapp: PACE },
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
  });
  const grants: { at: number; n: number }[] = [];
  while (clock < startAt + seconds * 1000) {
    for (let worker = 0; worker < 3; worker += 1) {
      const n = await take('whatsapp', `pn-${startAt}`, 20);
      grants.push({ at: clock, n });
      clock += 7 * n;
    }
  }
  return { grants, elapsed: clock - startAt };
}

describe('the campaign pacer', () => {
  it('when three dispatchers send for one number then no window of one second holds more than its pace, and the pace is used', async () => {
    // Starting 30 ms before a calendar second: a pacer that counts calendar seconds sends its pace
    // at the end of one and again at the start of the next.
    const { grants, elapsed } = await simulate(5, 1_800_000_000_970);
    let most = 0;
    for (const first of grants) {
      const inWindow = grants
        .filter((g) => g.at >= first.at && g.at < first.at + 1000)
        .reduce((sum, g) => sum + g.n, 0);
      most = Math.max(most, inWindow);
    }
    expect(most).toBeLessThanOrEqual(PACE);
    const total = grants.reduce((sum, g) => sum + g.n, 0);
    // Near the pace over the run (the window counted is 1.1 s; the first fills at once, the last is cut).
    expect(total / (elapsed / 1000)).toBeGreaterThan(PACE * 0.8);
    expect(total / (elapsed / 1000)).toBeLessThanOrEqual(PACE * 1.2);
  });
});
