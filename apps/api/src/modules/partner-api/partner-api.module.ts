import { defineModule } from '../../platform/module.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { maapRoutes } from './maap.routes.ts';
import { partnerApiConfig } from './partner-api.config.ts';
import { PARTNER_API_QUEUES } from './partner-api.jobs.ts';
import { createPartnerApiRepository } from './partner-api.repository.ts';
import { createPartnerIdempotency } from './partner-idempotency.ts';
import { createPartnerSendsService } from './partner-sends.service.ts';
import { RBM_PREFIX, rbmRoutes } from './rbm.routes.ts';
import { googlePathsAtPortalRoot, unsupportedRoutes } from './unsupported.routes.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';

/**
 * The partner-facing messaging API (issue 16, point 2): sends, revokes, agent events, capability
 * checks and (RBM) files in the networks' own shapes (the WhatsApp Cloud API, Google's RBM API and
 * GSMA's MaaP Chatbot API; Google's also at the root of an origin of its own, PARTNER_GOOGLE_PORT,
 * by default the port after PORT),
 * authenticated with a bot's credentials, rate limited per bot, priced
 * and reserved by metering, sent through the connectors and settled; RBM testers.create invites a
 * tester through bot-testing. Comes after metering, bot-testing and partner-credentials, and after
 * audiences (its opt-out list).
 */
export const partnerApiModule = defineModule({
  name: 'partner-api',
  config: partnerApiConfig,
  queues: PARTNER_API_QUEUES,
  create({ database, use, connectors, settings, log, config, metrics }) {
    const repository = createPartnerApiRepository(database);
    const credentials = use('partner-credentials');
    const idempotency = createPartnerIdempotency(repository);
    const sends = createPartnerSendsService({
      repository,
      credentials,
      metering: use('metering'),
      optOuts: use('audiences').optOuts,
      connectors,
      counters: createCounters(database.sql),
      testers: use('bot-testing'),
      ratePerSecond: settings.PARTNER_SEND_RATE_PER_SECOND,
      metrics,
    });
    const googlePort = credentials.googleOrigin.port;
    return {
      publicRoutes: [
        whatsappRoutes(sends, idempotency, config.PUBLIC_URL),
        rbmRoutes(sends, use('bots')),
        maapRoutes(sends),
        // Whatever the shapes do not serve answers in the network's error shape (decision 0034).
        unsupportedRoutes(),
      ],
      // A Google client given the portal's URL lands on /v1/...: Google's 404, naming the right URL.
      rootRoutes: [
        googlePathsAtPortalRoot(credentials.googleOrigin.url ?? `${config.PUBLIC_URL}/api/v1${RBM_PREFIX}`),
      ],
      // Google's clients keep only their rootUrl's origin: its root is the RBM prefix (decision 0027).
      originRoots:
        googlePort === null
          ? []
          : [{ name: 'partner-google', port: googlePort, prefix: `/api/v1${RBM_PREFIX}` }],
      jobs: {
        'partner-api.sweep-idempotency-keys': {
          handler: async () => {
            const deleted = await idempotency.sweep();
            if (deleted > 0) log.info({ deleted }, 'expired Idempotency-Keys deleted');
          },
          schedule: { cron: '7 * * * *', payload: {} },
        },
      },
    };
  },
});
