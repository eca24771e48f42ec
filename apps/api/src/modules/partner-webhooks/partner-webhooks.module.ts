import { RETENTION_CRON, retentionCutoff } from '../../platform/db/retention.ts';
import { defineModule } from '../../platform/module.ts';
import { partnerWebhooksConfig } from './partner-webhooks.config.ts';
import { PARTNER_WEBHOOKS_QUEUES, purgeFinishedDeliveries } from './partner-webhooks.jobs.ts';
import { createPartnerWebhooksRepository } from './partner-webhooks.repository.ts';
import { partnerWebhooksRoutes } from './partner-webhooks.routes.ts';
import { seedPartnerWebhooksDemo } from './partner-webhooks.seed.ts';
import { createPartnerWebhooksService } from './partner-webhooks.service.ts';
import { createWebhookClient } from './webhook-client.ts';

/**
 * Events to the partner's webhook (issue 16, point 4; decision 0024): each bot's webhook URL
 * (verified by a challenge, SSRF-guarded), signing secret, test ping, delivery log and replay.
 * network-messages hands it every stored event in its own unit of work (the outbox); the
 * `partner-webhooks.deliver` job delivers them. Comes after bots and network-messages.
 */
export const partnerWebhooksModule = defineModule({
  name: 'partner-webhooks',
  config: partnerWebhooksConfig,
  queues: PARTNER_WEBHOOKS_QUEUES,
  create({ database, jobs, audit, use, settings, config, log, metrics }) {
    const timeoutMs = settings.WEBHOOK_TIMEOUT_MS;
    const allowPrivate = config.sandboxAllowed;
    const service = createPartnerWebhooksService({
      database,
      repository: createPartnerWebhooksRepository(database),
      bots: use('bots'),
      jobs,
      audit,
      client: createWebhookClient({ allowPrivate, timeoutMs }),
      settings: {
        timeoutMs,
        retryBaseMs: settings.WEBHOOK_RETRY_BASE_MS,
        partnerConcurrency: settings.WEBHOOK_PARTNER_CONCURRENCY,
        allowPrivate,
      },
      log,
      metrics,
    });
    use('network-messages').onEventsStored((events) =>
      service.onEventsStored(events.map((event) => event.eventId)),
    );
    return {
      secureRoutes: [partnerWebhooksRoutes(service)],
      jobs: {
        'partner-webhooks.deliver': {
          // Returns at once: the delivery runs in the background (a slow webhook holds no worker).
          handler: ({ conversation, partnerId }) => service.startConversation(conversation, partnerId),
          retryLimit: 5,
          batchSize: 50,
        },
        'partner-webhooks.sweep': {
          handler: async () => {
            await service.sweep();
          },
          schedule: { cron: '* * * * *', payload: {} },
        },
        'partner-webhooks.retention': {
          schedule: { cron: RETENTION_CRON(17), payload: {} },
          expireInSeconds: 3_600,
          handler: async () => {
            const days = config.RAW_EVENTS_RETENTION_DAYS;
            const deliveries = await purgeFinishedDeliveries(database, retentionCutoff(days));
            log.info({ deliveries, days }, 'webhook deliveries past their retention deleted');
          },
        },
      },
    };
  },
  seed: { demo: seedPartnerWebhooksDemo },
});
