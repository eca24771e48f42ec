import { defineModule } from '../../platform/module.ts';
import { networkEventsRoutes } from './network-events.routes.ts';
import { createNetworkEventsService } from './network-events.service.ts';
import { createNetworkMessagesRepository } from './network-messages.repository.ts';
import { NETWORK_MESSAGES_QUEUES, networkRetentionJob } from './network-messages.retention.ts';
import { networkMessagesRoutes } from './network-messages.routes.ts';
import { createNetworkMessagesService, type NetworkMessagesService } from './network-messages.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Messages through the connectors and the events the networks post back. */
    'network-messages': NetworkMessagesService;
  }
}

/**
 * Messages sent through the connectors and the networks' webhooks (decision 0008): the test send,
 * the message and event lists, connector health, and /api/v1/network-events/{rbm,maap,whatsapp}.
 */
export const networkMessagesModule = defineModule({
  name: 'network-messages',
  queues: NETWORK_MESSAGES_QUEUES,
  create({ database, connectors, config }) {
    const messages = createNetworkMessagesService({
      database,
      repository: createNetworkMessagesRepository(database),
      connectors,
    });
    return {
      service: messages,
      publicRoutes: [
        networkEventsRoutes(createNetworkEventsService({ messages, networks: config.networks })),
      ],
      secureRoutes: [networkMessagesRoutes(messages)],
      jobs: {
        'network-messages.retention': networkRetentionJob(database, config.RAW_EVENTS_RETENTION_DAYS),
      },
    };
  },
});
