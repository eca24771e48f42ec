import { defineModule } from '../../platform/module.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { campaignsConfig } from './campaigns.config.ts';
import { CAMPAIGNS_QUEUES } from './campaigns.jobs.ts';
import { createCampaignsRepository } from './campaigns.repository.ts';
import { campaignsRoutes } from './campaigns.routes.ts';
import { seedCampaignsDemo } from './campaigns.seed.ts';
import { type CampaignsDeps, createCampaignsService } from './campaigns.service.ts';

/**
 * Campaigns (issue 28): a template of a launched bot to an audience, paid through a wallet hold,
 * dispatched by the campaigns.dispatch job in paced batches through network-messages (receipts
 * count), started on time by campaigns.tick. Comes after templates, audiences and the wallet.
 * Its live counts are pushed over server-sent events from the database's notifications (decision
 * 0050); the partner is mailed and notified when a campaign ends by itself or is stopped.
 */
export const campaignsModule = defineModule({
  name: 'campaigns',
  config: campaignsConfig,
  queues: CAMPAIGNS_QUEUES,
  create({
    config,
    database,
    use,
    jobs,
    log,
    connectors,
    review,
    settings,
    mail,
    verifier,
    metrics,
    storage,
  }) {
    const deps: CampaignsDeps = {
      database,
      repository: createCampaignsRepository(database),
      review,
      wallet: use('wallet'),
      metering: use('metering'),
      templates: use('templates'),
      bots: use('bots'),
      messages: use('network-messages'),
      connectors,
      jobs,
      counters: createCounters(database.sql),
      storage,
      log,
      pace: {
        rbm: settings.CAMPAIGN_PACE_RBM,
        maap: settings.CAMPAIGN_PACE_MAAP,
        whatsapp: settings.CAMPAIGN_PACE_WHATSAPP,
      },
      batchSize: settings.CAMPAIGN_BATCH,
      mail,
      publicUrl: config.PUBLIC_URL,
    };
    const service = createCampaignsService(deps);
    // Each recipient keeps its message's status, in the unit of work that changes it (decision 0058),
    // and the campaign's live streams hear of it.
    use('network-messages').onStatusesChanged((messages) =>
      service.copyStatuses(messages.filter((m) => m.purpose === 'campaign')),
    );
    // Users' replies and taps count for the campaigns that sent to them: their streams hear of them.
    use('network-messages').onEventsStored((events) => service.eventsStored(events));
    use('templates').refuseDeleteWhen((templateId) => service.templateInUse(templateId));
    return {
      secureRoutes: [campaignsRoutes(service, verifier, metrics)],
      storedFiles: service.storedFiles,
      liveDemo: () =>
        seedCampaignsDemo({
          database,
          templates: use('templates'),
          service,
          withoutDispatch: createCampaignsService({ ...deps, jobs: { send: async () => null } }),
          // The demo's users answer through the sandbox's handsets when RBM is the sandbox.
          handsetsUrl: config.networks.rbm.sandbox ? config.networks.sandboxHandsetsUrl : null,
        }),
      jobs: {
        'campaigns.dispatch': {
          handler: ({ campaignId }) => service.dispatch(campaignId),
          retryLimit: 10,
          expireInSeconds: 60 * 60,
        },
        'campaigns.tick': {
          schedule: { cron: '* * * * *', payload: {} },
          retryLimit: 1,
          expireInSeconds: 120,
          handler: async () => {
            await service.tick();
          },
        },
      },
    };
  },
});
