import type { TTestDevicesQuery } from '@portico/domain';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { containsPattern, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { networkEvents, networkMessages } from '../network-messages/network-messages.schema.ts';
import { botConsoleLines, botTestDevices } from './bot-testing.schema.ts';

export type TestDeviceRow = typeof botTestDevices.$inferSelect;
export type NewTestDevice = typeof botTestDevices.$inferInsert;

/** A console line with what it points at: the sent message (out) or the network's event (in). */
export interface ConsoleLineRow {
  seq: number;
  direction: string;
  messageId: string | null;
  text: string | null;
  postbackData: string | null;
  at: Date;
  content: Record<string, unknown> | null;
  status: string | null;
  errorMessage: string | null;
  updatedAt: Date | null;
}

/** Where a device's inbound events come from: the network and the bot's name on it. */
export interface DeviceAddress {
  network: 'rbm' | 'maap' | 'whatsapp';
  /** RBM agent id (the last part of brands/x/agents/y), MaaP bot id or WhatsApp phone number id. */
  sender: string;
  msisdn: string;
}

const USER_KINDS = ['user_message', 'suggestion_response'];

export function createBotTestingRepository(db: Db) {
  const lineColumns = {
    seq: botConsoleLines.seq,
    direction: botConsoleLines.direction,
    messageId: botConsoleLines.messageId,
    text: botConsoleLines.text,
    postbackData: botConsoleLines.postbackData,
    at: botConsoleLines.at,
    content: networkMessages.content,
    status: networkMessages.status,
    errorMessage: networkMessages.errorMessage,
    updatedAt: networkMessages.updatedAt,
  };
  const lines = () =>
    db
      .select(lineColumns)
      .from(botConsoleLines)
      .leftJoin(networkMessages, eq(networkMessages.messageId, botConsoleLines.messageId));

  /** The network's events that came from the device and belong to this bot's conversation. */
  function eventsOfDevice(address: DeviceAddress): SQL {
    const base = and(eq(networkEvents.network, address.network), eq(networkEvents.sender, address.msisdn));
    if (address.network === 'rbm')
      return and(base, sql`${networkEvents.payload}->>'agentId' = ${address.sender}`) as SQL;
    if (address.network === 'maap')
      return and(base, sql`${networkEvents.payload}->>'botId' = ${address.sender}`) as SQL;
    // WhatsApp: a tapped button names the message it answers (context.from is our number); a typed
    // reply goes to the conversation the user last received a message in (as on the handset).
    return and(
      base,
      sql`(${networkEvents.payload}->'context'->>'from' = ${address.sender} OR (
        ${networkEvents.payload}->'context' IS NULL AND (
          SELECT m.sender FROM network_messages m
          WHERE m.network = 'whatsapp' AND m.recipient = ${address.msisdn} AND m.created_at <= ${networkEvents.receivedAt}
          ORDER BY m.created_at DESC LIMIT 1
        ) = ${address.sender}))`,
    ) as SQL;
  }

  return {
    async insertDevice(row: NewTestDevice): Promise<TestDeviceRow> {
      const [created] = await db.insert(botTestDevices).values(row).returning();
      if (!created) throw new Error('test device insert returned nothing');
      return created;
    },

    async device(botId: string, deviceId: string): Promise<TestDeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(botTestDevices)
        .where(and(eq(botTestDevices.botId, botId), eq(botTestDevices.deviceId, deviceId)));
      return row;
    },

    async deviceByNumber(botId: string, channel: string, msisdn: string): Promise<TestDeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(botTestDevices)
        .where(
          and(
            eq(botTestDevices.botId, botId),
            eq(botTestDevices.channel, channel),
            eq(botTestDevices.msisdn, msisdn),
          ),
        );
      return row;
    },

    /** Every bot's test devices with one of these numbers (the senders of the networks' events). */
    async devicesByNumbers(msisdns: readonly string[]): Promise<TestDeviceRow[]> {
      if (msisdns.length === 0) return [];
      return db
        .select()
        .from(botTestDevices)
        .where(
          and(
            inArray(botTestDevices.channel, ['rcs', 'whatsapp']),
            inArray(botTestDevices.msisdn, [...msisdns]),
          ),
        );
    },

    /** The devices whose conversations hold these sent messages. */
    async devicesOfMessages(messageIds: readonly string[]): Promise<string[]> {
      if (messageIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ deviceId: botConsoleLines.deviceId })
        .from(botConsoleLines)
        .where(inArray(botConsoleLines.messageId, [...messageIds]));
      return rows.map((r) => r.deviceId);
    },

    async countDevices(botId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(botTestDevices)
        .where(eq(botTestDevices.botId, botId));
      return row?.n ?? 0;
    },

    async listDevices(
      botId: string,
      query: Omit<TTestDevicesQuery, 'start' | 'end'>,
      window?: { start: number; end: number },
    ) {
      const conditions: (SQL | undefined)[] = [eq(botTestDevices.botId, botId)];
      if (query.channel) conditions.push(eq(botTestDevices.channel, query.channel));
      if (query.invite_status) conditions.push(eq(botTestDevices.inviteStatus, query.invite_status));
      if (query.search) conditions.push(ilike(botTestDevices.msisdn, containsPattern(query.search)));
      const where = and(...conditions);
      const order = orderOf(
        {
          created_at: botTestDevices.createdAt,
          msisdn: botTestDevices.msisdn,
          invite_status: sql`coalesce(${botTestDevices.inviteStatus}, '')`,
        },
        query.sort,
        query.order,
        botTestDevices.deviceId,
      );
      const select = db
        .select()
        .from(botTestDevices)
        .where(where)
        .orderBy(...order);
      const [items, [total]] = await Promise.all([
        window ? select.offset(window.start).limit(window.end - window.start) : select,
        db.select({ n: count() }).from(botTestDevices).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async updateDevice(
      deviceId: string,
      fields: Partial<
        Pick<TestDeviceRow, 'inviteStatus' | 'invitedAt' | 'capable' | 'features' | 'checkedAt'>
      >,
    ): Promise<TestDeviceRow | undefined> {
      const [row] = await db
        .update(botTestDevices)
        .set({ ...fields, updatedAt: sql`now()` })
        .where(eq(botTestDevices.deviceId, deviceId))
        .returning();
      return row;
    },

    async deleteDevice(deviceId: string): Promise<void> {
      await db.delete(botTestDevices).where(eq(botTestDevices.deviceId, deviceId));
    },

    async insertOutLine(line: { deviceId: string; botId: string; messageId: string; createdBy: string }) {
      await db
        .insert(botConsoleLines)
        .values({ ...line, direction: 'out' })
        .onConflictDoNothing({ target: botConsoleLines.messageId });
    },

    /**
     * Ties the device's new user events (typed replies, tapped suggestions) to the device: one
     * console line per event, once (a second caller's insert finds it there). Returns how many.
     */
    async claimInbound(
      device: { deviceId: string; botId: string; createdAt: Date },
      address: DeviceAddress,
    ): Promise<number> {
      const events = await db
        .select({
          eventId: networkEvents.eventId,
          text: networkEvents.text,
          postbackData: networkEvents.postbackData,
          kind: networkEvents.kind,
          at: networkEvents.receivedAt,
        })
        .from(networkEvents)
        .leftJoin(botConsoleLines, eq(botConsoleLines.eventId, networkEvents.eventId))
        .where(
          and(
            // Nothing the device said before it was added belongs to it (and the range uses the index).
            gt(networkEvents.receivedAt, device.createdAt),
            eventsOfDevice(address),
            inArray(networkEvents.kind, USER_KINDS),
            isNull(botConsoleLines.seq),
          ),
        )
        .orderBy(asc(networkEvents.receivedAt), asc(networkEvents.eventId))
        .limit(200);
      if (events.length === 0) return 0;
      const inserted = await db
        .insert(botConsoleLines)
        .values(
          events.map((e) => ({
            deviceId: device.deviceId,
            botId: device.botId,
            direction: 'in',
            eventId: e.eventId,
            text: e.text,
            postbackData: e.kind === 'suggestion_response' ? (e.postbackData ?? '') : null,
            at: e.at,
          })),
        )
        .onConflictDoNothing({ target: botConsoleLines.eventId })
        .returning({ seq: botConsoleLines.seq });
      return inserted.length;
    },

    /** The newest tester invite answer the network posted for this device since `since`. */
    async latestTesterEvent(address: DeviceAddress, since: Date): Promise<string | null> {
      const [row] = await db
        .select({ status: sql<string | null>`${networkEvents.payload}->'tester'->>'inviteStatus'` })
        .from(networkEvents)
        .where(
          and(
            eventsOfDevice(address),
            eq(networkEvents.kind, 'other'),
            sql`${networkEvents.payload} ? 'tester'`,
            gt(networkEvents.receivedAt, since),
          ),
        )
        .orderBy(desc(networkEvents.receivedAt))
        .limit(1);
      return row?.status ?? null;
    },

    /** The last `limit` lines of the conversation, oldest first. */
    async conversation(deviceId: string, limit: number): Promise<ConsoleLineRow[]> {
      const rows = await lines()
        .where(eq(botConsoleLines.deviceId, deviceId))
        .orderBy(desc(botConsoleLines.seq))
        .limit(limit);
      return rows.reverse();
    },

    /** Lines added after `seq`, and sent messages whose status changed after `since`. */
    async changes(deviceId: string, seq: number, since: Date): Promise<ConsoleLineRow[]> {
      return lines()
        .where(
          and(
            eq(botConsoleLines.deviceId, deviceId),
            sql`(${botConsoleLines.seq} > ${seq} OR ${networkMessages.updatedAt} > ${since})`,
          ),
        )
        .orderBy(asc(botConsoleLines.seq))
        .limit(200);
    },

    /** WhatsApp has no lookup: a number is on WhatsApp once a message to it was delivered. */
    async whatsappReach(sender: string, msisdn: string): Promise<boolean | null> {
      const [row] = await db
        .select({ status: networkMessages.status, errorCode: networkMessages.errorCode })
        .from(networkMessages)
        .where(
          and(
            eq(networkMessages.network, 'whatsapp'),
            eq(networkMessages.sender, sender),
            eq(networkMessages.recipient, msisdn),
            inArray(networkMessages.status, ['delivered', 'read', 'failed']),
          ),
        )
        .orderBy(desc(networkMessages.updatedAt))
        .limit(1);
      if (!row) return null;
      if (row.status !== 'failed') return true;
      // 131026: the message is undeliverable (the number is not on WhatsApp); other failures say nothing.
      return row.errorCode === '131026' ? false : null;
    },
  };
}
export type BotTestingRepository = ReturnType<typeof createBotTestingRepository>;
