import { definePolicy } from './role-groups.ts';

/**
 * The in-app notification centre (issue 26, point 10): each user reads and marks only their own
 * notifications (another user's is a 404), so every signed-in role may, read-only ones included:
 * marking one's own notification read changes nothing of the partner's.
 */
export const NOTIFICATIONS_POLICY = definePolicy({
  'notifications.read': ['anyone'],
  'notifications.mark-read': ['anyone'],
});
