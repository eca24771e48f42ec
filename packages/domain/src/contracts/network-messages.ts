import { z } from 'zod';
import { MESSAGE_STATUSES } from '../rules/message-status.ts';
import { zE164 } from '../rules/phone-numbers.ts';
import { ZListResult, ZListWindowQuery } from './envelope.ts';

/**
 * Messages sent through a messaging network, in one network-neutral shape that every connector
 * translates to its network's own (RBM contentMessage, MaaP RCSMessage, WhatsApp text/template).
 * Limits are Google RBM's documented ones, the tightest of the three.
 */
export const NETWORKS = ['rbm', 'maap', 'whatsapp'] as const;
export type Network = (typeof NETWORKS)[number];
export const ZNetwork = z.enum(NETWORKS);
/**
 * What the platform's connectors talk to: the three messaging networks, and an SMS gateway for
 * plain text where RCS cannot reach (one-time passwords).
 */
export const CONNECTOR_LINKS = [...NETWORKS, 'sms'] as const;
export type ConnectorLink = (typeof CONNECTOR_LINKS)[number];

export const MESSAGE_LIMITS = {
  text: 3072,
  suggestionText: 25,
  postbackData: 2048,
  suggestionsPerMessage: 11,
  suggestionsPerCard: 4,
  cardTitle: 200,
  cardDescription: 2000,
  carouselMin: 2,
  carouselMax: 10,
  templateParameters: 20,
  /** A media message's caption (WhatsApp's limit; RBM and MaaP files carry none). */
  fileCaption: 1024,
  fileName: 240,
  contactsPerMessage: 20,
} as const;

/** An E.164 number: +, then 8 to 15 digits. */
export const ZMsisdn = zE164({ trim: true });

/** The URL in a text, or null when it is no URL at all. */
function urlIn(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * A web address a network fetches (a card's media) or a handset opens (a suggestion): https, or
 * http only to the network sandbox's own files (/sandbox/...). Never javascript:, data:, file:.
 */
export const ZWebUrl = z
  .url({ protocol: /^https?$/, error: 'must be an https:// address' })
  // zod runs this even when the URL check above failed: text that is no URL is left to that check.
  .refine(
    (value) => {
      const url = urlIn(value);
      return !url || url.protocol === 'https:' || url.pathname.startsWith('/sandbox/');
    },
    {
      message: 'must be an https:// address (http:// only for the network sandbox)',
    },
  );

const ZSuggestionBase = z.object({
  text: z.string().trim().min(1, 'is required').max(MESSAGE_LIMITS.suggestionText),
  postbackData: z.string().max(MESSAGE_LIMITS.postbackData).default(''),
});

export const ZSuggestion = z.discriminatedUnion('type', [
  ZSuggestionBase.extend({ type: z.literal('reply') }),
  ZSuggestionBase.extend({ type: z.literal('dial'), phoneNumber: ZMsisdn }),
  ZSuggestionBase.extend({ type: z.literal('open_url'), url: ZWebUrl }),
  ZSuggestionBase.extend({
    type: z.literal('view_location'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    label: z.string().max(100).optional(),
  }),
  /** Asks the user to share their location (RBM shareLocationAction, MaaP requestLocationPush). */
  ZSuggestionBase.extend({ type: z.literal('share_location') }),
  ZSuggestionBase.extend({
    type: z.literal('calendar'),
    title: z.string().trim().min(1).max(100),
    description: z.string().max(500).optional(),
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime(),
  }),
]);
export type TSuggestion = z.output<typeof ZSuggestion>;

export const ZCardMedia = z.object({
  fileUrl: ZWebUrl,
  height: z.enum(['SHORT', 'MEDIUM', 'TALL']).default('MEDIUM'),
});

export const ZRichCard = z
  .object({
    title: z.string().trim().max(MESSAGE_LIMITS.cardTitle).optional(),
    description: z.string().trim().max(MESSAGE_LIMITS.cardDescription).optional(),
    media: ZCardMedia.optional(),
    suggestions: z.array(ZSuggestion).max(MESSAGE_LIMITS.suggestionsPerCard).default([]),
  })
  .refine((card) => Boolean(card.title || card.description || card.media), {
    message: 'a card needs a title, a description or media',
  });
export type TRichCard = z.output<typeof ZRichCard>;

/**
 * A file uploaded to the network before: RBM's files.create answers its name (files/{id}),
 * WhatsApp's media upload its media id (digits).
 */
const UPLOADED_FILE = /^(files\/[\w.-]{1,200}|\d{1,40})$/;

/** What a file message shows as: WhatsApp's media message types (RBM and MaaP infer it from the file). */
export const FILE_MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[number];

/** A MIME type, type/subtype (parameters such as `; codecs=opus` allowed). */
export const ZMimeType = z
  .string()
  .trim()
  .max(200)
  .regex(/^[a-z]+\/[\w.+-]+(\s*;.*)?$/i, 'must be a MIME type, e.g. image/jpeg');

/** The name a phone shows for a file: no folders, no control characters. */
export const ZFileName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(MESSAGE_LIMITS.fileName)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  .regex(/^[^/\\\u0000-\u001f]+$/, 'must be a file name, without folders');

/** The media type a MIME type names: image, video, audio, or else a document. */
export function mediaTypeOfMime(mimeType: string): Exclude<FileMediaType, 'sticker'> {
  const top = mimeType.split('/')[0]?.toLowerCase();
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'document';
}

const suggestions = z.array(ZSuggestion).max(MESSAGE_LIMITS.suggestionsPerMessage).default([]);

const contactText = z.string().trim().min(1).max(500);
/** One contact card as WhatsApp's contacts message carries it (a formatted name is required). */
export const ZContactCard = z.strictObject({
  name: z.strictObject({
    formatted_name: contactText,
    first_name: contactText.optional(),
    last_name: contactText.optional(),
    middle_name: contactText.optional(),
    prefix: contactText.optional(),
    suffix: contactText.optional(),
  }),
  phones: z
    .array(
      z.strictObject({ phone: contactText, type: contactText.optional(), wa_id: contactText.optional() }),
    )
    .max(20)
    .optional(),
  emails: z
    .array(z.strictObject({ email: contactText, type: contactText.optional() }))
    .max(20)
    .optional(),
  urls: z
    .array(z.strictObject({ url: contactText, type: contactText.optional() }))
    .max(20)
    .optional(),
  addresses: z
    .array(
      z.strictObject({
        street: contactText.optional(),
        city: contactText.optional(),
        state: contactText.optional(),
        zip: contactText.optional(),
        country: contactText.optional(),
        country_code: contactText.optional(),
        type: contactText.optional(),
      }),
    )
    .max(20)
    .optional(),
  org: z
    .strictObject({
      company: contactText.optional(),
      department: contactText.optional(),
      title: contactText.optional(),
    })
    .optional(),
  birthday: z.iso.date().optional(),
});
export type TContactCard = z.output<typeof ZContactCard>;

export const ZMessageContent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    text: z.string().trim().min(1, 'is required').max(MESSAGE_LIMITS.text),
    suggestions,
  }),
  z.object({
    kind: z.literal('rich_card'),
    card: ZRichCard,
    /** The standalone card's layout (vertical when not given); horizontal cards put the image left or right. */
    orientation: z.enum(['VERTICAL', 'HORIZONTAL']).optional(),
    imageAlignment: z.enum(['LEFT', 'RIGHT']).optional(),
    suggestions,
  }),
  z.object({
    kind: z.literal('carousel'),
    cardWidth: z.enum(['SMALL', 'MEDIUM']).default('MEDIUM'),
    cards: z.array(ZRichCard).min(MESSAGE_LIMITS.carouselMin).max(MESSAGE_LIMITS.carouselMax),
    suggestions,
  }),
  /**
   * A file (image, audio, video, PDF) as the whole message: by URL (the network fetches it) or, on
   * RBM, a file uploaded to the network before (files.create: `files/{id}`). Exactly one of the two.
   * What a network may need besides, each optional: the media type (WhatsApp's message type, since
   * a URL's extension does not tell it reliably), the MIME type and size (MaaP's fileMessage), the
   * name a phone shows, a caption (WhatsApp). RBM sends the file alone and ignores them.
   */
  z
    .object({
      kind: z.literal('file'),
      fileUrl: ZWebUrl.optional(),
      thumbnailUrl: ZWebUrl.optional(),
      uploadedFile: z
        .string()
        .regex(UPLOADED_FILE, 'must be a file name files/{id} or a media id')
        .optional(),
      uploadedThumbnail: z
        .string()
        .regex(UPLOADED_FILE, 'must be a file name files/{id} or a media id')
        .optional(),
      mediaType: z.enum(FILE_MEDIA_TYPES).optional(),
      mimeType: ZMimeType.optional(),
      fileSize: z.number().int().positive().optional(),
      fileName: ZFileName.optional(),
      caption: z.string().trim().min(1, 'is required').max(MESSAGE_LIMITS.fileCaption).optional(),
      suggestions,
    })
    .refine((f) => (f.fileUrl === undefined) !== (f.uploadedFile === undefined), {
      message: 'a file message needs exactly one of fileUrl or uploadedFile',
    }),
  /** A place on a map (WhatsApp's location message). */
  z.object({
    kind: z.literal('location'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    name: z.string().trim().min(1).max(1000).optional(),
    address: z.string().trim().min(1).max(1000).optional(),
  }),
  /** Contact cards (WhatsApp's contacts message): each a name and how to reach the person. */
  z.object({
    kind: z.literal('contacts'),
    contacts: z.array(ZContactCard).min(1).max(MESSAGE_LIMITS.contactsPerMessage),
  }),
  /** An emoji on an earlier message of the conversation (WhatsApp's reaction); an empty emoji removes it. */
  z.object({
    kind: z.literal('reaction'),
    messageId: z.string().trim().min(1).max(256),
    emoji: z.string().max(16),
  }),
  z.object({
    kind: z.literal('template'),
    templateName: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be lower-case letters, digits and underscores'),
    language: z.string().trim().min(2).max(15).default('en_US'),
    parameters: z.array(z.string().min(1).max(1024)).max(MESSAGE_LIMITS.templateParameters).default([]),
    /** The text header's variable, when the template's header has one (Meta allows one). */
    headerParameters: z.array(z.string().min(1).max(60)).max(1).optional(),
    /** A media header's file, by link (Meta takes it with each send of an IMAGE, VIDEO or DOCUMENT header). */
    headerMedia: z
      .object({ type: z.enum(['image', 'video', 'document']), link: z.url().max(2000) })
      .optional(),
    /** The dynamic suffix of each URL button whose URL ends in {{1}}, by the button's index. */
    urlButtonParameters: z
      .array(z.object({ index: z.number().int().min(0).max(9), text: z.string().min(1).max(2000) }))
      .max(10)
      .optional(),
  }),
]);
export type TMessageContent = z.output<typeof ZMessageContent>;
export type TMessageContentInput = z.input<typeof ZMessageContent>;

/** POST /api/v1/secure/network-messages/test: a test message through the platform's test sender. */
export const ZSendTestMessageRequest = z.object({
  network: ZNetwork,
  recipient: ZMsisdn,
  content: ZMessageContent,
});
export type TSendTestMessageRequest = z.output<typeof ZSendTestMessageRequest>;

export const ZNetworkMessage = z.object({
  message_id: z.string(),
  network: ZNetwork,
  sender: z.string(),
  recipient: z.string(),
  content: ZMessageContent,
  status: z.enum(MESSAGE_STATUSES),
  network_message_id: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNetworkMessage = z.output<typeof ZNetworkMessage>;
export const ZNetworkMessageParams = z.object({ messageId: z.string().max(100) });

/** GET /api/v1/network-events/whatsapp: WhatsApp's subscription check. */
export const ZWhatsAppSubscriptionQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});
/** POST /api/v1/network-events/:network */
export const ZNetworkEventsParams = z.object({ network: ZNetwork });
/** What a delivery of events did: how many were new, how many changed a message. */
export const ZNetworkEventsReceipt = z.object({ stored: z.number().int(), applied: z.number().int() });
/** Google's one-time webhook verification is answered with the secret it sent. */
export const ZRbmWebhookVerificationAnswer = z.object({ secret: z.string() });

export const ZNetworkMessageListQuery = ZListWindowQuery(undefined, { network: ZNetwork.optional() });
export const ZNetworkMessageList = ZListResult(ZNetworkMessage);

/** An event a network posted to our webhook, as stored. */
export const ZNetworkEvent = z.object({
  event_id: z.string(),
  network: ZNetwork,
  kind: z.enum(['status', 'user_message', 'suggestion_response', 'unsubscribe', 'other']),
  network_message_id: z.string().nullable(),
  message_id: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES).nullable(),
  sender: z.string().nullable(),
  text: z.string().nullable(),
  postback_data: z.string().nullable(),
  error_code: z.string().nullable(),
  occurred_at: z.string().nullable(),
  received_at: z.string(),
  applied: z.boolean(),
});
export type TNetworkEvent = z.output<typeof ZNetworkEvent>;
export const ZNetworkEventListQuery = ZListWindowQuery(undefined, { network: ZNetwork.optional() });
export const ZNetworkEventList = ZListResult(ZNetworkEvent);

/** Connector health: calls, failures by kind, retries, since the process started. */
export const ZConnectorHealth = z.object({
  network: z.enum(CONNECTOR_LINKS),
  baseUrl: z.string(),
  requests: z.number().int(),
  failures: z.number().int(),
  retries: z.number().int(),
  errorRate: z.number(),
  failuresByKind: z.record(z.string(), z.number().int()),
  averageLatencyMs: z.number(),
});
export const ZNetworkHealth = z.object({ connectors: z.array(ZConnectorHealth) });
export type TNetworkHealth = z.output<typeof ZNetworkHealth>;
