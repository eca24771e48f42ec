import { createHmac, randomUUID } from 'node:crypto';
import type { Network } from '@portico/domain';

/**
 * A bot's event as that network delivers it to a webhook, and its signature the way that network
 * signs (what the partner's existing receiver already verifies):
 * - Google RBM: a Pub/Sub push `{message: {data: base64(event JSON), messageId, publishTime}}`, with
 *   `X-Goog-Signature` = base64(HMAC-SHA512(client token, the decoded message.data bytes)), as
 *   Google's webhook guide verifies it;
 * - GSMA MaaP: the event JSON as the MaaP platform posts it, with `Authorization: Bearer <token>`;
 * - WhatsApp Cloud API (escaped unicode, as Meta posts it): `{object: 'whatsapp_business_account', entry: [{changes: [{field:
 *   'messages', value: {metadata, statuses | messages}}]}]}`, with `X-Hub-Signature-256` =
 *   "sha256=" + hex(HMAC-SHA256(app secret, raw body)).
 * The bot's signing secret is its client token, bearer token and app secret.
 */

export interface StoredEvent {
  network: Network;
  /** The network's own event, as stored by network-messages (payload). */
  event: Record<string, unknown>;
  /** The bot's name on the network: RBM agent id, MaaP bot id or WhatsApp phone number id. */
  address: string;
  /** The user's number, when the event has one. */
  msisdn: string | null;
}

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

export function rbmSignature(secret: string, eventBytes: Buffer): string {
  return createHmac('sha512', secret).update(eventBytes).digest('base64');
}

export function whatsappSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * JSON with every character outside printable ASCII written as a lowercase `\uXXXX` escape, as
 * Meta posts its webhooks: Meta signs the escaped-unicode payload, so receivers (and Meta's
 * documented check) escape the body before verifying. Escaping before signing makes the raw bytes
 * and their escaped form the same, so both kinds of receiver agree.
 */
const escapedUnicodeJson = (value: unknown) =>
  JSON.stringify(value).replace(/[^\0-~]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The delivery's HTTP body and headers (`deliveryId` is the push's messageId on RBM). */
export function signedDelivery(stored: StoredEvent, secret: string, deliveryId: string): SignedRequest {
  if (stored.network === 'rbm') {
    const eventBytes = Buffer.from(JSON.stringify(stored.event));
    const body = JSON.stringify({
      message: {
        data: eventBytes.toString('base64'),
        messageId: deliveryId,
        publishTime: new Date().toISOString(),
      },
      subscription: `projects/portico/subscriptions/${stored.address}`,
    });
    return { body, headers: { ...JSON_TYPE, 'x-goog-signature': rbmSignature(secret, eventBytes) } };
  }
  if (stored.network === 'maap') {
    return {
      body: JSON.stringify(stored.event),
      headers: { ...JSON_TYPE, authorization: `Bearer ${secret}` },
    };
  }
  // network-messages keeps Meta's value.metadata on each event: it goes back where Meta puts it.
  const { metadata, ...event } = stored.event;
  const isStatus = typeof event.status === 'string' && typeof event.recipient_id === 'string';
  const body = escapedUnicodeJson({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: stored.address,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata:
                typeof metadata === 'object' && metadata !== null
                  ? metadata
                  : { display_phone_number: stored.address, phone_number_id: stored.address },
              ...(isStatus ? { statuses: [event] } : { messages: [event] }),
            },
          },
        ],
      },
    ],
  });
  return { body, headers: { ...JSON_TYPE, 'x-hub-signature-256': whatsappSignature(secret, body) } };
}

/** The test ping from the page: a harmless event in the network's shape, marked as a test. */
export function pingEvent(network: Network, address: string): Record<string, unknown> {
  const id = `portico-ping-${randomUUID()}`;
  const now = new Date();
  if (network === 'rbm')
    return { agentId: address, eventType: 'PORTICO_TEST_PING', eventId: id, sendTime: now.toISOString() };
  if (network === 'maap')
    return { event: 'portico.testPing', RCSMessage: { msgId: id, timestamp: now.toISOString() } };
  return {
    id,
    from: address,
    timestamp: String(Math.floor(now.getTime() / 1000)),
    type: 'portico_test_ping',
  };
}
