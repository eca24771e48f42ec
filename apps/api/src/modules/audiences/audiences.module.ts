import path from 'node:path';
import { defineModule } from '../../platform/module.ts';
import { audienceUploadsRoutes } from './audience-uploads.routes.ts';
import { audiencesConfig } from './audiences.config.ts';
import { AUDIENCES_QUEUES } from './audiences.jobs.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { audiencesRoutes } from './audiences.routes.ts';
import { seedAudiencesDemo, seedAudiencesReachDemo } from './audiences.seed.ts';
import { type AudiencesService, createAudiencesService } from './audiences.service.ts';
import { optOutsRoutes } from './opt-outs.routes.ts';
import { createOptOutsService, type OptOutsService } from './opt-outs.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    audiences: {
      optOuts: Pick<OptOutsService, 'isOptedOut'>;
      /** Reach of an audience through an RCS bot (campaigns' estimate): AudiencesService.reach. */
      reach: AudiencesService['reach'];
    };
  }
}

/**
 * Audiences (issue 27): the partner's opt-out list (STOP, UNSUBSCRIBE and the network's unsubscribe
 * event to its bots add numbers in network-messages' unit of work; the partner API refuses sends to
 * them) and uploaded recipient files, checked by the audiences.check job; an audience's reach
 * through an RCS bot, split by the network's capability check in the audiences.reach job and kept
 * per (audience, bot). Comes after
 * network-messages and bots, before partner-api.
 */
export const audiencesModule = defineModule({
  name: 'audiences',
  config: audiencesConfig,
  queues: AUDIENCES_QUEUES,
  create({ config, database, use, storage, jobs, log, settings, connectors }) {
    const repository = createAudiencesRepository(database);
    const optOuts = createOptOutsService({ database, repository });
    const audiences = createAudiencesService({
      database,
      repository,
      storage,
      jobs,
      log,
      maxRecipients: settings.AUDIENCE_MAX_RECIPIENTS,
      connectors,
      bots: use('bots'),
    });
    use('network-messages').onEventsStored(async (events) => {
      await optOuts.onEventsStored(events.map((event) => event.eventId));
    });
    return {
      service: { optOuts, reach: audiences.reach },
      secureRoutes: [
        optOutsRoutes(optOuts),
        audiencesRoutes(audiences),
        // Unfinished resumable uploads are staged on this instance's disk (decision 0040).
        audienceUploadsRoutes(audiences, {
          directory: path.join(config.DATA_DIR, 'uploads', 'audiences'),
          log,
        }),
      ],
      storedFiles: audiences.storedFiles,
      liveDemo: () =>
        seedAudiencesReachDemo({
          database,
          repository,
          storage,
          connectors,
          maxRecipients: settings.AUDIENCE_MAX_RECIPIENTS,
          bots: use('bots'),
        }),
      jobs: {
        'audiences.check': {
          // Resumable: a retried or restarted check continues after its last committed batch.
          handler: ({ audienceId }) => audiences.check(audienceId),
          retryLimit: 5,
          expireInSeconds: 15 * 60,
        },
        'audiences.reach': {
          // Resumable: a retried run continues after its last committed batch; a replaced run stops.
          handler: (run) => audiences.runReach(run),
          retryLimit: 5,
          // A million recipients at MaaP's pace (200 a batch, 5 batches a second) take about 17 minutes.
          expireInSeconds: 60 * 60,
        },
      },
    };
  },
  seed: { demo: seedAudiencesDemo },
});
