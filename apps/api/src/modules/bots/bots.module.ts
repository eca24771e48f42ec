import { defineModule } from '../../platform/module.ts';
import { createBotsRepository } from './bots.repository.ts';
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
  create({ database }) {
    const service = createBotsService({ database, repository: createBotsRepository(database.db) });
    return { service };
  },
});
