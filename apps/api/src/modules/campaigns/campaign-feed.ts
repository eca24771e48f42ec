import type { TCampaignLive } from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelListener } from '../../platform/db/notifications.ts';

/**
 * The shortest gap between two reads of one campaign's counts in a process: a running campaign
 * notifies after every batch (several a second at full pace), so the notifications that come within
 * the gap are read together at its end.
 */
export const CAMPAIGN_FEED_GAP_MS = 500;

/** An open stream's delivery: the campaign's live part now (null: it is gone). */
type Deliver = (live: TCampaignLive | null) => void;

interface Group {
  members: Set<Deliver>;
  reading: boolean;
  again: boolean;
  lastRead: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * The campaign streams open in this process, grouped by campaign (as the bot console's, decision
 * 0039 and 0050): the process holds one LISTEN on the campaigns' channel; a notification naming a
 * campaign makes its group read the counts once (at most once per CAMPAIGN_FEED_GAP_MS) and hand
 * them to every stream open on it. Nothing is read while nothing happens, however many tabs watch.
 */
export function createCampaignFeeds(
  source: {
    /** Listens to the campaigns' change notifications (one LISTEN per process). */
    listenChanges(listener: ChannelListener): Promise<() => Promise<void>>;
    /** The campaign's live part now, null when it no longer exists. */
    liveOf(campaignId: string): Promise<TCampaignLive | null>;
  },
  log: Pick<FastifyBaseLogger, 'warn'>,
  gapMs = CAMPAIGN_FEED_GAP_MS,
) {
  const groups = new Map<string, Group>();
  let listening: Promise<() => Promise<void>> | null = null;

  async function read(campaignId: string, group: Group): Promise<void> {
    group.timer = null;
    group.reading = true;
    group.again = false;
    group.lastRead = Date.now();
    try {
      const live = await source.liveOf(campaignId);
      for (const deliver of group.members) deliver(live);
    } catch (error) {
      log.warn({ err: error, campaignId }, 'campaign counts read failed');
    } finally {
      group.reading = false;
      if (group.again) schedule(campaignId, group);
    }
  }

  function schedule(campaignId: string, group: Group): void {
    if (group.members.size === 0 || group.timer) return;
    if (group.reading) {
      group.again = true;
      return;
    }
    const wait = Math.max(0, group.lastRead + gapMs - Date.now());
    group.timer = setTimeout(() => void read(campaignId, group), wait);
  }

  const listener: ChannelListener = {
    notification(campaignId) {
      const group = groups.get(campaignId);
      if (group) schedule(campaignId, group);
    },
    // Notifications sent while the connection was lost are gone: every open campaign reads again.
    reconnected() {
      for (const [campaignId, group] of groups) schedule(campaignId, group);
    },
  };

  return {
    /**
     * Adds an open stream of the campaign: `deliver` gets its counts now, then each time they may
     * have changed. Returns the function that removes it.
     */
    async join(campaignId: string, deliver: Deliver): Promise<() => Promise<void>> {
      let group = groups.get(campaignId);
      if (!group) {
        group = { members: new Set(), reading: false, again: false, lastRead: 0, timer: null };
        groups.set(campaignId, group);
      }
      group.members.add(deliver);
      const joined = group;
      const leave = async () => {
        joined.members.delete(deliver);
        if (joined.members.size > 0 || groups.get(campaignId) !== joined) return;
        if (joined.timer) clearTimeout(joined.timer);
        groups.delete(campaignId);
        if (groups.size > 0 || !listening) return;
        const stop = listening;
        listening = null;
        await (await stop)();
      };
      try {
        listening ??= source.listenChanges(listener);
        await listening;
      } catch (error) {
        listening = null;
        await leave();
        throw error;
      }
      try {
        // What it shows first, read after the listening began (a change meanwhile is read again).
        deliver(await source.liveOf(campaignId));
      } catch (error) {
        await leave();
        throw error;
      }
      return leave;
    },
  };
}
export type CampaignFeeds = ReturnType<typeof createCampaignFeeds>;
