import {
  multipartRelatedParts,
  type TCloudApiError,
  WHATSAPP_MEDIA_MAX_BYTES,
  WHATSAPP_MEDIA_MIME_TYPES,
  ZCloudApiError,
  ZCloudApiMedia,
  ZCloudApiMediaId,
  ZCloudApiSuccess,
} from '@portico/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PartnerCaller } from '../partner-credentials/partner-credentials.service.ts';
import { type PartnerSendsService, SendRefused } from './partner-sends.service.ts';
import { PARTNER_CALL } from './rbm-shape.ts';
import { bearerOf } from './shapes.ts';
import { cloudApiRefusal, invalidParameter } from './whatsapp-shape.ts';

/** Every MIME type Meta takes for some media message (its "Supported media types"). */
const SUPPORTED_TYPES = new Set(Object.values(WHATSAPP_MEDIA_MIME_TYPES).flat());

const ERRORS = { '4xx': ZCloudApiError, '5xx': ZCloudApiError } as const;
const ZMediaParams = z.object({ version: z.string().max(10), mediaId: z.string().max(64) });

/**
 * The Cloud API's media calls for a bot's number, in Meta's shapes: upload
 * (`POST /{version}/{phone-number-id}/media`, multipart/form-data with messaging_product, type and
 * file), retrieval (`GET /{version}/{media-id}`: url, mime_type, sha256, file_size), the bytes at
 * that url (fetched with the same bearer token, as Meta's), and deletion (`DELETE /{version}/{media-id}`).
 * The media is uploaded to the network through the connector and recorded as the bot's: another
 * bot's or partner's media id is not found. Not charged.
 */
export function whatsappMediaRoutes(
  sends: PartnerSendsService,
  options: { prefix: string; version: RegExp; publicUrl: string },
): FastifyPluginAsyncZod {
  const { prefix, version } = options;
  return async (app) => {
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: WHATSAPP_MEDIA_MAX_BYTES + 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    // The reply is sent here; `never` lets a handler return it whatever its typed answer is.
    const fail = (reply: FastifyReply, { status, body }: { status: number; body: TCloudApiError }): never =>
      reply.code(status).send(body) as never;
    /** Runs the call for the caller; a refusal (a wrong token, version or object) in Meta's shape. */
    async function callerOf<T>(
      reply: FastifyReply,
      authorization: string | undefined,
      apiVersion: string,
      run: (caller: PartnerCaller) => Promise<T>,
    ): Promise<T> {
      try {
        const caller = await sends.authenticate(bearerOf(authorization));
        if (!version.test(apiVersion))
          return fail(reply, invalidParameter(`Unknown API version ${apiVersion}.`));
        return await run(caller);
      } catch (error) {
        if (error instanceof SendRefused) return fail(reply, cloudApiRefusal(error.refusal));
        throw error;
      }
    }

    app.post(
      `${prefix}/:version/:phoneNumberId/media`,
      {
        config: PARTNER_CALL,
        // A wrong token is refused before a large body is read.
        onRequest: async (request, reply) => {
          try {
            await sends.authenticate(bearerOf(request.headers.authorization));
          } catch (error) {
            if (error instanceof SendRefused) return fail(reply, cloudApiRefusal(error.refusal));
            throw error;
          }
        },
        schema: {
          tags: ['partner-api'],
          summary:
            "WhatsApp Cloud API: upload media for the bot's number (multipart/form-data: messaging_product, type, file); its id sends it; not charged",
          params: z.object({ version: z.string().max(10), phoneNumberId: z.string().max(64) }),
          querystring: z.object({ messaging_product: z.string().max(20).optional() }),
          response: { 200: ZCloudApiMediaId, ...ERRORS },
        },
      },
      async (request, reply) =>
        callerOf(reply, request.headers.authorization, request.params.version, async (caller) => {
          const body = request.body;
          const parts = Buffer.isBuffer(body)
            ? multipartRelatedParts(body, request.headers['content-type'] ?? '')
            : null;
          if (!parts) return fail(reply, invalidParameter('Send the media as multipart/form-data.'));
          const field = (name: string) => {
            const part = parts.find((p) => p.name === name && p.fileName === undefined);
            return part ? new TextDecoder().decode(part.body).trim() : undefined;
          };
          // In the form or, as some clients send it, in the query.
          if ((field('messaging_product') ?? request.query.messaging_product) !== 'whatsapp')
            return fail(reply, invalidParameter('The parameter messaging_product is required: whatsapp.'));
          const file = parts.find((p) => p.name === 'file');
          if (!file || file.body.length === 0)
            return fail(reply, invalidParameter('The parameter file is required.'));
          const type = (field('type') ?? file.contentType).split(';')[0]?.trim().toLowerCase() ?? '';
          if (!SUPPORTED_TYPES.has(type))
            return fail(
              reply,
              invalidParameter(
                `Param file must be a file with one of the following types: ${[...SUPPORTED_TYPES].join(', ')}. Received file of type '${type}'.`,
              ),
            );
          const id = await sends.upload(caller, {
            network: 'whatsapp',
            sender: request.params.phoneNumberId,
            file: {
              bytes: file.body,
              contentType: type,
              ...(file.fileName ? { fileName: file.fileName } : {}),
            },
          });
          return { id };
        }),
    );

    app.get(
      `${prefix}/:version/:mediaId`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "WhatsApp Cloud API: the bot's uploaded media (url to fetch it with the same token, mime_type, sha256, file_size); not charged",
          params: ZMediaParams,
          querystring: z.object({ phone_number_id: z.string().max(64).optional() }),
          response: { 200: ZCloudApiMedia, ...ERRORS },
        },
      },
      async (request, reply) =>
        callerOf(reply, request.headers.authorization, request.params.version, async (caller) => {
          const { mediaId } = request.params;
          const media = await sends.media(caller, mediaId);
          return {
            messaging_product: 'whatsapp' as const,
            url: `${options.publicUrl}/api/v1${prefix}/media-download/${encodeURIComponent(mediaId)}`,
            mime_type: media.mimeType,
            sha256: media.sha256,
            file_size: media.fileSize,
            id: mediaId,
          };
        }),
    );

    app.get(
      `${prefix}/media-download/:mediaId`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "WhatsApp Cloud API: the bytes of the bot's uploaded media (the url GET /{media-id} answers), with the bearer token",
          params: z.object({ mediaId: z.string().max(64) }),
          response: { '4xx': ZCloudApiError, '5xx': ZCloudApiError },
        },
      },
      async (request, reply) =>
        callerOf(reply, request.headers.authorization, 'v1.0', async (caller) => {
          const media = await sends.downloadMedia(caller, request.params.mediaId);
          // The bytes, not JSON: the reply is sent as is (`never`, past the typed error answers).
          return reply
            .type(media.contentType)
            .header('cache-control', 'private, no-store')
            .send(Buffer.from(media.bytes) as never) as never;
        }),
    );

    app.delete(
      `${prefix}/:version/:mediaId`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary: "WhatsApp Cloud API: delete the bot's uploaded media; not charged",
          params: ZMediaParams,
          querystring: z.object({ phone_number_id: z.string().max(64).optional() }),
          response: { 200: ZCloudApiSuccess, ...ERRORS },
        },
      },
      async (request, reply) =>
        callerOf(reply, request.headers.authorization, request.params.version, async (caller) => {
          await sends.deleteMedia(caller, request.params.mediaId);
          return { success: true };
        }),
    );
  };
}
