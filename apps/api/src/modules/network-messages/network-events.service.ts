import type { Network } from '@portico/domain';
import type { NetworksConfig } from '../../networks/config.ts';
import { UnauthorizedError } from '../../platform/http/errors.ts';
import type { NetworkMessagesService } from './network-messages.service.ts';
import { maapEvents, rbmEvents, whatsappEvents, ZRbmVerification } from './webhook-payloads.ts';
import { verifyBearer, verifyRbmSignature, verifyWhatsAppSignature } from './webhook-signatures.ts';

export interface WebhookCall {
  rawBody: Buffer;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

const header = (headers: WebhookCall['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const BAD_SIGNATURE = 'The webhook signature does not match.';

/**
 * The networks' webhooks: check the caller is the network, store every event (durably, before the
 * answer), apply status events to their messages. An event for a message we do not know yet is
 * kept and applied when the message appears.
 */
export function createNetworkEventsService({
  messages,
  networks,
}: {
  /** Stores and applies the events (one unit of work per delivery). */
  messages: Pick<NetworkMessagesService, 'ingest'>;
  networks: NetworksConfig;
}) {
  return {
    /** WhatsApp's subscription check: echo hub.challenge when the verify token is ours. */
    whatsappChallenge(query: {
      'hub.mode'?: string;
      'hub.verify_token'?: string;
      'hub.challenge'?: string;
    }): string {
      if (
        query['hub.mode'] !== 'subscribe' ||
        query['hub.verify_token'] !== networks.whatsapp.verifyToken ||
        !query['hub.challenge']
      )
        throw new UnauthorizedError('The verify token does not match.');
      return query['hub.challenge'];
    },

    async receive(
      network: Network,
      call: WebhookCall,
    ): Promise<{ stored: number; applied: number } | { secret: string }> {
      if (network === 'rbm') {
        // Google's one-time webhook verification: {clientToken, secret} -> echo the secret.
        const verification = ZRbmVerification.safeParse(call.body);
        if (verification.success) {
          if (!verifyBearer(networks.rbm.clientToken, `Bearer ${verification.data.clientToken}`))
            throw new UnauthorizedError(BAD_SIGNATURE);
          return { secret: verification.data.secret };
        }
        if (
          !verifyRbmSignature(
            networks.rbm.clientToken,
            call.rawBody,
            header(call.headers, 'x-goog-signature'),
          )
        )
          throw new UnauthorizedError(BAD_SIGNATURE);
        return messages.ingest(rbmEvents(call.body));
      }
      if (network === 'maap') {
        if (!verifyBearer(networks.maap.webhookToken, header(call.headers, 'authorization')))
          throw new UnauthorizedError(BAD_SIGNATURE);
        return messages.ingest(maapEvents(call.body));
      }
      if (
        !verifyWhatsAppSignature(
          networks.whatsapp.appSecret,
          call.rawBody,
          header(call.headers, 'x-hub-signature-256'),
        )
      )
        throw new UnauthorizedError(BAD_SIGNATURE);
      return messages.ingest(whatsappEvents(call.body));
    },
  };
}
export type NetworkEventsService = ReturnType<typeof createNetworkEventsService>;
