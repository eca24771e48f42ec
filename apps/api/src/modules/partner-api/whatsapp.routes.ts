import {
  type TCloudApiError,
  toE164,
  ZCloudApiError,
  ZCloudApiSendRequest,
  ZCloudApiSendResponse,
  ZCloudApiStatusRequest,
  ZCloudApiSuccess,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PartnerIdempotency, requestHash, type StoredAnswer } from './partner-idempotency.ts';
import { type PartnerSendsService, SendRefused } from './partner-sends.service.ts';
import { bearerOf } from './shapes.ts';
import { whatsappMediaRoutes } from './whatsapp-media.routes.ts';
import {
  cloudApiRefusal,
  contentOfCloudApiRequest,
  idempotencyRefusal,
  invalidBodyOf,
  invalidParameter,
} from './whatsapp-shape.ts';

/** Where the Cloud API shape is answered, under /api/v1: Meta clients take `<PUBLIC_URL>/api/v1/partner/whatsapp` as base URL. */
export const WHATSAPP_PREFIX = '/partner/whatsapp';
const VERSION = /^v\d{1,3}\.\d{1,2}$/;

const ZParams = z.object({ version: z.string().max(10), phoneNumberId: z.string().max(64) });

/**
 * The WhatsApp Cloud API's send, `POST /{version}/{phone-number-id}/messages`, for a bot's number:
 * a partner's bearer token (its scope names the bot), Meta's request and response, and every
 * refusal in Meta's error shape (never the portal's envelope, never a 500 for bad input).
 */
export function whatsappRoutes(
  sends: PartnerSendsService,
  idempotency: Pick<PartnerIdempotency, 'start' | 'finish' | 'release'>,
  /** Where partners reach Portico (PUBLIC_URL): the media URL GET /{media-id} answers is on it. */
  publicUrl: string,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Bodies Fastify cannot parse (bad JSON, a wrong content type, too large) in Meta's shape too.
    app.setErrorHandler((error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) throw error;
      const { body } = invalidParameter(error instanceof Error ? error.message : 'The request is not valid.');
      return reply.code(status === 429 ? 429 : 400).send(body);
    });

    app.post(
      `${WHATSAPP_PREFIX}/:version/:phoneNumberId/messages`,
      {
        config: { xsrf: false, rateLimit: false },
        schema: {
          tags: ['partner-api'],
          summary:
            "WhatsApp Cloud API: send a message (text, template, reply buttons, media by link or uploaded id, location, contacts, reaction) from the bot's number, or mark a user's message read with status: read and the typing indicator (Meta's request and response)",
          params: ZParams,
          headers: z
            .object({
              'idempotency-key': z
                .string()
                .max(200)
                .optional()
                .describe(
                  'A retry with the same key and body gets the first answer again (24 h); another body is 422, one still in flight 409.',
                ),
            })
            .passthrough(),
          response: {
            200: z.union([ZCloudApiSendResponse, ZCloudApiSuccess]),
            '4xx': ZCloudApiError,
            '5xx': ZCloudApiError,
          },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TCloudApiError }) =>
          // Any 4xx or 5xx: the response schema covers them all with Meta's error shape.
          reply.code(status as 400).send(body);
        try {
          const caller = await sends.authenticate(bearerOf(request.headers.authorization));
          if (!VERSION.test(request.params.version))
            return fail(invalidParameter(`Unknown API version ${request.params.version}.`));
          // `status: read` marks a user's message read (the same path as sends, Meta's design).
          if (typeof request.body === 'object' && request.body !== null && 'status' in request.body) {
            const read = ZCloudApiStatusRequest.safeParse(request.body);
            if (!read.success) return fail(invalidBodyOf(read.error));
            await sends.markRead(caller, {
              sender: request.params.phoneNumberId,
              messageId: read.data.message_id,
              typing: read.data.typing_indicator !== undefined,
            });
            return { success: true };
          }
          const parsed = ZCloudApiSendRequest.safeParse(request.body);
          if (!parsed.success) return fail(invalidBodyOf(parsed.error));
          const content = contentOfCloudApiRequest(parsed.data);
          if (!('kind' in content)) return fail(content);
          const recipient = toE164(parsed.data.to);
          const digits = recipient.slice(1);
          const sendIt = async (): Promise<StoredAnswer & { kept: boolean }> => {
            try {
              const { networkMessageId } = await sends.send(caller, {
                network: 'whatsapp',
                sender: request.params.phoneNumberId,
                recipient,
                content,
                messageId: key,
              });
              const body = {
                messaging_product: 'whatsapp' as const,
                contacts: [{ input: parsed.data.to, wa_id: digits }],
                messages: [{ id: networkMessageId }],
              };
              return { status: 200, body, kept: true };
            } catch (error) {
              if (!(error instanceof SendRefused)) throw error;
              const refusal = cloudApiRefusal(error.refusal);
              // The network's own refusal of the message is its answer; every other refusal sent
              // nothing (or, 5xx, the outcome is unknown): a retry runs again.
              const kept = error.refusal.reason === 'network' && refusal.status < 500;
              return { ...refusal, kept };
            }
          };
          const key = request.headers['idempotency-key'];
          if (key === undefined) {
            const answer = await sendIt();
            return reply.code(answer.status as 200).send(answer.body as never);
          }
          // Idempotency-Key: the first answer is kept and given again to a retry (decision 0026).
          const hash = requestHash(request.params.phoneNumberId, request.body);
          const start = await idempotency.start(caller.botId, key, hash);
          if (!start.run) {
            if ('refusal' in start) return fail(idempotencyRefusal(start.refusal, key));
            return reply
              .code(start.replay.status as 200)
              .header('idempotent-replayed', 'true')
              .send(start.replay.body as never);
          }
          let answer: StoredAnswer & { kept: boolean };
          try {
            answer = await sendIt();
          } catch (error) {
            await idempotency.release(caller.botId, key);
            throw error;
          }
          const { kept, ...stored } = answer;
          if (kept) await idempotency.finish(caller.botId, key, stored);
          else await idempotency.release(caller.botId, key);
          return reply.code(stored.status as 200).send(stored.body as never);
        } catch (error) {
          if (error instanceof SendRefused) return fail(cloudApiRefusal(error.refusal));
          throw error;
        }
      },
    );

    await app.register(whatsappMediaRoutes(sends, { prefix: WHATSAPP_PREFIX, version: VERSION, publicUrl }));
  };
}
