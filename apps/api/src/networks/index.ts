import type { Network } from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { NetworksConfig } from '../platform/config.ts';
import { createMaapConnector } from './maap.ts';
import { createNetworkMetrics, type NetworkMetrics } from './metrics.ts';
import { createRbmConnector } from './rbm.ts';
import { createSmsGateway, type SmsGateway } from './sms.ts';
import type { NetworkConnector } from './types.ts';
import { createWhatsAppConnector } from './whatsapp.ts';

export { NetworkError, type NetworkErrorKind } from './errors.ts';
export type { SmsGateway } from './sms.ts';
export type * from './types.ts';

export interface Connectors {
  get(network: Network): NetworkConnector;
  /** Plain text where RCS cannot reach (one-time passwords). */
  sms: SmsGateway;
  metrics: NetworkMetrics;
  /** The platform's own sender per network, used for test messages until bots exist. */
  testSender(network: Network): string;
}

/** The three connectors and the SMS gateway from configuration (the sandbox when a URL is unset). */
export function createConnectors(
  config: NetworksConfig,
  log: FastifyBaseLogger,
  backoffBaseMs?: number,
): Connectors {
  const metrics = createNetworkMetrics(log.child({ component: 'networks' }));
  const common = {
    timeoutMs: config.timeoutMs,
    maxAttempts: config.maxAttempts,
    metrics,
    ...(backoffBaseMs !== undefined ? { backoffBaseMs } : {}),
  };
  const connectors: Record<Network, NetworkConnector> = {
    rbm: createRbmConnector({ ...common, baseUrl: config.rbm.url, token: config.rbm.token }),
    maap: createMaapConnector({ ...common, baseUrl: config.maap.url, token: config.maap.token }),
    whatsapp: createWhatsAppConnector({
      ...common,
      baseUrl: config.whatsapp.url,
      token: config.whatsapp.token,
    }),
  };
  const senders: Record<Network, string> = {
    rbm: config.rbm.agentId,
    maap: config.maap.botId,
    whatsapp: config.whatsapp.phoneNumberId,
  };
  const sms = createSmsGateway({
    ...common,
    baseUrl: config.sms.url,
    accountSid: config.sms.accountSid,
    authToken: config.sms.authToken,
    from: config.sms.from,
  });
  return { get: (network) => connectors[network], sms, metrics, testSender: (network) => senders[network] };
}
