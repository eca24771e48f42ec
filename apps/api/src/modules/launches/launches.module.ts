import { defineModule } from '../../platform/module.ts';
import { createLaunchesRepository } from './launches.repository.ts';
import { createLaunchesService, type LaunchesService } from './launches.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Launches, for the review side (bot-review: `summary(botId, { carrierId })`). */
    launches: LaunchesService;
  }
}

/** Launches: the developer's five-step launch, pre-flight, verification hold and submission (issue 14). */
export const launchesModule = defineModule({
  name: 'launches',
  create({ config, database, review, audit, mail, storage, downloads, use }) {
    const service = createLaunchesService({
      database,
      repository: createLaunchesRepository(database.db),
      review,
      audit,
      mail,
      storage,
      downloads,
      wallet: () => use('wallet'),
      publicUrl: config.PUBLIC_URL,
    });
    return { service };
  },
});
