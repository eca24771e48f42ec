import { defineModule } from '../../platform/module.ts';
import { createTemplatesRepository } from './templates.repository.ts';
import { templatesRoutes } from './templates.routes.ts';
import { provisionDemoTemplatesOnSandbox, seedDemoTemplates } from './templates.seed.ts';
import { createTemplatesService, type TemplatesService } from './templates.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Templates (campaigns will read the active ones). */
    templates: TemplatesService;
  }
}

/**
 * Templates (issue 15): RCS and WhatsApp templates of bots, versions, approval (the platform for
 * RCS; Meta for WhatsApp, through the connector and its webhooks, which network-messages hands over
 * once each), tests on the bots' test devices. Comes after bots, network-messages and bot-testing.
 */
export const templatesModule = defineModule({
  name: 'templates',
  create({ config, database, review, mail, storage, connectors, log, use }) {
    const service = createTemplatesService({
      database,
      repository: createTemplatesRepository(database.db),
      review,
      mail,
      storage,
      connectors,
      log,
      bots: () => use('bots'),
      testing: () => use('bot-testing'),
      events: () => use('network-messages'),
      publicUrl: config.PUBLIC_URL,
    });
    use('network-messages').onEventsStored(async (events) => {
      for (const event of events) await service.onNetworkEvent(event);
    });
    return {
      service,
      secureRoutes: [templatesRoutes(service, { brandName: config.BRAND_NAME })],
      storedFiles: service.storedFiles,
    };
  },
  seed: {
    demo: async ({ config, database }) => ({
      ...(await seedDemoTemplates(database)),
      onSandbox: config.sandboxAllowed ? await provisionDemoTemplatesOnSandbox(database, config.networks) : 0,
    }),
  },
});
