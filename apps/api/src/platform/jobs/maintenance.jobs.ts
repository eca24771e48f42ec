import type { Database } from '../db/index.ts';
import { purgeExpired } from './maintenance.repository.ts';
import { defineJob, PLATFORM_QUEUES } from './queues.ts';

export const PURGE_EXPIRED_CRON = '*/15 * * * *';

/** Every 15 minutes: drop expired OIDC state and ended rate-limit windows so the tables stay small. */
export function purgeExpiredJob(database: Database) {
  return defineJob(PLATFORM_QUEUES, {
    queue: 'maintenance.purge-expired',
    schedule: { cron: PURGE_EXPIRED_CRON, payload: {} },
    retryLimit: 2,
    handler: async (_payload, { log }) => {
      const purged = await purgeExpired(database.sql);
      log.info({ purged }, 'purged expired rows');
    },
  });
}
