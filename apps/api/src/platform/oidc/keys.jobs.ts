import type { Database } from '../db/index.ts';
import { defineJob, PLATFORM_QUEUES } from '../jobs/queues.ts';
import { KEY_ROTATION, rotateIdentityKeys } from './keys.ts';

/** identity.rotate-keys: rotates the provider's keys when due, then this instance reloads them at once. */
export function rotateKeysJob(database: Database, reloadKeys: () => Promise<boolean>) {
  return defineJob(PLATFORM_QUEUES, {
    queue: 'identity.rotate-keys',
    schedule: { cron: KEY_ROTATION.cron, payload: {} },
    retryLimit: 3,
    handler: async (_payload, { log }) => {
      const rotated = await rotateIdentityKeys(database);
      await reloadKeys();
      log.info({ rotated }, 'identity keys checked');
    },
  });
}
