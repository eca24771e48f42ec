import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/platform/db/index.ts';
import { openTestDatabase, type TestDatabase } from '../database.ts';

/**
 * The database's notifications (decision 0039): LISTEN/NOTIFY on PostgreSQL, PGlite's own. A
 * notification sent in a unit of work arrives when it commits and never when it fails; a process
 * holds one LISTEN per channel for all its listeners; a lost listening connection comes back and
 * says so (PostgreSQL).
 */

let test: TestDatabase;
let database: Database;
beforeAll(async () => {
  test = await openTestDatabase();
  database = test.database;
});
afterAll(() => test.close());

class Rollback extends Error {}

/** A listener that records what it hears and can wait for the next one. */
function recorder() {
  const heard: string[] = [];
  let reconnects = 0;
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  return {
    heard,
    reconnects: () => reconnects,
    listener: {
      notification(payload: string) {
        heard.push(payload);
        wake();
      },
      reconnected() {
        reconnects += 1;
        wake();
      },
    },
    /** Resolves once `done` holds (checked after each notification or reconnection). */
    async until(done: () => boolean) {
      while (!done()) await new Promise<void>((resolve) => waiting.add(resolve));
    },
  };
}

describe('database notifications', () => {
  it('when a unit of work notifies then listeners hear it once it commits, and never when it fails', async () => {
    const first = recorder();
    const second = recorder();
    const stopFirst = await database.listen('test_channel', first.listener);
    const stopSecond = await database.listen('test_channel', second.listener);

    await expect(
      database.transaction(async () => {
        await database.notify('test_channel', 'rolled back');
        throw new Rollback();
      }),
    ).rejects.toThrow(Rollback);
    await database.transaction(async () => {
      await database.notify('test_channel', 'committed');
      // Not before the commit: the unit of work is still open here.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(first.heard).toEqual([]);
    });
    await database.notify('test_channel', 'outside a unit');
    await first.until(() => first.heard.length >= 2);
    await second.until(() => second.heard.length >= 2);
    expect(first.heard).toEqual(['committed', 'outside a unit']);
    expect(second.heard).toEqual(['committed', 'outside a unit']);

    // The first listener leaves; the channel is still listened to for the second.
    await stopFirst();
    await database.notify('test_channel', 'after one left');
    await second.until(() => second.heard.length >= 3);
    expect(second.heard.at(-1)).toBe('after one left');
    expect(first.heard).toHaveLength(2);
    await stopSecond();
  });

  it('when a channel name is not a plain identifier then it is refused', async () => {
    await expect(database.notify('bad"; DROP', 'x')).rejects.toThrow(/channel/);
    await expect(database.listen('Bad Channel', { notification: () => {} })).rejects.toThrow(/channel/);
  });

  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'when the listening connection is lost then it comes back, listeners are told, and notifications arrive again',
    async () => {
      const heard = recorder();
      const stop = await database.listen('test_reconnect', heard.listener);
      const { rows } = await database.sql.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      expect(rows[0]?.n).toBe(1);
      await heard.until(() => heard.reconnects() === 1);
      await database.notify('test_reconnect', 'after the reconnection');
      await heard.until(() => heard.heard.length === 1);
      expect(heard.heard).toEqual(['after the reconnection']);
      await stop();
    },
  );
});
