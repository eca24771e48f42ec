import { z } from 'zod';
import { MESSAGE_LIMITS, ZFileName, ZWebUrl } from './network-messages.ts';

/**
 * The WhatsApp Cloud API's send call as Meta documents it (POST /{version}/{phone-number-id}/messages),
 * which Portico answers for a bot's WhatsApp number (issue 16, point 2): text, template,
 * interactive reply-button and media (image, video, document, audio, sticker by link) messages,
 * Meta's response and Meta's error shape.
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
 * (uploaded to Meta before; the route refuses it, Portico offers no media upload), exactly one.
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
    to: z.string().regex(/^\+?[1-9]\d{7,14}$/, 'must be a phone number with its country code'),
    type: z.enum(['text', 'template', 'interactive', ...WHATSAPP_MEDIA_TYPES]).default('text'),
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
    context: z.object({ message_id: z.string().max(256) }).optional(),
    biz_opaque_callback_data: z.string().max(512).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body[body.type])
      ctx.addIssue({ code: 'custom', path: [body.type], message: `is required for type ${body.type}` });
  });
export type TCloudApiSendRequest = z.output<typeof ZCloudApiSendRequest>;

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
