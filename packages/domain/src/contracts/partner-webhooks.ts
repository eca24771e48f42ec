import { z } from 'zod';
import { ZListResult, ZListWindowQuery } from './envelope.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';

/**
 * A bot's webhook (issue 16, point 4): where Portico delivers the bot's events (delivery, read,
 * user messages, taps, tester events) in the bot's own API shape, signed the way that network
 * signs, at least once and in order per conversation, with a delivery log and replay.
 */

/** A delivery's state: waiting for its turn or its next attempt, done, or given up after the retries. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  dead: 'Dead-lettered',
};

/** What was delivered: a network event of the bot, or the test ping from the page. */
export const WEBHOOK_EVENT_KINDS = [
  'status',
  'user_message',
  'suggestion_response',
  'unsubscribe',
  'other',
  'ping',
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** Attempts before a delivery is dead-lettered (the first try included). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

export const ZWebhookBotParams = z.object({ botId: z.uuid('is not a bot id') });
export const ZWebhookDeliveryParams = z.object({
  botId: z.uuid('is not a bot id'),
  deliveryId: z.uuid('is not a delivery id'),
});

/**
 * The verify token a WhatsApp bot's webhook is challenged with (`hub.verify_token`), kept apart from
 * the signing secret (the app secret) as Meta keeps them: any visible ASCII, as in Meta's dashboard.
 */
export const ZWebhookVerifyToken = z
  .string()
  .trim()
  .min(8, 'The verify token needs at least 8 characters.')
  .max(200, 'The verify token is too long (at most 200 characters).')
  .regex(/^[\x21-\x7e]+$/, 'The verify token takes letters, digits and punctuation, no spaces.');

/** PUT /bots/:botId/webhook: the URL, accepted only once it echoes our verification challenge. */
export const ZWebhookUpdateRequest = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'Enter the webhook address, starting with https://.' })
    .trim()
    .max(2000, 'The address is too long (at most 2,000 characters).'),
  /** WhatsApp: the verify token of your choice; unset or empty keeps the bot's (one is made the first time). */
  verify_token: ZWebhookVerifyToken.or(z.literal('')).optional(),
});
export type TWebhookUpdateRequest = z.input<typeof ZWebhookUpdateRequest>;

/** GET /bots/:botId/webhook */
export const ZWebhookSettings = z.object({
  bot_id: z.string(),
  url: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** The networks whose shape and signature the bot's events are delivered in. */
  networks: z.array(z.enum(['rbm', 'maap', 'whatsapp'])),
  /** The last 4 characters of the signing secret (the secret itself is shown once). */
  secret_hint: z.string().nullable(),
  secret_rotated_at: z.string().nullable(),
  /**
   * WhatsApp: the verify token sent as `hub.verify_token` in the challenge (Meta's verify token),
   * apart from the signing secret (Meta's app secret); shown, not a secret. Null before the first URL.
   */
  verify_token: z.string().nullable(),
  /** Counts per delivery status, for the page's summary. */
  counts: z.record(z.enum(WEBHOOK_DELIVERY_STATUSES), z.number().int()),
});
export type TWebhookSettings = z.output<typeof ZWebhookSettings>;

/** POST /bots/:botId/webhook/secret: the new signing secret, shown this once. */
export const ZWebhookSecret = z.object({ secret: z.string(), settings: ZWebhookSettings });
export type TWebhookSecret = z.output<typeof ZWebhookSecret>;

/** One row of the delivery log. */
export const ZWebhookDelivery = z.object({
  delivery_id: z.string(),
  network: z.enum(['rbm', 'maap', 'whatsapp']),
  kind: z.enum(WEBHOOK_EVENT_KINDS),
  /** The user's number the event belongs to (the conversation), when it has one. */
  msisdn: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type TWebhookDelivery = z.output<typeof ZWebhookDelivery>;

const deliveryFilters = {
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, 'status must be pending, retrying, delivered or dead').optional(),
  kind: z.enum(WEBHOOK_EVENT_KINDS, 'kind is not an event kind').optional(),
  /**
   * A log reads by time, newest or oldest first: the only order its index (bot, seq) serves for a
   * page without sorting the bot's whole log (issue 31).
   */
  ...sortQuery(['created_at'], 'created_at'),
};
/** GET /bots/:botId/webhook/deliveries: newest first (or oldest first), filtered by status and kind. */
export const ZWebhookDeliveriesQuery = ZListWindowQuery({ start: 0, end: 20 }, deliveryFilters);
export type TWebhookDeliveriesQuery = z.output<typeof ZWebhookDeliveriesQuery>;
export const ZWebhookDeliveriesExportQuery = z.object({ format: ZExportFormat, ...deliveryFilters });
export const ZWebhookDeliveryList = ZListResult(ZWebhookDelivery);
