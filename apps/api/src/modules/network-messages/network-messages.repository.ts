import type { Network } from '@portico/domain';
import { and, asc, count, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { networkEvents, networkMessages } from './network-messages.schema.ts';

export type NetworkMessageRow = typeof networkMessages.$inferSelect;
export type NetworkEventRow = typeof networkEvents.$inferSelect;
export type NewNetworkEvent = Omit<
  typeof networkEvents.$inferInsert,
  'eventId' | 'receivedAt' | 'appliedAt' | 'messageId'
>;

/**
 * SQL for messages sent through the networks and the events the networks post back (the rules that
 * apply events to messages are the services'; they call these inside one unit of work).
 */
export function createNetworkMessagesRepository(db: Db) {
  return {
    async insertMessage(row: typeof networkMessages.$inferInsert): Promise<NetworkMessageRow> {
      const [created] = await db.insert(networkMessages).values(row).returning();
      if (!created) throw new Error('network message insert returned nothing');
      return created;
    },

    /**
     * A transaction-scoped advisory lock on (network, network id): a webhook and the send that learns
     * the id (WhatsApp's wamid) cannot miss each other.
     */
    async lockNetworkId(network: string, networkMessageId: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${network}|${networkMessageId}`}))`);
    },

    async messageForUpdate(messageId: string): Promise<NetworkMessageRow | undefined> {
      const [row] = await db
        .select()
        .from(networkMessages)
        .where(eq(networkMessages.messageId, messageId))
        .for('update');
      return row;
    },

    async messageByNetworkIdForUpdate(
      network: string,
      networkMessageId: string,
    ): Promise<NetworkMessageRow | undefined> {
      const [row] = await db
        .select()
        .from(networkMessages)
        .where(
          and(eq(networkMessages.network, network), eq(networkMessages.networkMessageId, networkMessageId)),
        )
        .for('update');
      return row;
    },

    async updateMessage(
      messageId: string,
      fields: Partial<Pick<NetworkMessageRow, 'status' | 'errorCode' | 'errorMessage' | 'networkMessageId'>>,
    ): Promise<NetworkMessageRow | undefined> {
      const [row] = await db
        .update(networkMessages)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(networkMessages.messageId, messageId))
        .returning();
      return row;
    },

    /** The events of a network id not yet applied to its message, oldest first. */
    /** Stored events whose dedupe key starts with a prefix (account-level events of one object), oldest first. */
    async eventsByKeyPrefix(network: string, prefix: string): Promise<NetworkEventRow[]> {
      return db
        .select()
        .from(networkEvents)
        .where(
          and(
            eq(networkEvents.network, network),
            like(networkEvents.dedupeKey, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ),
        )
        .orderBy(asc(networkEvents.occurredAt), asc(networkEvents.receivedAt));
    },

    async pendingEvents(network: string, networkMessageId: string): Promise<NetworkEventRow[]> {
      return db
        .select()
        .from(networkEvents)
        .where(
          and(
            eq(networkEvents.network, network),
            eq(networkEvents.networkMessageId, networkMessageId),
            isNull(networkEvents.appliedAt),
          ),
        )
        .orderBy(asc(networkEvents.receivedAt), asc(networkEvents.eventId));
    },

    async markEventsApplied(network: string, networkMessageId: string, messageId: string): Promise<void> {
      await db
        .update(networkEvents)
        .set({ appliedAt: sql`now()`, messageId })
        .where(
          and(
            eq(networkEvents.network, network),
            eq(networkEvents.networkMessageId, networkMessageId),
            isNull(networkEvents.appliedAt),
          ),
        );
    },

    /** Stores the event unless it was stored before: its id, or null for a redelivery. */
    async insertEventOnce(event: NewNetworkEvent): Promise<string | null> {
      const [inserted] = await db
        .insert(networkEvents)
        .values(event)
        .onConflictDoNothing({ target: [networkEvents.network, networkEvents.dedupeKey] })
        .returning({ eventId: networkEvents.eventId });
      return inserted?.eventId ?? null;
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
