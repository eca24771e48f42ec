import { defineFeature, screen } from '@/lib/feature';

/** The notification centre (issue 26, point 10): the header's bell (app/layouts) and the full list. */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  screens: {
    'notifications.list': screen(() => import('./pages/NotificationsPage')),
  },
});
