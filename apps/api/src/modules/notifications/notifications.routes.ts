import {
  ZEnvelope,
  ZNotification,
  ZNotificationCount,
  ZNotificationId,
  ZNotificationList,
  ZNotificationsQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/** The signed-in user's own notifications (mounted under /api/v1/secure). */
export function notificationsRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications',
      {
        config: { action: 'notifications.read' },
        schema: {
          tags,
          summary: 'Your notifications, newest first (unread=true: only the unread), and the unread count',
          querystring: ZNotificationsQuery,
          response: { 200: ZEnvelope(ZNotificationList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.query)),
    );
    app.get(
      '/notifications/unread-count',
      {
        config: { action: 'notifications.read' },
        schema: {
          tags,
          summary: 'How many of your notifications are unread',
          response: { 200: ZEnvelope(ZNotificationCount) },
        },
      },
      async (request) => ok(await service.unreadCount(userOf(request))),
    );
    app.post(
      '/notifications/read-all',
      {
        config: { action: 'notifications.mark-read' },
        schema: {
          tags,
          summary: 'Marks all your notifications read',
          response: { 200: ZEnvelope(ZNotificationCount) },
        },
      },
      async (request) => ok(await service.markAllRead(userOf(request)), 'All notifications marked read'),
    );
    app.post(
      '/notifications/:id/read',
      {
        config: { action: 'notifications.mark-read' },
        schema: {
          tags,
          summary: 'Marks one of your notifications read (another user’s is not found)',
          params: ZNotificationId,
          response: { 200: ZEnvelope(ZNotification) },
        },
      },
      async (request) => ok(await service.markRead(userOf(request), request.params.id), 'Marked read'),
    );
  };
}
