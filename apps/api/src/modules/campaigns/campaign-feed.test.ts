import type { TCampaignLive } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import type { ChannelListener } from '../../platform/db/notifications.ts';
import { createCampaignFeeds } from './campaign-feed.ts';

/**
 * The feed's fan-out without a database: one LISTEN for every stream of the process, one read per
 * campaign and change (notifications within the gap read together), nothing read while nothing moves.
 */
function fakeSource() {
  const listeners: ChannelListener[] = [];
  const reads: string[] = [];
  let unlistened = 0;
  return {
    listeners,
    reads,
    unlistened: () => unlistened,
    async listenChanges(listener: ChannelListener) {
      listeners.push(listener);
      return async () => {
        unlistened += 1;
      };
    },
    async liveOf(campaignId: string) {
      reads.push(campaignId);
      return { campaign_id: campaignId, status: 'r' } as TCampaignLive;
    },
  };
}
const log = { warn: () => undefined };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('campaign feeds', () => {
  it('when three streams watch one campaign and it changes five times at once then it is read once for all of them', async () => {
    const source = fakeSource();
    const feeds = createCampaignFeeds(source, log, 50);
    const seen: number[] = [0, 0, 0];
    const leaves = await Promise.all(
      seen.map((_, i) =>
        feeds.join('a', () => {
          seen[i] = (seen[i] ?? 0) + 1;
        }),
      ),
    );
    expect(source.listeners).toHaveLength(1);
    // Each stream read what it shows first.
    expect(source.reads).toEqual(['a', 'a', 'a']);
    source.reads.length = 0;

    await wait(80);
    expect(source.reads).toEqual([]);
    for (let n = 0; n < 5; n += 1) source.listeners[0]?.notification('a');
    source.listeners[0]?.notification('b');
    await wait(120);
    expect(source.reads).toEqual(['a']);
    expect(seen).toEqual([2, 2, 2]);

    for (const leave of leaves) await leave();
    expect(source.unlistened()).toBe(1);
    source.listeners[0]?.notification('a');
    await wait(80);
    expect(source.reads).toEqual(['a']);
  });

  it('when the listening connection comes back then every open campaign is read again', async () => {
    const source = fakeSource();
    const feeds = createCampaignFeeds(source, log, 10);
    await feeds.join('a', () => undefined);
    await feeds.join('b', () => undefined);
    source.reads.length = 0;
    source.listeners[0]?.reconnected?.();
    await wait(40);
    expect(source.reads.sort()).toEqual(['a', 'b']);
  });
});
