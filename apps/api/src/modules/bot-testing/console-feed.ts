import type { FastifyBaseLogger } from 'fastify';
import type { ConsoleLineRow, TestDeviceRow } from './bot-testing.repository.ts';
import type { BotTestingService } from './bot-testing.service.ts';

/** Where a console has read up to: lines after `seq`, and receipts after `since`. */
export interface ConsoleCursor {
  seq: number;
  since: Date;
}

/** What one open console is told: its new lines and receipts, the device when it changed (null: removed). */
export interface ConsoleUpdate {
  device?: TestDeviceRow | null;
  lines: ConsoleLineRow[];
}

interface Member {
  cursor: ConsoleCursor;
  /** The device's updated_at this console last showed. */
  deviceAt: number;
  deliver(update: ConsoleUpdate): void;
}

interface Group {
  device: TestDeviceRow;
  members: Set<Member>;
  reading: boolean;
  again: boolean;
  stopWatching: Promise<() => Promise<void>>;
}

/**
 * The consoles open in this process, grouped by device (decision 0039): when the device's console
 * may have changed (a notification from any instance), the group reads the changes once, from the
 * earliest cursor of its consoles, and hands each console what is new to it. However many tabs show
 * one device, a change costs one read per instance.
 */
export function createConsoleFeeds(
  service: Pick<BotTestingService, 'changes' | 'watch'>,
  log: FastifyBaseLogger,
) {
  const groups = new Map<string, Group>();

  async function read(group: Group): Promise<void> {
    if (group.reading) {
      group.again = true;
      return;
    }
    group.reading = true;
    try {
      do {
        group.again = false;
        const members = [...group.members];
        if (members.length === 0) return;
        const from = {
          seq: Math.min(...members.map((m) => m.cursor.seq)),
          since: new Date(Math.min(...members.map((m) => m.cursor.since.getTime()))),
        };
        // Receipts are looked for since the start of this read (a change during it is seen again).
        const now = new Date();
        const changes = await service.changes(group.device, from);
        if (!changes.device) {
          for (const member of group.members) member.deliver({ device: null, lines: [] });
          return;
        }
        group.device = changes.device;
        const deviceAt = changes.device.updatedAt.getTime();
        for (const member of group.members) {
          const { seq, since } = member.cursor;
          const lines = changes.lines.filter(
            (l) => l.seq > seq || (l.updatedAt !== null && l.updatedAt > since),
          );
          const device = member.deviceAt !== deviceAt ? changes.device : undefined;
          if (lines.length > 0 || device) member.deliver({ ...(device ? { device } : {}), lines });
          member.cursor = { seq: lines.reduce((max, l) => Math.max(max, l.seq), seq), since: now };
          member.deviceAt = deviceAt;
        }
      } while (group.again);
    } catch (error) {
      log.warn({ err: error }, 'bot console read failed');
    } finally {
      group.reading = false;
    }
  }

  return {
    /**
     * Adds an open console of the device, which has read up to `cursor`; `deliver` is called with
     * what is new to it, first with what changed since the cursor. Returns the function that removes it.
     */
    async join(
      device: TestDeviceRow,
      cursor: ConsoleCursor,
      deliver: (update: ConsoleUpdate) => void,
    ): Promise<() => Promise<void>> {
      let group = groups.get(device.deviceId);
      if (!group) {
        const created: Group = {
          device,
          members: new Set(),
          reading: false,
          again: false,
          stopWatching: service.watch(device.deviceId, () => void read(created)),
        };
        group = created;
        groups.set(device.deviceId, group);
      }
      const member: Member = { cursor, deviceAt: device.updatedAt.getTime(), deliver };
      group.members.add(member);
      const joined = group;
      try {
        await joined.stopWatching;
      } catch (error) {
        joined.members.delete(member);
        if (groups.get(device.deviceId) === joined) groups.delete(device.deviceId);
        throw error;
      }
      // What changed between the console's first read and the listening.
      await read(joined);
      return async () => {
        joined.members.delete(member);
        if (joined.members.size > 0 || groups.get(device.deviceId) !== joined) return;
        groups.delete(device.deviceId);
        await (await joined.stopWatching)();
      };
    },
  };
}
export type ConsoleFeeds = ReturnType<typeof createConsoleFeeds>;
