import { z } from 'zod';
import { ZListWindowQuery } from './envelope.ts';

/**
 * In-app notifications (issue 26, point 10): written in the unit of work of the event that mails the
 * user (a review decision, a review waiting, a template's status, a low balance, a campaign finished),
 * linking to its page.
 */
export const NOTIFICATION_KINDS = [
  'review_decision',
  'review_waiting',
  'low_balance',
  'campaign_finished',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ZNotification = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The portal page it is about (a path of the portal, never another site). */
  link: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsQuery = ZListWindowQuery(
  { start: 0, end: 20 },
  {
    unread: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  },
);
export type TNotificationsQuery = z.output<typeof ZNotificationsQuery>;

/** A window of the user's notifications, newest first, with how many are unread in all. */
export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  total: z.number().int().min(0),
  unread: z.number().int().min(0),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationCount = z.object({ unread: z.number().int().min(0) });
export type TNotificationCount = z.infer<typeof ZNotificationCount>;

export const ZNotificationId = z.object({ id: z.uuid('Unknown notification') });

/** Portal paths only: a link is kept as its path, query and fragment (never an origin of its own). */
export function portalPath(link: string): string {
  try {
    const url = new URL(link, 'http://portal.invalid');
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
