import { z } from 'zod';
import { defineModule } from '../../platform/module.ts';
import { contentPublicRoutes } from './content.public-routes.ts';
import { createContentRepository } from './content.repository.ts';
import { contentRoutes } from './content.routes.ts';
import { seedDemoContent } from './content.seed.ts';
import { createContentService } from './content.service.ts';

/** Developer assets (downloads, sample files, FAQs, videos) and press releases (issue 17). */
export const contentModule = defineModule({
  name: 'content',
  /** The support mailbox shown with the FAQs (the spec's constant; its value comes from here). */
  config: (platform) =>
    z
      .object({ SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').optional() })
      .transform((env) => ({
        supportEmail: env.SUPPORT_EMAIL ?? `support@${new URL(platform.PUBLIC_URL).hostname}`,
      })),
  create({ database, storage, downloads, audit, log, settings }) {
    const service = createContentService({
      database,
      repository: createContentRepository(database.db),
      storage,
      downloads,
      audit,
      log,
      supportEmail: settings.supportEmail,
    });
    return {
      secureRoutes: [contentRoutes(service)],
      publicRoutes: [contentPublicRoutes(service)],
      storedFiles: service.storedFiles,
    };
  },
  seed: { demo: seedDemoContent },
});
