import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from '../../platform/db/core.schema.ts';

/**
 * A user's in-app notifications (issue 26, point 10): written with the mail of the same event, in its
 * unit of work; `link` is a portal path. Read per user, newest first; the unread ones counted often.
 */
export const notifications = pgTable(
  'notifications',
  {
    notificationId: uuid('notification_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.notificationId),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
