import type { Network } from '@portico/domain';
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { networkEvents, networkMessages } from './network-messages.schema.ts';

export type NetworkMessageRow = typeof networkMessages.$inferSelect;
export type NetworkEventRow = typeof networkEvents.$inferSelect;
export type NewNetworkEvent = Omit<
  typeof networkEvents.$inferInsert,
  'eventId' | 'receivedAt' | 'appliedAt' | 'messageId'
>;

/** A message's network and its id there (the key receipts name it by). */
export interface NetworkKey {
  network: string;
  networkMessageId: string;
}

/** A message's state after a send or its events (status, error code, the network's id for it). */
export interface MessageState {
  messageId: string;
  status: string;
  errorCode: string | null;
  networkMessageId: string | null;
}

const MESSAGE_COLUMNS = `message_id AS "messageId", partner_id AS "partnerId", created_by AS "createdBy",
  purpose, network, sender, recipient, content, status, network_message_id AS "networkMessageId",
  error_code AS "errorCode", error_message AS "errorMessage", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

/**
 * SQL for messages sent through the networks and the events the networks post back (the rules that
 * apply events to messages are the services'; they call these inside one unit of work). What the
 * sends and the receipts run, many messages at a time, is one statement each (decision 0058).
 */
export function createNetworkMessagesRepository(database: Database) {
  const { db } = database;
  const q = async <Row>(text: string, values: unknown[]) =>
    (await database.sql.query<Row>(text, values)).rows;
  const columns = (keys: readonly NetworkKey[]) => [
    keys.map((k) => k.network),
    keys.map((k) => k.networkMessageId),
  ];

  return {
    /** Stores messages before their first attempt, in one statement. */
    async insertMessages(
      rows: readonly (Pick<
        typeof networkMessages.$inferInsert,
        'messageId' | 'partnerId' | 'createdBy' | 'purpose' | 'network' | 'sender' | 'recipient'
      > & { content: unknown; networkMessageId: string | null })[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await q(
        `INSERT INTO network_messages
           (message_id, partner_id, created_by, purpose, network, sender, recipient, content, network_message_id)
         SELECT m, p, c, pu, n, s, r, co::jsonb, ni
           FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[],
                       $8::text[], $9::text[]) AS t(m, p, c, pu, n, s, r, co, ni)`,
        [
          rows.map((r) => r.messageId),
          rows.map((r) => r.partnerId ?? null),
          rows.map((r) => r.createdBy ?? null),
          rows.map((r) => r.purpose ?? 'test'),
          rows.map((r) => r.network),
          rows.map((r) => r.sender),
          rows.map((r) => r.recipient),
          rows.map((r) => JSON.stringify(r.content)),
          rows.map((r) => r.networkMessageId),
        ],
      );
    },

    /**
     * Transaction-scoped advisory locks on (network, network id) keys, taken in one order (of their
     * hashes) by every caller so two cannot deadlock: a webhook and the send that learns the id
     * (WhatsApp's wamid) cannot miss each other.
     */
    async lockNetworkIds(keys: readonly NetworkKey[]): Promise<void> {
      if (keys.length === 0) return;
      await q(
        `SELECT pg_advisory_xact_lock(h)
           FROM (SELECT DISTINCT hashtext(n || '|' || i) AS h FROM unnest($1::text[], $2::text[]) AS k(n, i)
                 ORDER BY 1) AS ordered`,
        columns(keys),
      );
    },

    async messagesForUpdate(messageIds: readonly string[]): Promise<NetworkMessageRow[]> {
      if (messageIds.length === 0) return [];
      return q<NetworkMessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM network_messages WHERE message_id = ANY($1::text[])
           ORDER BY message_id FOR UPDATE`,
        [messageIds],
      );
    },

    async messagesByNetworkIdsForUpdate(keys: readonly NetworkKey[]): Promise<NetworkMessageRow[]> {
      if (keys.length === 0) return [];
      return q<NetworkMessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM network_messages
           WHERE (network, network_message_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))
           ORDER BY message_id FOR UPDATE`,
        columns(keys),
      );
    },

    /** Sets the messages' status, error code and network id (one statement); the rows as they are now. */
    async setStates(states: readonly MessageState[]): Promise<NetworkMessageRow[]> {
      if (states.length === 0) return [];
      return q<NetworkMessageRow>(
        `UPDATE network_messages m SET status = u.s, error_code = u.e, network_message_id = u.n, updated_at = now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(id, s, e, n)
          WHERE m.message_id = u.id
          RETURNING ${MESSAGE_COLUMNS}`,
        [
          states.map((s) => s.messageId),
          states.map((s) => s.status),
          states.map((s) => s.errorCode),
          states.map((s) => s.networkMessageId),
        ],
      );
    },

    async updateMessage(
      messageId: string,
      fields: Partial<
        Pick<NetworkMessageRow, 'status' | 'errorCode' | 'errorKind' | 'errorMessage' | 'networkMessageId'>
      >,
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

    /** The status events of these network ids not yet applied to their messages, oldest first. */
    async pendingEvents(
      keys: readonly NetworkKey[],
    ): Promise<(NetworkKey & { kind: string; status: string | null; errorCode: string | null })[]> {
      if (keys.length === 0) return [];
      return q(
        `SELECT network, network_message_id AS "networkMessageId", kind, status, error_code AS "errorCode"
           FROM network_events
          WHERE (network, network_message_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))
            AND applied_at IS NULL
          ORDER BY received_at, event_id`,
        columns(keys),
      );
    },

    /** Marks the events of these network ids applied to their messages (one statement). */
    async markEventsApplied(applied: readonly (NetworkKey & { messageId: string })[]): Promise<void> {
      if (applied.length === 0) return;
      await q(
        `UPDATE network_events e SET applied_at = now(), message_id = a.m
           FROM unnest($1::text[], $2::text[], $3::text[]) AS a(n, i, m)
          WHERE e.network = a.n AND e.network_message_id = a.i AND e.applied_at IS NULL`,
        [...columns(applied), applied.map((a) => a.messageId)],
      );
    },

    /**
     * Stores the events unless stored before (one statement): each one's id, or null for a
     * redelivery (also of an event earlier in the same list).
     */
    async insertEventsOnce(events: readonly NewNetworkEvent[]): Promise<(string | null)[]> {
      if (events.length === 0) return [];
      const inserted = await db
        .insert(networkEvents)
        .values([...events])
        .onConflictDoNothing({ target: [networkEvents.network, networkEvents.dedupeKey] })
        .returning({
          eventId: networkEvents.eventId,
          network: networkEvents.network,
          dedupeKey: networkEvents.dedupeKey,
        });
      const ids = new Map(inserted.map((row) => [`${row.network}|${row.dedupeKey}`, row.eventId]));
      return events.map((event) => {
        const key = `${event.network}|${event.dedupeKey}`;
        const id = ids.get(key) ?? null;
        // The first of two equal events in the list is the stored one.
        ids.delete(key);
        return id;
      });
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
