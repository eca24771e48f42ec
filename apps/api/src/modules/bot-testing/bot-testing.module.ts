import { defineModule } from '../../platform/module.ts';
import { createBotTestingRepository } from './bot-testing.repository.ts';
import { botTestingRoutes } from './bot-testing.routes.ts';
import { provisionDemoTestersOnSandbox, seedBotTestingDemo } from './bot-testing.seed.ts';
import { type BotTestingService, createBotTestingService } from './bot-testing.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Test devices and sends to them (templates: test sends and their summary). */
    'bot-testing': BotTestingService;
  }
}

/**
 * Test devices of bots, tester invites, capability checks, test messages and the bot console
 * (issue 13, points 4 and 5). Uses the bots service (whose bot, its names on the networks) and the
 * network-messages service (sending, receipts, the networks' events) and metering's pricing (what a
 * console message would cost); comes after them in src/modules.ts.
 */
export const botTestingModule = defineModule({
  name: 'bot-testing',
  create({ database, connectors, use, verifier, metrics }) {
    const service = createBotTestingService({
      database,
      repository: createBotTestingRepository(database.db),
      bots: use('bots'),
      messages: use('network-messages'),
      connectors,
      metering: use('metering'),
    });
    // A test device's events become its console lines in the unit of work that stores them, and
    // the consoles open on it are notified (decision 0039).
    use('network-messages').onEventsStored((events) => service.onEventsStored(events));
    return { service, secureRoutes: [botTestingRoutes(service, verifier, metrics)] };
  },
  seed: {
    demo: async ({ config, database }) => ({
      ...(await seedBotTestingDemo({ database })),
      testersOnSandbox: config.sandboxAllowed
        ? await provisionDemoTestersOnSandbox(database, config.networks)
        : 0,
    }),
  },
});
