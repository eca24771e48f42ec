import { WALLET_CURRENCY } from '@portico/domain';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { defineModule } from '../../platform/module.ts';
import { meteringConfig } from './metering.config.ts';
import { METERING_QUEUES, retentionJob, settleJob } from './metering.jobs.ts';
import { createMeteringRepository } from './metering.repository.ts';
import { meteringRoutes } from './metering.routes.ts';
import { seedCarrierPrefixes, seedDemoMetering } from './metering.seed.ts';
import { createMeteringService, type MeteringService } from './metering.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Prices, reserves and settles every message sent through the partner API (decision 0023). */
    metering: MeteringService;
  }
}

/**
 * Metering of messages: pricing by the recipient's carrier, reservation, batched settlement, usage
 * (network events about the API's messages counted as network-messages stores them). Comes after
 * network-messages.
 */
export const meteringModule = defineModule({
  name: 'metering',
  config: meteringConfig,
  queues: METERING_QUEUES,
  create({ settings, database, use, config, metrics }) {
    const service = createMeteringService({
      database,
      repository: createMeteringRepository(database.sql, WALLET_CURRENCY),
      wallet: use('wallet'),
      abandonAfterMs: settings.abandonAfterMs,
      currency: WALLET_CURRENCY,
      rollups: use('analytics').rollups,
      metrics,
    });
    // Usage counts the networks' events about the API's messages in the unit of work that stores
    // them: a redelivered event is stored, and so counted, once.
    use('network-messages').onEventsStored(async (events) => {
      await service.recordNetworkEvents(events);
    });
    return {
      service,
      secureRoutes: [meteringRoutes(service, use('wallet'))],
      jobs: {
        'metering.settle': settleJob(service),
        'metering.retention': retentionJob(database, config.RAW_EVENTS_RETENTION_DAYS),
      },
    };
  },
  seed: {
    reference: async ({ database }) => ({ carrierPrefixes: await seedCarrierPrefixes(database) }),
    demo: async ({ database }) => {
      const partners = Object.values(DEMO_PARTNERS)
        .filter((p) => p.hasEwallet)
        .map((p) => p.partnerId);
      return { meteredMessages: await seedDemoMetering(database, partners) };
    },
  },
});
