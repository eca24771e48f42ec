import { defineModule } from '../../platform/module.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { seedNotificationsDemo } from './notifications.seed.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    notifications: NotificationsService;
  }
}

/**
 * The in-app notification centre (issue 26, point 10): every mail of a review decision, a review
 * waiting (a launch, a brand, a template) or a low balance also becomes a notification of the user the
 * address belongs to, in the same unit of work (the mailer's listener); the user lists, counts and
 * marks their own.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  create({ database, onMailQueued }) {
    const service = createNotificationsService({
      database,
      repository: createNotificationsRepository(database),
    });
    onMailQueued((mail) => service.onMailQueued(mail));
    return { secureRoutes: [notificationsRoutes(service)], service };
  },
  seed: { demo: seedNotificationsDemo },
});
