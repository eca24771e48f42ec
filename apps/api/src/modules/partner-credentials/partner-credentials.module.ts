import { defineModule } from '../../platform/module.ts';
import { partnerCredentialsConfig } from './partner-credentials.config.ts';
import { createPartnerCredentialsRepository } from './partner-credentials.repository.ts';
import { partnerCredentialsRoutes, partnerTokenRoutes, TOKEN_PATH } from './partner-credentials.routes.ts';
import { seedPartnerCredentialsDemo } from './partner-credentials.seed.ts';
import {
  createPartnerCredentialsService,
  type PartnerCredentialsService,
} from './partner-credentials.service.ts';
import { createPartnerTokens } from './partner-tokens.ts';
import { partnerUsageRoutes } from './partner-usage.routes.ts';
import { createPartnerUsageService } from './partner-usage.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    'partner-credentials': PartnerCredentialsService;
  }
}

/**
 * A bot's API credentials (issue 16, point 1; decision 0026): OAuth client credentials with one
 * scope per bot, secrets stored hashed, the token endpoint at /api/v1/oauth/token, and the check of
 * partner access tokens the partner API's sends use; a bot's API usage (point 5, metering's daily
 * rows). Comes after bots and metering.
 */
export const partnerCredentialsModule = defineModule({
  name: 'partner-credentials',
  config: partnerCredentialsConfig,
  create({ database, audit, use, settings, config }) {
    const service = createPartnerCredentialsService({
      database,
      repository: createPartnerCredentialsRepository(database),
      bots: use('bots'),
      audit,
      tokens: createPartnerTokens({
        database,
        publicUrl: config.PUBLIC_URL,
        lifetimeSeconds: settings.PARTNER_TOKEN_LIFETIME_SECONDS,
      }),
      publicUrl: config.PUBLIC_URL,
      tokenUrl: `${config.PUBLIC_URL}/api/v1${TOKEN_PATH}`,
      googleOrigin: settings.googleOrigin,
      // Meta's clients take this as their base URL and add /{version}/{phone-number-id}/messages.
      baseUrls: {
        whatsapp: `${config.PUBLIC_URL}/api/v1/partner/whatsapp`,
        // Google's clients keep only the origin of their rootUrl (decision 0027); the prefixed URL
        // (for plain HTTP clients) only when the Google origin is off.
        google: settings.googleOrigin.url ?? `${config.PUBLIC_URL}/api/v1/partner/rbm`,
        // A MaaP client's server root: it adds /bot/v1/{botId}/messages.
        gsma: `${config.PUBLIC_URL}/api/v1/partner/maap`,
      },
    });
    return {
      publicRoutes: [partnerTokenRoutes(service)],
      secureRoutes: [
        partnerCredentialsRoutes(service),
        partnerUsageRoutes(
          createPartnerUsageService({ database, bots: use('bots'), metering: use('metering') }),
        ),
      ],
      service,
    };
  },
  seed: { demo: seedPartnerCredentialsDemo },
});
