import { defineModule } from '../../platform/module.ts';
import { createBotsRepository } from './bots.repository.ts';
import { botsRoutes } from './bots.routes.ts';
import { provisionDemoBotsOnSandbox, seedDemoBots } from './bots.seed.ts';
import { type BotsService, createBotsService } from './bots.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Bots, for the test devices and the bot console (bot-testing: `botForTesting`). */
    bots: BotsService;
  }
}

/** Bots: RCS agents and WhatsApp senders registered on the networks, drafts, listing (issue 13). */
export const botsModule = defineModule({
  name: 'bots',
  create({ config, database, review, audit, storage, connectors, log, use }) {
    const service = createBotsService({
      database,
      repository: createBotsRepository(database.db),
      review,
      audit,
      storage,
      connectors,
      log,
      brands: () => use('brands'),
      publicUrl: config.PUBLIC_URL,
    });
    return {
      service,
      secureRoutes: [botsRoutes(service, { brandName: config.BRAND_NAME })],
      storedFiles: service.storedFiles,
    };
  },
  seed: {
    demo: async ({ config, database }) => ({
      ...(await seedDemoBots(database)),
      onSandbox: config.sandboxAllowed ? await provisionDemoBotsOnSandbox(database, config.networks) : 0,
    }),
  },
});
