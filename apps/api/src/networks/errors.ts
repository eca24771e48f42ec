import type { ConnectorLink } from '@portico/domain';
import { AppError } from '../platform/http/errors.ts';

/** What went wrong at a network, in words every connector uses; the caller decides what to do. */
export type NetworkErrorKind =
  | 'not_capable'
  | 'not_launched'
  | 'rate_limited'
  | 'invalid_content'
  | 'network_down'
  | 'unauthorized'
  | 'not_found'
  | 'unsupported';

const HTTP_STATUS: Record<NetworkErrorKind, number> = {
  not_capable: 422,
  not_launched: 409,
  rate_limited: 429,
  invalid_content: 422,
  network_down: 503,
  // Our credentials were refused: the network is not usable until configuration changes.
  unauthorized: 502,
  not_found: 404,
  unsupported: 400,
};

const NETWORK_NAMES: Record<ConnectorLink, string> = {
  rbm: 'Google RBM',
  maap: 'GSMA MaaP',
  whatsapp: 'WhatsApp',
  sms: 'SMS gateway',
};

/** A typed failure from a network; an AppError, so a route that lets it through answers with its status. */
export class NetworkError extends AppError {
  constructor(
    readonly network: ConnectorLink,
    readonly kind: NetworkErrorKind,
    message: string,
    /** The network's own status and code, kept for logs and for the message record. */
    readonly detail: { httpStatus?: number; code?: string | number; retryAfterMs?: number } = {},
  ) {
    super(HTTP_STATUS[kind], `${NETWORK_NAMES[network]}: ${message}`, {
      network,
      kind,
      ...(detail.code !== undefined ? { code: String(detail.code) } : {}),
    });
  }

  /** Whether sending the same request again later can succeed. */
  get transient(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'network_down';
  }
}

export const unsupported = (network: ConnectorLink, what: string) =>
  new NetworkError(network, 'unsupported', `${what} is not something this network offers.`);
