import { usesSandbox } from '../../networks/config.ts';
import { defineModule } from '../../platform/module.ts';
import { createLaunchesRepository } from './launches.repository.ts';
import { launchesRoutes } from './launches.routes.ts';
import { createLaunchesService, LAUNCH_FILES_PREFIX, type LaunchesService } from './launches.service.ts';
import { createPrivacyUrlChecker } from './privacy-url.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Launches, for the review side (bot-review: `summary(botId, { carrierId })`). */
    launches: LaunchesService;
  }
}

/** How long the pre-flight waits for the bot's privacy policy URL to answer. */
const PRIVACY_URL_TIMEOUT_MS = 4000;

/** Launches: the developer's five-step launch, pre-flight, verification hold and submission (issue 14). */
export const launchesModule = defineModule({
  name: 'launches',
  create({ config, database, review, audit, mail, storage, downloads, log, use }) {
    const repository = createLaunchesRepository(database.db);
    const service = createLaunchesService({
      database,
      repository,
      review,
      audit,
      mail,
      storage,
      downloads,
      wallet: () => use('wallet'),
      bots: () => use('bots'),
      // The SSRF guard of partner webhooks; private addresses only with the sandbox on.
      privacyUrl: createPrivacyUrlChecker({
        allowPrivate: config.sandboxAllowed,
        timeoutMs: PRIVACY_URL_TIMEOUT_MS,
        exampleSites:
          config.sandboxAllowed && usesSandbox(config.networks)
            ? `${config.PUBLIC_URL}/sandbox/web`
            : undefined,
      }),
      log,
      publicUrl: config.PUBLIC_URL,
    });
    return {
      service,
      secureRoutes: [launchesRoutes(service, { brandName: config.BRAND_NAME })],
      storedFiles: [
        {
          prefix: LAUNCH_FILES_PREFIX,
          referenced: (keys: readonly string[]) => repository.referencedKeys(LAUNCH_FILES_PREFIX, keys),
        },
      ],
    };
  },
});
