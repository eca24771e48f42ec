import {
  type NotificationKind,
  portalPath,
  type TNotification,
  type TNotificationCount,
  type TNotificationList,
  type TNotificationsQuery,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import type { QueuedMail } from '../../platform/mail/index.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';

/** What a notification says: the mail's event in a line, a detail, and the page it is about. */
export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
}

/**
 * The notification of a mail's event, or null for mails that are not notifications (sign-up,
 * password and security mails go to addresses, before or outside the portal).
 */
export function notificationOfMail({ template, data }: QueuedMail): NotificationContent | null {
  const value = (key: string) => data[key] ?? '';
  switch (template) {
    case 'review-decision':
      return {
        kind: 'review_decision',
        title: `${value('subject')}: ${value('decision')}`,
        body: [`It is now ${value('state').toLowerCase()}.`, value('reason') && `Reason: ${value('reason')}`]
          .filter(Boolean)
          .join(' '),
        link: portalPath(value('link')),
      };
    case 'review-waiting':
      return {
        kind: 'review_waiting',
        title: `${value('subject')} waits for your review`,
        body: `Submitted by ${value('submitter')}.`,
        link: portalPath(value('link')),
      };
    case 'carrier-review-waiting':
      return {
        kind: 'review_waiting',
        title: `${value('subject')} waits for your review`,
        body: `It is ${value('state').toLowerCase()} and waits for your network’s decision.`,
        link: portalPath(value('link')),
      };
    case 'low-balance':
      return {
        kind: 'low_balance',
        title: 'Your wallet balance is low',
        body: `The balance is ${value('balance')}, below your alert threshold of ${value('threshold')}.`,
        link: portalPath(value('walletUrl')),
      };
    case 'campaign-finished':
      return {
        kind: 'campaign_finished',
        title: `Campaign "${value('name')}" ${value('outcome')}`,
        body: [value('summary'), value('reason') && `Reason: ${value('reason')}`].filter(Boolean).join(' '),
        link: portalPath(value('link')),
      };
    default:
      return null;
  }
}

function present(row: NotificationRow): TNotification {
  return {
    id: row.notificationId,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

export function createNotificationsService(deps: {
  database: Database;
  repository: NotificationsRepository;
}) {
  const { database, repository } = deps;
  return {
    /** Writes a user's notification, in the caller's unit of work (the event's); `read` for past news. */
    async notify(
      userId: string,
      content: NotificationContent,
      { read = false } = {},
    ): Promise<TNotification> {
      return present(await repository.insert({ userId, ...content, readAt: read ? new Date() : null }));
    },

    /** The mailer's listener: the notification of a queued mail, for the user the address belongs to. */
    async onMailQueued(mail: QueuedMail): Promise<void> {
      const content = notificationOfMail(mail);
      if (!content) return;
      const userId = await repository.userIdByEmail(mail.to);
      if (userId) await repository.insert({ userId, ...content });
    },

    async list(user: AuthenticatedUser, query: TNotificationsQuery): Promise<TNotificationList> {
      const [page, unread] = await Promise.all([
        repository.list(user.userId, { start: query.start, end: query.end, unreadOnly: query.unread }),
        repository.unreadCount(user.userId),
      ]);
      return { items: page.items.map(present), total: page.total, unread };
    },

    async unreadCount(user: AuthenticatedUser): Promise<TNotificationCount> {
      return { unread: await repository.unreadCount(user.userId) };
    },

    /** Another user's notification is not found: nobody learns it exists. */
    async markRead(user: AuthenticatedUser, notificationId: string): Promise<TNotification> {
      return database.transaction(async () => {
        const row = await repository.markRead(user.userId, notificationId);
        if (!row) throw new NotFoundError('Notification not found.');
        return present(row);
      });
    },

    async markAllRead(user: AuthenticatedUser): Promise<TNotificationCount> {
      return database.transaction(async () => {
        await repository.markAllRead(user.userId);
        return { unread: 0 };
      });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
