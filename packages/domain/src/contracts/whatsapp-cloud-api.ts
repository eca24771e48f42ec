import { z } from 'zod';
import { zInternationalNumber } from '../rules/phone-numbers.ts';
import { MESSAGE_LIMITS, ZContactCard, ZFileName, ZWebUrl } from './network-messages.ts';

/**
 * The WhatsApp Cloud API's send call as Meta documents it (POST /{version}/{phone-number-id}/messages),
 * which Portico answers for a bot's WhatsApp number (issue 16, point 2; issue 25, point 5): text,
 * template, interactive reply-button, media (image, video, document, audio, sticker by link or by
 * the id of media uploaded with POST /{phone-number-id}/media), location, contacts and reaction
 * messages, marking a message read (with the typing indicator), Meta's responses and error shape.
 */

const ZTextParameter = z.object({ type: z.literal('text'), text: z.string().min(1).max(1024) });

const ZTemplateComponent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('header'), parameters: z.array(ZTextParameter).max(1) }),
  z.object({ type: z.literal('body'), parameters: z.array(ZTextParameter).max(100) }),
  z.object({
    type: z.literal('button'),
    sub_type: z.literal('url'),
    index: z.union([z.string().regex(/^\d$/), z.number().int().min(0).max(9)]),
    parameters: z.array(ZTextParameter).length(1),
  }),
]);

const ZReplyButton = z.object({
  type: z.literal('reply'),
  reply: z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(20) }),
});

/** Meta's media message types, each an object of the same name with the media by `link` (or `id`). */
export const WHATSAPP_MEDIA_TYPES = ['image', 'video', 'document', 'audio', 'sticker'] as const;
export type WhatsAppMediaType = (typeof WHATSAPP_MEDIA_TYPES)[number];

/**
 * The MIME types Meta sends as each media type (Cloud API "Supported media types"); Meta fetches a
 * link and fails the message when the file is none of these.
 */
export const WHATSAPP_MEDIA_MIME_TYPES: Readonly<Record<WhatsAppMediaType, readonly string[]>> = {
  image: ['image/jpeg', 'image/png'],
  video: ['video/mp4', 'video/3gpp', 'video/3gp'],
  audio: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
  document: [
    'text/plain',
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  sticker: ['image/webp'],
};

const caption = z.string().min(1).max(MESSAGE_LIMITS.fileCaption);
/**
 * A media object (ZMedia): the media by `link` (hosted by the partner, fetched by the network) or by `id`
 * (uploaded before with POST /{phone-number-id}/media, by the same bot), exactly one.
 * Strict: a caption or filename where Meta takes none is refused, not dropped.
 */
const ZMedia = z.strictObject({ id: z.string().min(1).max(200).optional(), link: ZWebUrl.optional() });
const oneSource = [
  (m: { id?: string; link?: string }) => (m.id === undefined) !== (m.link === undefined),
  { message: 'must have exactly one of id or link' },
] as const;

/** The request body. `to` is the recipient's number, digits with or without the leading +. */
export const ZCloudApiSendRequest = z
  .object({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual').optional(),
    to: zInternationalNumber(),
    type: z
      .enum(['text', 'template', 'interactive', 'location', 'contacts', 'reaction', ...WHATSAPP_MEDIA_TYPES])
      .default('text'),
    text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }).optional(),
    template: z
      .object({
        name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be lower-case letters, digits and underscores'),
        language: z.object({
          code: z.string().min(2).max(15),
          policy: z.literal('deterministic').optional(),
        }),
        components: z.array(ZTemplateComponent).max(12).optional(),
      })
      .optional(),
    interactive: z
      .object({
        type: z.literal('button'),
        body: z.object({ text: z.string().min(1).max(1024) }),
        action: z.object({ buttons: z.array(ZReplyButton).min(1).max(3) }),
      })
      .optional(),
    image: ZMedia.extend({ caption: caption.optional() })
      .refine(...oneSource)
      .optional(),
    video: ZMedia.extend({ caption: caption.optional() })
      .refine(...oneSource)
      .optional(),
    /** A document shows its filename (with its extension: the phone picks the icon by it). */
    document: ZMedia.extend({ caption: caption.optional(), filename: ZFileName.optional() })
      .refine(...oneSource)
      .optional(),
    audio: ZMedia.refine(...oneSource).optional(),
    sticker: ZMedia.refine(...oneSource).optional(),
    location: z
      .strictObject({
        latitude: z.coerce.number().min(-90).max(90),
        longitude: z.coerce.number().min(-180).max(180),
        name: z.string().min(1).max(1000).optional(),
        address: z.string().min(1).max(1000).optional(),
      })
      .optional(),
    contacts: z.array(ZContactCard).min(1).max(MESSAGE_LIMITS.contactsPerMessage).optional(),
    /** An emoji on a message of the conversation; an empty emoji removes the reaction. */
    reaction: z
      .strictObject({ message_id: z.string().min(1).max(256), emoji: z.string().max(16) })
      .optional(),
    context: z.object({ message_id: z.string().max(256) }).optional(),
    biz_opaque_callback_data: z.string().max(512).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body[body.type])
      ctx.addIssue({ code: 'custom', path: [body.type], message: `is required for type ${body.type}` });
  });
export type TCloudApiSendRequest = z.output<typeof ZCloudApiSendRequest>;

/**
 * Marks a message the user sent as read (two blue ticks; earlier messages too), optionally with the
 * typing indicator while the answer is prepared (dismissed by the answer or after 25 seconds).
 */
export const ZCloudApiStatusRequest = z.strictObject({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: z.string().min(1).max(256),
  typing_indicator: z.strictObject({ type: z.literal('text') }).optional(),
});
export type TCloudApiStatusRequest = z.output<typeof ZCloudApiStatusRequest>;

/** Meta's answer to marking read, deleting media: `{success: true}`. */
export const ZCloudApiSuccess = z.object({ success: z.boolean() });

/** The media upload's answer: the id a media message names. */
export const ZCloudApiMediaId = z.object({ id: z.string() });
/** GET /{media-id}: where the media is (fetched with the same bearer token), its type, hash and size. */
export const ZCloudApiMedia = z.object({
  messaging_product: z.literal('whatsapp'),
  url: z.string(),
  mime_type: z.string(),
  sha256: z.string(),
  file_size: z.number().int(),
  id: z.string(),
});
export type TCloudApiMedia = z.output<typeof ZCloudApiMedia>;
/** The largest media Meta takes by upload (documents: 100 MB). */
export const WHATSAPP_MEDIA_MAX_BYTES = 100 * 1024 * 1024;

/** Meta's answer to an accepted send. */
export const ZCloudApiSendResponse = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })),
  messages: z.array(z.object({ id: z.string() })),
});
export type TCloudApiSendResponse = z.output<typeof ZCloudApiSendResponse>;

/** Meta's (Graph API's) error shape. */
export const ZCloudApiError = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    error_data: z.object({ messaging_product: z.literal('whatsapp'), details: z.string() }).optional(),
    fbtrace_id: z.string(),
  }),
});
export type TCloudApiError = z.output<typeof ZCloudApiError>;
