import { isMessageStatus, type MessageStatus, type Network, nextMessageStatus } from '@portico/domain';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { networkEvents, networkMessages } from '../../platform/db/schema.ts';

export type NetworkMessageRow = typeof networkMessages.$inferSelect;
export type NetworkEventRow = typeof networkEvents.$inferSelect;
export type NewNetworkEvent = Omit<
  typeof networkEvents.$inferInsert,
  'eventId' | 'receivedAt' | 'appliedAt' | 'messageId'
>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * SQL for messages sent through the networks and the events the networks post back. Applying an
 * event to its message runs under a transaction-scoped advisory lock on (network, network id), so
 * a webhook and the send that learns the id (WhatsApp's wamid) cannot miss each other.
 */
export function createNetworkMessagesRepository(db: Db) {
  const lockKey = (tx: Tx, network: string, networkMessageId: string) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${network}|${networkMessageId}`}))`);

  /** Applies every pending status event for the message; returns the resulting status. */
  async function applyPending(tx: Tx, message: NetworkMessageRow): Promise<MessageStatus> {
    if (!message.networkMessageId) return message.status as MessageStatus;
    const pending = await tx
      .select()
      .from(networkEvents)
      .where(
        and(
          eq(networkEvents.network, message.network),
          eq(networkEvents.networkMessageId, message.networkMessageId),
          isNull(networkEvents.appliedAt),
        ),
      );
    let status = message.status as MessageStatus;
    let errorCode = message.errorCode;
    for (const event of pending) {
      if (event.kind === 'status' && isMessageStatus(event.status)) {
        const next = nextMessageStatus(status, event.status);
        if (next !== status && next === 'failed') errorCode = event.errorCode;
        status = next;
      }
    }
    if (pending.length > 0) {
      await tx
        .update(networkEvents)
        .set({ appliedAt: sql`now()`, messageId: message.messageId })
        .where(
          and(
            eq(networkEvents.network, message.network),
            eq(networkEvents.networkMessageId, message.networkMessageId),
            isNull(networkEvents.appliedAt),
          ),
        );
    }
    if (status !== message.status) {
      await tx
        .update(networkMessages)
        .set({ status, errorCode, updatedAt: sql`now()` })
        .where(eq(networkMessages.messageId, message.messageId));
    }
    return status;
  }

  return {
    async insertMessage(row: typeof networkMessages.$inferInsert): Promise<NetworkMessageRow> {
      const [created] = await db.insert(networkMessages).values(row).returning();
      if (!created) throw new Error('network message insert returned nothing');
      return created;
    },

    /** The network accepted the message: record its id and "sent", then apply events that came first. */
    async markAccepted(
      messageId: string,
      network: string,
      networkMessageId: string,
    ): Promise<NetworkMessageRow> {
      return db.transaction(async (tx) => {
        await lockKey(tx, network, networkMessageId);
        const [current] = await tx
          .select()
          .from(networkMessages)
          .where(eq(networkMessages.messageId, messageId))
          .for('update');
        if (!current) throw new Error(`network message ${messageId} vanished`);
        const status = nextMessageStatus(current.status as MessageStatus, 'sent');
        const [updated] = await tx
          .update(networkMessages)
          .set({ networkMessageId, status, updatedAt: sql`now()` })
          .where(eq(networkMessages.messageId, messageId))
          .returning();
        if (!updated) throw new Error(`network message ${messageId} vanished`);
        await applyPending(tx, updated);
        const [final] = await tx
          .select()
          .from(networkMessages)
          .where(eq(networkMessages.messageId, messageId));
        return final ?? updated;
      });
    },

    async markFailed(
      messageId: string,
      errorCode: string,
      errorMessage: string,
    ): Promise<NetworkMessageRow | undefined> {
      const [row] = await db
        .update(networkMessages)
        .set({ status: 'failed', errorCode, errorMessage, updatedAt: sql`now()` })
        .where(eq(networkMessages.messageId, messageId))
        .returning();
      return row;
    },

    /**
     * Stores the events (a redelivered one is stored once) and applies the new status events to
     * their messages when those exist. Returns how many were new.
     */
    async ingest(events: NewNetworkEvent[]): Promise<{ stored: number; applied: number }> {
      let stored = 0;
      let applied = 0;
      await db.transaction(async (tx) => {
        // All locks first, in one order, so two deliveries naming the same messages cannot deadlock.
        const keys = [
          ...new Set(events.filter((e) => e.networkMessageId).map((e) => `${e.networkMessageId}`)),
        ].sort();
        for (const key of keys) await lockKey(tx, events[0]?.network ?? '', key);
        for (const event of events) {
          const inserted = await tx
            .insert(networkEvents)
            .values(event)
            .onConflictDoNothing({ target: [networkEvents.network, networkEvents.dedupeKey] })
            .returning({ eventId: networkEvents.eventId });
          if (inserted.length === 0) continue;
          stored += 1;
          if (event.kind !== 'status' || !event.networkMessageId) continue;
          const [message] = await tx
            .select()
            .from(networkMessages)
            .where(
              and(
                eq(networkMessages.network, event.network),
                eq(networkMessages.networkMessageId, event.networkMessageId),
              ),
            )
            .for('update');
          if (!message) continue;
          await applyPending(tx, message);
          applied += 1;
        }
      });
      return { stored, applied };
    },

    async message(messageId: string): Promise<NetworkMessageRow | undefined> {
      const [row] = await db.select().from(networkMessages).where(eq(networkMessages.messageId, messageId));
      return row;
    },

    async listMessages(window: { start: number; end: number; network?: Network | undefined }) {
      const where = window.network ? eq(networkMessages.network, window.network) : undefined;
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(networkMessages)
          .where(where)
          .orderBy(desc(networkMessages.createdAt), desc(networkMessages.messageId))
          .offset(window.start)
          .limit(window.end - window.start),
        db.select({ n: count() }).from(networkMessages).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async listEvents(window: { start: number; end: number; network?: Network | undefined }) {
      const where = window.network ? eq(networkEvents.network, window.network) : undefined;
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(networkEvents)
          .where(where)
          .orderBy(desc(networkEvents.receivedAt), desc(networkEvents.eventId))
          .offset(window.start)
          .limit(window.end - window.start),
        db.select({ n: count() }).from(networkEvents).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type NetworkMessagesRepository = ReturnType<typeof createNetworkMessagesRepository>;
