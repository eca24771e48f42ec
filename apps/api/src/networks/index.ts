import { randomBytes } from 'node:crypto';
import type { Network } from '@portico/domain';
import type { SandboxOptions } from '@portico/sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/db/index.ts';
import type { NetworksConfig } from './config.ts';
import {
  type GoogleCredentials,
  publicServiceAccount,
  type ServiceAccountKey,
  sandboxServiceAccountKey,
} from './google-auth.ts';
import { createMaapConnector } from './maap.ts';
import { type ConnectorCallObserver, createNetworkMetrics, type NetworkMetrics } from './metrics.ts';
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

/** The networks' settings with RBM's credentials resolved, ready to build the connectors. */
export type ResolvedNetworks = Omit<NetworksConfig, 'rbm'> & {
  rbm: Omit<NetworksConfig['rbm'], 'credentials'> & { credentials: GoogleCredentials };
};

/**
 * Resolves what needs the database: without a key or static token, RBM against the sandbox uses
 * the sandbox's own service account, generated into app_secrets on the first RBM call (read once).
 */
export function resolveNetworks(config: NetworksConfig, database: Database): ResolvedNetworks {
  const setting = config.rbm.credentials;
  let generated: Promise<ServiceAccountKey> | undefined;
  const sandboxKey = () => {
    generated ??= sandboxServiceAccountKey(database).catch((error: unknown) => {
      generated = undefined;
      throw error;
    });
    return generated;
  };
  const credentials: GoogleCredentials =
    setting.kind === 'sandbox_generated'
      ? { kind: 'service_account', key: sandboxKey, tokenUrl: setting.tokenUrl }
      : setting;
  return { ...config, rbm: { ...config.rbm, credentials } };
}

/**
 * What the mounted sandbox must know to accept our RBM calls: the service account's public key
 * (it then accepts only the access tokens it issued), or the static token override.
 */
export function sandboxGoogleOptions(
  networks: ResolvedNetworks,
): Pick<SandboxOptions, 'googleServiceAccounts'> & { rbmToken?: string } {
  const { credentials } = networks.rbm;
  // RBM goes to Google: a token nobody holds, so the mounted sandbox's RBM routes open to no one.
  if (!networks.rbm.sandbox) return { rbmToken: randomBytes(32).toString('base64url') };
  if (credentials.kind === 'static') return { rbmToken: credentials.token };
  const { key } = credentials;
  return {
    googleServiceAccounts:
      typeof key === 'function'
        ? async () => [publicServiceAccount(await key())]
        : [publicServiceAccount(key)],
  };
}

/**
 * The three connectors and the SMS gateway from configuration (the sandbox when a URL is unset); every
 * call is counted, and told to `observer` (the Prometheus metrics) when given.
 */
export function createConnectors(
  config: ResolvedNetworks,
  log: FastifyBaseLogger,
  backoffBaseMs?: number,
  observer?: ConnectorCallObserver,
): Connectors {
  const metrics = createNetworkMetrics(log.child({ component: 'networks' }), observer);
  const common = {
    timeoutMs: config.timeoutMs,
    maxAttempts: config.maxAttempts,
    metrics,
    ...(backoffBaseMs !== undefined ? { backoffBaseMs } : {}),
  };
  const connectors: Record<Network, NetworkConnector> = {
    rbm: createRbmConnector({
      ...common,
      baseUrl: config.rbm.url,
      managementUrl: config.rbm.managementUrl,
      credentials: config.rbm.credentials,
    }),
    maap: createMaapConnector({ ...common, baseUrl: config.maap.url, token: config.maap.token }),
    whatsapp: createWhatsAppConnector({
      ...common,
      baseUrl: config.whatsapp.url,
      token: config.whatsapp.token,
      appId: config.whatsapp.appId,
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
