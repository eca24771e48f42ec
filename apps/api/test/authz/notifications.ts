import { type MatrixEntry, S, SUBJECTS } from './common.ts';

/** In-app notifications: every role reads and marks its own (another user's is a 404, in the routes test). */
export const AUTHZ_MATRIX_NOTIFICATIONS: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/notifications`, action: 'notifications.read', allowed: SUBJECTS },
  { method: 'GET', url: `${S}/notifications/unread-count`, action: 'notifications.read', allowed: SUBJECTS },
  {
    method: 'POST',
    url: `${S}/notifications/read-all`,
    action: 'notifications.mark-read',
    allowed: SUBJECTS,
  },
  {
    method: 'POST',
    url: `${S}/notifications/:id/read`,
    path: `${S}/notifications/00000000-0000-4000-8000-000000000000/read`,
    action: 'notifications.mark-read',
    allowed: SUBJECTS,
    // Allowed for everyone; the matrix accounts have no such notification (404).
    okStatus: 404,
  },
];
