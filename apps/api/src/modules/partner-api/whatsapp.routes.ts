import {
  type TCloudApiError,
  ZCloudApiError,
  ZCloudApiSendRequest,
  ZCloudApiSendResponse,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PartnerSendsService, SendRefused } from './partner-sends.service.ts';
import { bearerOf } from './shapes.ts';
import {
  cloudApiRefusal,
  contentOfCloudApiRequest,
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
export function whatsappRoutes(sends: PartnerSendsService): FastifyPluginAsyncZod {
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
            "WhatsApp Cloud API: send a message (text, template, reply buttons, media by link) from the bot's number (Meta's request and response)",
          params: ZParams,
          headers: z.object({ 'idempotency-key': z.string().max(200).optional() }).passthrough(),
          response: { 200: ZCloudApiSendResponse, '4xx': ZCloudApiError, '5xx': ZCloudApiError },
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
          const parsed = ZCloudApiSendRequest.safeParse(request.body);
          if (!parsed.success) return fail(invalidBodyOf(parsed.error));
          const content = contentOfCloudApiRequest(parsed.data);
          if (!('kind' in content)) return fail(content);
          const digits = parsed.data.to.replace(/^\+/, '');
          const { networkMessageId } = await sends.send(caller, {
            network: 'whatsapp',
            sender: request.params.phoneNumberId,
            recipient: `+${digits}`,
            content,
            messageId: request.headers['idempotency-key'],
          });
          return {
            messaging_product: 'whatsapp' as const,
            contacts: [{ input: parsed.data.to, wa_id: digits }],
            messages: [{ id: networkMessageId }],
          };
        } catch (error) {
          if (error instanceof SendRefused) return fail(cloudApiRefusal(error.refusal));
          throw error;
        }
      },
    );
  };
}
