import { defineModule } from '../../platform/module.ts';
import { audiencesConfig } from './audiences.config.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { optOutsRoutes } from './opt-outs.routes.ts';
import { createOptOutsService, type OptOutsService } from './opt-outs.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    audiences: { optOuts: Pick<OptOutsService, 'isOptedOut'> };
  }
}

/**
 * Audiences (issue 27): the partner's opt-out list (STOP, UNSUBSCRIBE and the network's unsubscribe
 * event to its bots add numbers in network-messages' unit of work; the partner API refuses sends to
 * them) and uploaded recipient files, checked by the audiences.check job. Comes after
 * network-messages and bots, before partner-api.
 */
export const audiencesModule = defineModule({
  name: 'audiences',
  config: audiencesConfig,
  create({ database, use }) {
    const repository = createAudiencesRepository(database);
    const optOuts = createOptOutsService({ database, repository });
    use('network-messages').onEventsStored(async (events) => {
      await optOuts.onEventsStored(events.map((event) => event.eventId));
    });
    return {
      service: { optOuts },
      secureRoutes: [optOutsRoutes(optOuts)],
    };
  },
});
