import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Who hears a channel's notifications in this process. */
export interface ChannelListener {
  /** A notification's payload, after the transaction that sent it committed. */
  notification(payload: string): void;
  /** The listening connection was lost and is back: notifications sent meanwhile were missed. */
  reconnected?(): void;
}

/** Listening to the database's notifications (PostgreSQL LISTEN/NOTIFY; PGlite's own). */
export interface Notifications {
  /**
   * Calls `listener` for every notification on `channel` until the returned function is called.
   * The process holds one LISTEN per channel however many listeners it has (decision 0039).
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Not a notification channel name: ${channel}`);
}

/** The listeners of each channel in this process, and what to do when a channel gains or loses its last one. */
function fanOut(hooks: { first(channel: string): Promise<void>; last(channel: string): Promise<void> }) {
  const channels = new Map<string, Set<ChannelListener>>();
  return {
    channels,
    deliver(channel: string, payload: string) {
      for (const listener of channels.get(channel) ?? []) listener.notification(payload);
    },
    reconnected() {
      for (const listeners of channels.values()) for (const listener of listeners) listener.reconnected?.();
    },
    async listen(channel: string, listener: ChannelListener) {
      assertChannel(channel);
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
        try {
          await hooks.first(channel);
        } catch (error) {
          channels.delete(channel);
          throw error;
        }
      }
      listeners.add(listener);
      return async () => {
        const current = channels.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        channels.delete(channel);
        await hooks.last(channel);
      };
    },
  };
}

/** PGlite: one database in this process; its own listen/notify. */
export function pgliteNotifications(lite: PGlite): Notifications {
  const unlisten = new Map<string, () => Promise<void>>();
  const hub = fanOut({
    async first(channel) {
      unlisten.set(channel, await lite.listen(channel, (payload) => hub.deliver(channel, payload)));
    },
    async last(channel) {
      await unlisten.get(channel)?.();
      unlisten.delete(channel);
    },
  });
  return {
    listen: hub.listen,
    async close() {
      for (const stop of unlisten.values()) await stop().catch(() => undefined);
      unlisten.clear();
      hub.channels.clear();
    },
  };
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL: one connection of its own per process, opened on the first listen, holding a LISTEN for
 * every channel someone in the process listens to. A lost connection is opened again (with a growing
 * pause) and every listener told, since notifications sent meanwhile are gone.
 */
export function postgresNotifications(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Notifications {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = RECONNECT_FIRST_MS;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const quoted = (channel: string) => `"${channel}"`;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => hub.deliver(message.channel, message.payload ?? ''));
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next, null));
      await next.connect();
      for (const channel of hub.channels.keys()) await next.query(`LISTEN ${quoted(channel)}`);
      client = next;
      retryMs = RECONNECT_FIRST_MS;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const lost = (which: pg.Client, error: unknown) => {
    if (client !== which) return;
    client = null;
    if (error) onError(error);
    which.removeAllListeners('notification');
    void which.end().catch(() => undefined);
    if (closed || hub.channels.size === 0) return;
    const again = () => {
      retry = null;
      if (closed) return;
      connect().then(
        () => hub.reconnected(),
        (failure: unknown) => {
          onError(failure);
          retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
          retry = setTimeout(again, retryMs);
        },
      );
    };
    retry = setTimeout(again, retryMs);
  };

  const hub = fanOut({
    async first(channel) {
      // LISTEN again on a connection just opened is harmless (it listened to the channels it knew).
      const current = client ?? (await connect());
      await current.query(`LISTEN ${quoted(channel)}`);
    },
    async last(channel) {
      await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined);
    },
  });

  return {
    listen: hub.listen,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      hub.channels.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
