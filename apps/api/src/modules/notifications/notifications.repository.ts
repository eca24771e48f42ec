import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { notifications } from './notifications.schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** SQL of the notifications (the rules are the service's); every read and change is the user's own. */
export function createNotificationsRepository(database: Database) {
  const { db } = database;
  const own = (userId: string, unreadOnly = false) =>
    and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined);
  return {
    /** The user an address belongs to (mails go to addresses; notifications to users). */
    async userIdByEmail(email: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: users.userId })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row?.userId ?? null;
    },

    async insert(values: NewNotification): Promise<NotificationRow> {
      const [row] = await db.insert(notifications).values(values).returning();
      if (!row) throw new Error('notification insert returned nothing');
      return row;
    },

    async list(userId: string, window: { start: number; end: number; unreadOnly: boolean }) {
      const where = own(userId, window.unreadOnly);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.notificationId))
          .offset(window.start)
          .limit(window.end - window.start),
        db.select({ n: count() }).from(notifications).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(own(userId, true));
      return row?.n ?? 0;
    },

    /** Marks the user's own notification read (kept as first read); undefined when it is not theirs. */
    async markRead(userId: string, notificationId: string): Promise<NotificationRow | undefined> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.notificationId, notificationId), eq(notifications.userId, userId)))
        .returning();
      return row;
    },

    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(own(userId, true))
        .returning({ id: notifications.notificationId });
      return rows.length;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
