import { createHash, randomUUID } from 'node:crypto';
import {
  multipartRelatedParts,
  WHATSAPP_MEDIA_MAX_BYTES,
  WHATSAPP_MEDIA_MIME_TYPES,
  WHATSAPP_MEDIA_TYPES,
  type WhatsAppMediaType,
  ZContactCard,
} from '@portico/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId, nowIso, type SandboxContext } from './context.ts';
import { isOnWhatsApp } from './options.ts';
import { type HandsetItem, handsetFile, type WaTemplate } from './store.ts';

/**
 * WhatsApp Cloud API (graph.facebook.com/{version}), served under /sandbox/whatsapp/{version}:
 * POST /{phone-number-id}/messages (text, template, interactive buttons, media by link or by the id
 * of uploaded media, location, contacts, reactions; `status: read` marks a user's message read, with
 * the typing indicator), media upload (POST /{phone-number-id}/media), GET and DELETE /{media-id},
 * POST and GET /{waba-id}/message_templates, and status webhooks signed with X-Hub-Signature-256.
 * Errors use the Graph shape: {error: {message, type, code, error_data, fbtrace_id}}.
 */

export const WA_ERRORS = {
  invalidParameter: { code: 100, http: 400, title: 'Invalid parameter' },
  auth: { code: 190, http: 401, title: 'Invalid OAuth access token' },
  throughput: { code: 130429, http: 429, title: 'Rate limit hit' },
  undeliverable: { code: 131026, http: 400, title: 'Message undeliverable' },
  parameterMismatch: {
    code: 132000,
    http: 400,
    title: 'Number of parameters does not match the expected number of params',
  },
  templateMissing: { code: 132001, http: 404, title: 'Template name does not exist in the translation' },
  templatePaused: { code: 132015, http: 400, title: 'Template is paused' },
  serviceUnavailable: { code: 131000, http: 503, title: 'Something went wrong' },
  /** Meta could not fetch or send the linked media (reported in the failed status, after the send). */
  mediaUpload: { code: 131053, http: 400, title: 'Media upload error' },
} as const;
type WaErrorKind = keyof typeof WA_ERRORS;

export class WhatsAppError extends Error {
  constructor(
    readonly kind: WaErrorKind,
    readonly details: string,
  ) {
    super(WA_ERRORS[kind].title);
  }
}

/** A media object: by link, or by the id of media uploaded with POST /{phone-number-id}/media. */
const ZMedia = z.object({ id: z.string().min(1).optional(), link: z.string().url().optional() }).strict();
/** A template parameter: text, or a media header's file. */
const ZTemplateParameter = z.union([
  z.object({ type: z.literal('text'), text: z.string().min(1).max(1024) }).strict(),
  z.object({ type: z.literal('image'), image: ZMedia }).strict(),
  z.object({ type: z.literal('video'), video: ZMedia }).strict(),
  z.object({ type: z.literal('document'), document: ZMedia }).strict(),
]);
const ZCaption = z.string().min(1).max(1024);

/**
 * The MIME type a link's extension names, where it names one: the sandbox fetches nothing, so the
 * extension stands for the Content-Type Meta would get when it fetches the link.
 */
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  aac: 'audio/aac',
  amr: 'audio/amr',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};
const linkType = (link: string) =>
  EXTENSION_TYPES[new URL(link).pathname.split('.').pop()?.toLowerCase() ?? ''] ?? undefined;

export const ZWhatsAppMessage = z
  .object({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual').optional(),
    to: z.string().regex(/^\+?[1-9]\d{7,14}$/),
    type: z
      .enum(['text', 'template', 'interactive', 'location', 'contacts', 'reaction', ...WHATSAPP_MEDIA_TYPES])
      .default('text'),
    biz_opaque_callback_data: z.string().max(512).optional(),
    context: z
      .object({ message_id: z.string().max(256) })
      .strict()
      .optional(),
    location: z
      .object({
        latitude: z.coerce.number().min(-90).max(90),
        longitude: z.coerce.number().min(-180).max(180),
        name: z.string().max(1000).optional(),
        address: z.string().max(1000).optional(),
      })
      .strict()
      .optional(),
    contacts: z.array(ZContactCard).min(1).max(20).optional(),
    reaction: z
      .object({ message_id: z.string().min(1).max(256), emoji: z.string().max(16) })
      .strict()
      .optional(),
    text: z
      .object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() })
      .strict()
      .optional(),
    template: z
      .object({
        name: z.string().min(1).max(512),
        language: z
          .object({ code: z.string().min(2), policy: z.literal('deterministic').optional() })
          .strict(),
        components: z
          .array(
            z
              .object({
                type: z.enum(['header', 'body', 'button']),
                sub_type: z.string().optional(),
                index: z.union([z.string(), z.number()]).optional(),
                parameters: z.array(ZTemplateParameter),
              })
              .strict(),
          )
          .optional(),
      })
      .strict()
      .optional(),
    interactive: z
      .object({
        type: z.literal('button'),
        body: z.object({ text: z.string().min(1).max(1024) }).strict(),
        action: z
          .object({
            buttons: z
              .array(
                z
                  .object({
                    type: z.literal('reply'),
                    reply: z.object({ id: z.string().max(256), title: z.string().min(1).max(20) }).strict(),
                  })
                  .strict(),
              )
              .min(1)
              .max(3),
          })
          .strict(),
      })
      .strict()
      .optional(),
    image: ZMedia.extend({ caption: ZCaption.optional() }).strict().optional(),
    video: ZMedia.extend({ caption: ZCaption.optional() }).strict().optional(),
    document: ZMedia.extend({ caption: ZCaption.optional(), filename: z.string().min(1).max(240).optional() })
      .strict()
      .optional(),
    audio: ZMedia.optional(),
    sticker: ZMedia.optional(),
  })
  .strict()
  .refine((m) => m[m.type] !== undefined, { message: 'the object named by type is required' });

type WhatsAppMessage = z.infer<typeof ZWhatsAppMessage>;

/** Marking a user's message read, with the typing indicator if asked. */
const ZMarkRead = z
  .object({
    messaging_product: z.literal('whatsapp'),
    status: z.literal('read'),
    message_id: z.string().min(1).max(256),
    typing_indicator: z
      .object({ type: z.literal('text') })
      .strict()
      .optional(),
  })
  .strict();

/** Media uploaded to the sandbox: its bytes, by the number that uploaded it (only it may use it). */
interface UploadedMedia {
  id: string;
  phoneNumberId: string;
  mimeType: string;
  sha256: string;
  bytes: Buffer;
  fileName: string;
  /** The unguessable name the handsets fetch it by (a phone downloads it; no token there). */
  handsetKey: string;
}
/** The media the sandbox keeps, the newest first out at this many. */
const MAX_MEDIA = 500;
const isMedia = (type: string): type is WhatsAppMediaType =>
  (WHATSAPP_MEDIA_TYPES as readonly string[]).includes(type);

/**
 * The media of a media message, as the handset shows it, and whether Meta could send it (the
 * link's type is one Meta takes for the message's type; else the send fails later with 131053).
 */
function mediaOf(
  message: WhatsAppMessage,
  uploaded: (id: string) => { url: string; mimeType: string } | null,
) {
  const { type } = message;
  if (!isMedia(type)) return null;
  const media: { id?: string; link?: string; caption?: string; filename?: string } | undefined =
    message[type];
  let link = media?.link;
  let mimeType = link ? linkType(link) : undefined;
  if (media?.id !== undefined) {
    const found = uploaded(media.id);
    if (!found)
      throw new WhatsAppError(
        'invalidParameter',
        `Param ${type}['id'] is not a valid media ID: no media ${media.id} was uploaded by this number.`,
      );
    link = found.url;
    mimeType = found.mimeType;
  }
  if (!media || !link) throw new WhatsAppError('invalidParameter', `Param ${type}['link'] is required.`);
  return {
    file: handsetFile(link, {
      mediaType: type,
      ...(media.filename ? { name: media.filename } : {}),
      ...(mimeType ? { mimeType } : {}),
    }),
    caption: media.caption,
    unsupported: mimeType !== undefined && !WHATSAPP_MEDIA_MIME_TYPES[type].includes(mimeType),
  };
}

const ZTemplateCreate = z
  .object({
    name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'name must be lower-case letters, digits and underscores'),
    language: z.string().min(2),
    category: z.enum(['AUTHENTICATION', 'MARKETING', 'UTILITY']),
    allow_category_change: z.boolean().optional(),
    components: z
      .array(
        z
          .object({
            type: z.enum(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']),
            format: z.string().optional(),
            text: z.string().max(1024).optional(),
            buttons: z.array(z.record(z.string(), z.unknown())).optional(),
            example: z.record(z.string(), z.unknown()).optional(),
            // Authentication templates: Meta's preset text, the security line and the code's expiry.
            add_security_recommendation: z.boolean().optional(),
            code_expiration_minutes: z.number().int().min(1).max(90).optional(),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

function graphError(reply: FastifyReply, error: WhatsAppError) {
  const spec = WA_ERRORS[error.kind];
  return reply.code(spec.http).send({
    error: {
      message: `(#${spec.code}) ${spec.title}`,
      type: 'OAuthException',
      code: spec.code,
      error_data: { messaging_product: 'whatsapp', details: error.details },
      fbtrace_id: newId('A'),
    },
  });
}

function templateBody(template: WaTemplate): string {
  const body = template.components.find((c) => c.type === 'BODY');
  return typeof body?.text === 'string' ? body.text : '';
}
function templateHeaderText(template: WaTemplate): string {
  const header = template.components.find((c) => c.type === 'HEADER' && c.format === 'TEXT');
  return typeof header?.text === 'string' ? header.text : '';
}
const placeholders = (text: string) => new Set([...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;

/** What Meta's Resumable Upload API takes (profile photos, template header media). */
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'video/mp4', 'application/pdf'];

export function whatsappPlugin(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(async (error: unknown, _request, reply) => {
      if (error instanceof WhatsAppError) return graphError(reply, error);
      return graphError(reply, new WhatsAppError('invalidParameter', (error as Error).message));
    });
    app.addHook('onRequest', async (request: FastifyRequest) => {
      // Media as a phone downloads it: by its unguessable key, without a token.
      if (request.method === 'GET' && request.url.includes('/whatsapp/handset-media/')) return;
      const token = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const expected = ctx.credentials.whatsapp;
      if (!token || (expected !== undefined && token !== expected))
        throw new WhatsAppError('auth', 'The access token could not be decrypted.');
      if (ctx.chance(ctx.behaviour.serverErrorRatio))
        throw new WhatsAppError('serviceUnavailable', 'The service is temporarily unavailable.');
    });

    app.post<{ Params: { version: string; phoneNumberId: string } }>(
      '/:version/:phoneNumberId/messages',
      async (request) => {
        const { phoneNumberId } = request.params;
        const read = ZMarkRead.safeParse(request.body);
        if (read.success) {
          // The user's message to this number (and, on the phone, every earlier one) shows read.
          const item = ctx.store.locateItem(read.data.message_id);
          if (!item || item.sender !== phoneNumberId || item.direction !== 'sent')
            throw new WhatsAppError(
              'invalidParameter',
              `Message ${read.data.message_id} is not a message this number received.`,
            );
          item.status = 'read';
          return { success: true };
        }
        const parsed = ZWhatsAppMessage.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new WhatsAppError('invalidParameter', `${issue?.path.join('.')}: ${issue?.message}`);
        }
        const message = parsed.data;
        const msisdn = message.to.startsWith('+') ? message.to : `+${message.to}`;
        const { rateLimits } = ctx.behaviour;
        const overLimit =
          rateLimits.enabled && !ctx.store.takeToken(`wa|${phoneNumberId}`, rateLimits.whatsappPerSecond);
        if (overLimit && rateLimits.whatsappOverLimit === 'reject')
          throw new WhatsAppError(
            'throughput',
            `More than ${rateLimits.whatsappPerSecond} messages per second from this phone number.`,
          );

        let text = message.text?.body ?? message.interactive?.body.text;
        if (message.template) {
          const template = ctx.store.findTemplate(message.template.name, message.template.language.code);
          if (!template || template.status === 'PENDING' || template.status === 'REJECTED')
            throw new WhatsAppError(
              'templateMissing',
              `template name (${message.template.name}) does not exist in ${message.template.language.code}`,
            );
          if (template.status === 'PAUSED')
            throw new WhatsAppError('templatePaused', `template ${template.name} is paused`);
          const parameters = (
            message.template.components?.find((c) => c.type === 'body')?.parameters ?? []
          ).flatMap((p) => (p.type === 'text' ? [p] : []));
          const body = templateBody(template);
          if (placeholders(body) !== parameters.length)
            throw new WhatsAppError(
              'parameterMismatch',
              `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${placeholders(body)})`,
            );
          const header = templateHeaderText(template);
          const headerParameters = (
            message.template.components?.find((c) => c.type === 'header')?.parameters ?? []
          ).flatMap((p) => (p.type === 'text' ? [p] : []));
          if (placeholders(header) !== headerParameters.length)
            throw new WhatsAppError(
              'parameterMismatch',
              `header: number of localizable_params (${headerParameters.length}) does not match the expected number of params (${placeholders(header)})`,
            );
          const fill = (source: string, values: { text?: string | undefined }[]) =>
            source.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => values[Number(n) - 1]?.text ?? '');
          text = [fill(header, headerParameters), fill(body, parameters)].filter(Boolean).join('\n');
        }

        const media = mediaOf(message, (id) => {
          const found = mediaStore.get(id);
          if (!found || found.phoneNumberId !== phoneNumberId) return null;
          return {
            url: `${ctx.mountPath}/whatsapp/handset-media/${found.handsetKey}`,
            mimeType: found.mimeType,
          };
        });
        if (media?.caption) text = media.caption;
        if (message.location) {
          const { name, address, latitude, longitude } = message.location;
          text = `📍 ${[name, address].filter(Boolean).join(', ') || 'Location'} (${latitude}, ${longitude})`;
        }
        if (message.contacts)
          text = message.contacts
            .map((c) => `👤 ${c.name.formatted_name}${c.phones?.[0] ? ` ${c.phones[0].phone}` : ''}`)
            .join('\n');
        if (message.reaction) {
          // A reaction goes on a message of the conversation with this number (either way).
          const target = ctx.store.locateItem(message.reaction.message_id);
          if (!target || target.sender !== phoneNumberId)
            throw new WhatsAppError(
              'invalidParameter',
              `Message ${message.reaction.message_id} is not in a conversation of this number.`,
            );
          text = message.reaction.emoji ? `Reacted ${message.reaction.emoji}` : 'Reaction removed';
        }

        const wamid = `wamid.${Buffer.from(newId()).toString('base64url')}`;
        const item: HandsetItem = {
          id: wamid,
          network: 'whatsapp',
          sender: phoneNumberId,
          direction: 'received',
          at: nowIso(),
          ...(text ? { text } : {}),
          ...(media ? { file: media.file } : {}),
          suggestions: (message.interactive?.action.buttons ?? []).map((b) => ({
            type: 'reply' as const,
            text: b.reply.title,
            postbackData: b.reply.id,
          })),
          status: 'pending',
        };
        const failure = overLimit
          ? WA_ERRORS.throughput
          : !isOnWhatsApp(msisdn)
            ? WA_ERRORS.undeliverable
            : media?.unsupported
              ? WA_ERRORS.mediaUpload
              : null;
        if (!failure) ctx.store.addItem(msisdn, item);
        scheduleStatuses(ctx, phoneNumberId, msisdn, wamid, failure);
        return {
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: msisdn.slice(1) }],
          messages: [{ id: wamid, ...(message.template ? { message_status: 'accepted' } : {}) }],
        };
      },
    );

    // Profile photo uploads (see the Resumable Upload API routes below), by upload session id.
    const uploads = new Map<string, { length: number; type: string; handle?: string }>();

    // Media upload (POST /{phone-number-id}/media, multipart/form-data: messaging_product, type,
    // file): Meta's supported types and sizes; the answer's id is what a media message names.
    const mediaStore = new Map<string, UploadedMedia>();
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: WHATSAPP_MEDIA_MAX_BYTES + 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    app.post<{
      Params: { version: string; phoneNumberId: string };
      Querystring: { messaging_product?: string };
    }>('/:version/:phoneNumberId/media', async (request) => {
      const { phoneNumberId } = request.params;
      const body = request.body;
      const parts = Buffer.isBuffer(body)
        ? multipartRelatedParts(body, request.headers['content-type'] ?? '')
        : null;
      if (!parts) throw new WhatsAppError('invalidParameter', 'Send the media as multipart/form-data.');
      const field = (name: string) => {
        const part = parts.find((p) => p.name === name && p.fileName === undefined);
        return part ? Buffer.from(part.body).toString('utf8') : undefined;
      };
      if ((field('messaging_product') ?? request.query.messaging_product) !== 'whatsapp')
        throw new WhatsAppError('invalidParameter', 'The parameter messaging_product is required.');
      const file = parts.find((p) => p.name === 'file');
      if (!file || file.body.length === 0)
        throw new WhatsAppError('invalidParameter', 'The parameter file is required.');
      const mimeType = (field('type') ?? file.contentType).split(';')[0]?.trim().toLowerCase() ?? '';
      const supported = Object.values(WHATSAPP_MEDIA_MIME_TYPES).some((types) => types.includes(mimeType));
      if (!supported)
        throw new WhatsAppError(
          'invalidParameter',
          `Param file must be a file with one of the supported types: ${mimeType} is not.`,
        );
      const id = String(1_000_000_000_000_000 + Math.floor(Math.random() * 8_000_000_000_000_000));
      if (mediaStore.size >= MAX_MEDIA) {
        const oldest = mediaStore.keys().next().value;
        if (oldest !== undefined) mediaStore.delete(oldest);
      }
      const bytes = Buffer.from(file.body);
      mediaStore.set(id, {
        id,
        phoneNumberId,
        mimeType,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes,
        fileName: file.fileName ?? 'file',
        handsetKey: randomUUID(),
      });
      return { id };
    });
    // The media's bytes at the URL GET /{media-id} answers (with the token, as Meta's lookaside URL).
    app.get<{ Params: { id: string } }>('/media-file/:id', async (request, reply) => {
      const media = mediaStore.get(request.params.id);
      if (!media) throw new WhatsAppError('invalidParameter', `Media ${request.params.id} does not exist.`);
      return reply.type(media.mimeType).send(media.bytes);
    });
    // What a handset shows: the same bytes by an unguessable key, as the phone has them.
    app.get<{ Params: { key: string } }>('/handset-media/:key', async (request, reply) => {
      const media = [...mediaStore.values()].find((m) => m.handsetKey === request.params.key);
      if (!media) return reply.code(404).send();
      return reply.type(media.mimeType).send(media.bytes);
    });
    const mediaOfNumber = (id: string, phoneNumberId: string | undefined) => {
      const media = mediaStore.get(id);
      // Meta answers media of another number, or none, as an object that does not exist.
      if (!media || (phoneNumberId !== undefined && media.phoneNumberId !== phoneNumberId))
        throw new WhatsAppError('invalidParameter', `Unsupported request: object ${id} does not exist.`);
      return media;
    };

    // Phone numbers of a WABA: add one (with its display name), list them, register it for the
    // Cloud API, set its business profile, deregister it.
    const ZPhoneCreate = z.object({
      cc: z.string().regex(/^\d{1,3}$/),
      phone_number: z.string().regex(/^\d{4,14}$/),
      verified_name: z.string().trim().min(1).max(255),
    });
    app.post<{ Params: { version: string; wabaId: string } }>(
      '/:version/:wabaId/phone_numbers',
      async (request) => {
        const parsed = ZPhoneCreate.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new WhatsAppError('invalidParameter', `${issue?.path.join('.')}: ${issue?.message}`);
        }
        const display = `+${parsed.data.cc}${parsed.data.phone_number}`;
        const taken = [...ctx.store.waPhoneNumbers.values()].find((n) => n.displayPhoneNumber === display);
        if (taken)
          throw new WhatsAppError(
            'invalidParameter',
            `The phone number ${display} is already on a WhatsApp Business Account.`,
          );
        const id = String(100_000_000_000_000 + Math.floor(Math.random() * 900_000_000_000_000));
        ctx.store.waPhoneNumbers.set(id, {
          id,
          wabaId: request.params.wabaId,
          displayPhoneNumber: display,
          verifiedName: parsed.data.verified_name,
          registered: false,
          profile: {},
        });
        return { id };
      },
    );
    app.get<{ Params: { version: string; wabaId: string } }>(
      '/:version/:wabaId/phone_numbers',
      async (request) => ({
        data: [...ctx.store.waPhoneNumbers.values()]
          .filter((n) => n.wabaId === request.params.wabaId)
          .map((n) => ({
            id: n.id,
            display_phone_number: n.displayPhoneNumber,
            verified_name: n.verifiedName,
            status: n.registered ? 'CONNECTED' : 'PENDING',
          })),
      }),
    );
    const phoneNumberOf = (id: string) => {
      const number = ctx.store.waPhoneNumbers.get(id);
      if (!number)
        throw new WhatsAppError('invalidParameter', `Unsupported request: object ${id} does not exist.`);
      return number;
    };
    app.post<{ Params: { version: string; phoneNumberId: string } }>(
      '/:version/:phoneNumberId/register',
      async (request) => {
        const body = z.object({ messaging_product: z.literal('whatsapp'), pin: z.string().regex(/^\d{6}$/) });
        if (!body.safeParse(request.body).success)
          throw new WhatsAppError(
            'invalidParameter',
            'messaging_product whatsapp and a 6-digit pin are required.',
          );
        phoneNumberOf(request.params.phoneNumberId).registered = true;
        return { success: true };
      },
    );
    app.post<{ Params: { version: string; phoneNumberId: string } }>(
      '/:version/:phoneNumberId/deregister',
      async (request) => {
        phoneNumberOf(request.params.phoneNumberId).registered = false;
        return { success: true };
      },
    );
    // The phone number node (GET /{phone-number-id}): status CONNECTED once registered for the
    // Cloud API, PENDING before; a sender is live on WhatsApp once its number is CONNECTED.
    app.get<{
      Params: { version: string; phoneNumberId: string };
      Querystring: { phone_number_id?: string };
    }>('/:version/:phoneNumberId', async (request) => {
      // A media id (GET /{media-id}): where its bytes are, its type, hash and size.
      if (mediaStore.has(request.params.phoneNumberId)) {
        const media = mediaOfNumber(request.params.phoneNumberId, request.query.phone_number_id);
        return {
          messaging_product: 'whatsapp',
          url: `${request.protocol}://${request.host}${ctx.mountPath}/whatsapp/media-file/${media.id}`,
          mime_type: media.mimeType,
          sha256: media.sha256,
          file_size: media.bytes.length,
          id: media.id,
        };
      }
      const number = phoneNumberOf(request.params.phoneNumberId);
      return {
        id: number.id,
        display_phone_number: number.displayPhoneNumber,
        verified_name: number.verifiedName,
        status: number.registered ? 'CONNECTED' : 'PENDING',
      };
    });
    // Removes a deregistered number from its WABA.
    app.delete<{
      Params: { version: string; phoneNumberId: string };
      Querystring: { phone_number_id?: string };
    }>('/:version/:phoneNumberId', async (request) => {
      // A media id (DELETE /{media-id}): the media is gone.
      if (mediaStore.has(request.params.phoneNumberId)) {
        const media = mediaOfNumber(request.params.phoneNumberId, request.query.phone_number_id);
        mediaStore.delete(media.id);
        return { success: true };
      }
      const number = phoneNumberOf(request.params.phoneNumberId);
      if (number.registered)
        throw new WhatsAppError('invalidParameter', 'Deregister the phone number before deleting it.');
      ctx.store.waPhoneNumbers.delete(number.id);
      return { success: true };
    });
    app.post<{ Params: { version: string; phoneNumberId: string } }>(
      '/:version/:phoneNumberId/whatsapp_business_profile',
      async (request) => {
        const body = z
          .object({
            messaging_product: z.literal('whatsapp'),
            about: z.string().min(1).max(139).optional(),
            vertical: z.string().optional(),
            profile_picture_handle: z.string().optional(),
          })
          .safeParse(request.body);
        if (!body.success) throw new WhatsAppError('invalidParameter', 'about is 1 to 139 characters.');
        const handle = body.data.profile_picture_handle;
        if (handle !== undefined && ![...uploads.values()].some((u) => u.handle === handle))
          throw new WhatsAppError('invalidParameter', 'profile_picture_handle is not a known upload handle.');
        const number = phoneNumberOf(request.params.phoneNumberId);
        number.profile = { ...number.profile, ...body.data };
        return { success: true };
      },
    );

    app.get<{ Params: { version: string; phoneNumberId: string } }>(
      '/:version/:phoneNumberId/whatsapp_business_profile',
      async (request) => ({ data: [phoneNumberOf(request.params.phoneNumberId).profile] }),
    );

    // Resumable Upload API (profile photos, template header media): open a session on the app, then send the bytes from
    // offset 0; the answer's handle is what whatsapp_business_profile takes.
    app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post<{
      Params: { version: string; appId: string };
      Querystring: { file_length?: string; file_type?: string };
    }>('/:version/:appId/uploads', async (request) => {
      const length = Number(request.query.file_length);
      const type = request.query.file_type ?? '';
      if (!Number.isInteger(length) || length <= 0 || !UPLOAD_TYPES.includes(type))
        throw new WhatsAppError(
          'invalidParameter',
          `file_length (bytes) and file_type (${UPLOAD_TYPES.join(', ')}) are required.`,
        );
      const id = `upload:${randomUUID()}`;
      uploads.set(id, { length, type });
      return { id };
    });
    app.post<{ Params: { version: string; uploadId: string } }>('/:version/:uploadId', async (request) => {
      const upload = uploads.get(request.params.uploadId);
      if (!upload)
        throw new WhatsAppError(
          'invalidParameter',
          `Unsupported request: object ${request.params.uploadId} does not exist.`,
        );
      if (request.headers.file_offset !== '0')
        throw new WhatsAppError('invalidParameter', 'file_offset 0 is required.');
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length !== upload.length)
        throw new WhatsAppError('invalidParameter', `The file must be ${upload.length} bytes.`);
      upload.handle = `4::${Buffer.from(request.params.uploadId).toString('base64url')}`;
      return { h: upload.handle };
    });

    app.post<{ Params: { version: string; wabaId: string } }>(
      '/:version/:wabaId/message_templates',
      async (request) => {
        const { wabaId } = request.params;
        const parsed = ZTemplateCreate.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new WhatsAppError('invalidParameter', `${issue?.path.join('.')}: ${issue?.message}`);
        }
        const input = parsed.data;
        const key = ctx.store.templateKey(wabaId, input.name, input.language);
        if (ctx.store.templates.has(key))
          throw new WhatsAppError(
            'invalidParameter',
            `Content in this language already exists for template ${input.name}.`,
          );
        const template: WaTemplate = {
          // A safe integer of 15 digits, never with a leading zero: the webhook carries it as a JSON
          // number, as Meta's does, and a leading zero would not survive that.
          id: String(1e14 + (Date.now() % 1e9) * 1e5 + Math.floor(Math.random() * 1e5)),
          wabaId,
          name: input.name,
          language: input.language,
          category: input.category,
          components: input.components,
          status: 'PENDING',
          rejected_reason: 'NONE',
        };
        ctx.store.templates.set(key, template);
        ctx.later(ctx.behaviour.templateReviewDelayMs, () => reviewTemplate(ctx, template));
        return { id: template.id, status: template.status, category: template.category };
      },
    );

    registerTemplateDelete(app, ctx);

    app.get<{
      Params: { version: string; wabaId: string };
      Querystring: { limit?: string; after?: string; name?: string; status?: string };
    }>('/:version/:wabaId/message_templates', async (request) => {
      const { wabaId } = request.params;
      const limit = Math.min(Math.max(Number(request.query.limit ?? 25) || 25, 1), 100);
      const offset = request.query.after
        ? Number(Buffer.from(request.query.after, 'base64url').toString()) || 0
        : 0;
      const all = [...ctx.store.templates.values()].filter(
        (t) =>
          t.wabaId === wabaId &&
          (!request.query.name || t.name.includes(request.query.name)) &&
          (!request.query.status || t.status === request.query.status),
      );
      const page = all.slice(offset, offset + limit);
      const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
      return {
        data: page.map((t) => ({
          name: t.name,
          components: t.components,
          language: t.language,
          status: t.status,
          category: t.category,
          id: t.id,
          ...(t.status === 'REJECTED' ? { rejected_reason: t.rejected_reason } : {}),
        })),
        paging: {
          cursors: { before: cursor(offset), after: cursor(offset + page.length) },
          ...(offset + page.length < all.length
            ? { next: `?limit=${limit}&after=${cursor(offset + page.length)}` }
            : {}),
        },
      };
    });
  };
}

/** The documented review outcomes, by name: "reject" -> REJECTED (INVALID_FORMAT), "pause" -> APPROVED then PAUSED. */
function reviewTemplate(ctx: SandboxContext, template: WaTemplate) {
  // A template deleted meanwhile is not reviewed.
  if (
    ctx.store.templates.get(ctx.store.templateKey(template.wabaId, template.name, template.language)) !==
    template
  )
    return;
  if (template.name.includes('reject')) {
    template.status = 'REJECTED';
    template.rejected_reason = 'INVALID_FORMAT';
  } else {
    template.status = 'APPROVED';
    if (template.name.includes('pause'))
      ctx.later(ctx.behaviour.templateReviewDelayMs, () => {
        template.status = 'PAUSED';
        templateStatusWebhook(ctx, template);
      });
  }
  templateStatusWebhook(ctx, template);
}

/** Meta's message_template_status_update webhook for the template's current status. */
function templateStatusWebhook(ctx: SandboxContext, template: WaTemplate) {
  void ctx.deliver('whatsapp', {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: template.wabaId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event: template.status,
              message_template_id: Number(template.id),
              message_template_name: template.name,
              message_template_language: template.language,
              reason: template.status === 'REJECTED' ? template.rejected_reason : 'NONE',
            },
          },
        ],
      },
    ],
  });
}

/** DELETE /{waba-id}/message_templates?name=...: deletes every language of the template (Meta's delete by name). */
function registerTemplateDelete(app: FastifyInstance, ctx: SandboxContext) {
  app.delete<{ Params: { version: string; wabaId: string }; Querystring: { name?: string } }>(
    '/:version/:wabaId/message_templates',
    async (request) => {
      const { wabaId } = request.params;
      const name = request.query.name ?? '';
      const keys = [...ctx.store.templates.entries()]
        .filter(([, t]) => t.wabaId === wabaId && t.name === name)
        .map(([key]) => key);
      if (keys.length === 0)
        throw new WhatsAppError('templateMissing', `template name (${name}) does not exist`);
      for (const key of keys) ctx.store.templates.delete(key);
      return { success: true };
    },
  );
}

/**
 * A `messages` webhook about a business number: Meta names it in value.metadata (its id, and its
 * display number as digits).
 */
export function whatsappWebhook(ctx: SandboxContext, phoneNumberId: string, value: Record<string, unknown>) {
  const number = ctx.store.waPhoneNumbers.get(phoneNumberId);
  const display = number ? number.displayPhoneNumber.replace(/\D/g, '') : phoneNumberId;
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: `waba-of-${phoneNumberId}`,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: display, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

function statusValue(
  wamid: string,
  msisdn: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  error?: { code: number; title: string },
) {
  return {
    statuses: [
      {
        id: wamid,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: msisdn.slice(1),
        ...(error
          ? {
              errors: [
                {
                  code: error.code,
                  title: error.title,
                  message: error.title,
                  error_data: { details: error.title },
                },
              ],
            }
          : {}),
      },
    ],
  };
}

function scheduleStatuses(
  ctx: SandboxContext,
  phoneNumberId: string,
  msisdn: string,
  wamid: string,
  failure: { code: number; title: string } | null,
) {
  const { behaviour } = ctx;
  if (!behaviour.receipts) return;
  const send = (status: 'sent' | 'delivered' | 'read' | 'failed', error?: { code: number; title: string }) =>
    ctx.deliver('whatsapp', whatsappWebhook(ctx, phoneNumberId, statusValue(wamid, msisdn, status, error)));
  ctx.later(0, async () => {
    await send('sent');
    const failedWith = failure ?? (ctx.chance(behaviour.failureRatio) ? WA_ERRORS.undeliverable : null);
    ctx.later(behaviour.deliveryDelayMs, async () => {
      const item = ctx.store.findItem(msisdn, wamid);
      if (failedWith) {
        if (item) item.status = 'failed';
        await send('failed', { code: failedWith.code, title: failedWith.title });
        return;
      }
      if (item && item.status === 'pending') item.status = 'delivered';
      await send('delivered');
      if (behaviour.readDelayMs !== null)
        ctx.later(behaviour.readDelayMs, async () => {
          const again = ctx.store.findItem(msisdn, wamid);
          if (again) again.status = 'read';
          await send('read');
        });
    });
  });
}
