import { describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/index.ts';
import { createLaunchSweep, type LaunchSweepDeps, type LaunchSweepRepository } from './bot-review.sweep.ts';

/** Launching carriers past the limit, oldest first, as the sweep's SQL pages them. */
function stuckCarriers(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    botId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    carrierId: 1,
    launchJobId: i % 2 === 0 ? `job-${i}` : null,
  }));
  const skips: number[] = [];
  const sweeps: LaunchSweepRepository = {
    async stuckLaunching(_before, skip = 0) {
      skips.push(skip);
      return rows.slice(skip, skip + 100);
    },
  };
  return { sweeps, skips };
}

describe('the sweep of stuck launches, page by page', () => {
  it('when more carriers than a page have a launch job alive then it pages on past them, asks pg-boss about each job once and moves none', async () => {
    const { sweeps, skips } = stuckCarriers(250);
    const asked: string[] = [];
    const sweep = createLaunchSweep({
      database: { transaction: (work: () => Promise<unknown>) => work() } as unknown as Database,
      // A carrier with no job would be locked and read again: none is, here (every odd one has none).
      repository: { lockBot: async () => undefined } as unknown as LaunchSweepDeps['repository'],
      sweeps,
      jobs: {
        async isAlive(queue: string, id: string) {
          expect(queue).toBe('bot-review.launch');
          asked.push(id);
          return true;
        },
      },
    } as unknown as LaunchSweepDeps);

    expect(await sweep.sweep()).toBe(0);
    expect(skips).toEqual([0, 100, 200]);
    expect(asked).toHaveLength(125);
    expect(new Set(asked).size).toBe(125);
  });
});
