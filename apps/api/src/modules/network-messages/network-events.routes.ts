import {
  ZEnvelope,
  ZNetworkEventsParams,
  ZNetworkEventsReceipt,
  ZRbmWebhookVerificationAnswer,
  ZWhatsAppSubscriptionQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import type { NetworkEventsService } from './network-events.service.ts';

/** Where the networks post: /api/v1/network-events/{rbm,maap,whatsapp} (no XSRF, no user: signed). */
export const NETWORK_EVENTS_PATH = '/network-events';

interface RawJson {
  raw: Buffer;
  json: unknown;
}
const tags = ['network-events'];
/** Called by the networks, server to server and signed: no XSRF pair, no per-IP rate limit. */
const WEBHOOK_CONFIG = { xsrf: false, rateLimit: false } as const;

/** Webhook receivers; the body is kept raw, because the signatures are over the exact bytes. */
export function networkEventsRoutes(events: NetworkEventsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      const raw = body as Buffer;
      try {
        done(null, { raw, json: raw.length ? JSON.parse(raw.toString('utf8')) : null } satisfies RawJson);
      } catch {
        done(new BadRequestError('The request body is not valid JSON.'), undefined);
      }
    });

    app.get(
      `${NETWORK_EVENTS_PATH}/whatsapp`,
      {
        config: WEBHOOK_CONFIG,
        schema: {
          tags,
          summary: "WhatsApp's subscription check: answers hub.challenge when hub.verify_token is ours",
          querystring: ZWhatsAppSubscriptionQuery,
        },
      },
      async (request, reply) =>
        reply.type('text/plain; charset=utf-8').send(events.whatsappChallenge(request.query)),
    );

    app.post(
      `${NETWORK_EVENTS_PATH}/:network`,
      {
        config: WEBHOOK_CONFIG,
        schema: {
          tags,
          summary:
            'A network posts events here (RBM: X-Goog-Signature; MaaP: Bearer token; WhatsApp: X-Hub-Signature-256). Stored before the answer.',
          params: ZNetworkEventsParams,
          response: { 200: z.union([ZEnvelope(ZNetworkEventsReceipt), ZRbmWebhookVerificationAnswer]) },
        },
      },
      async (request) => {
        const body = request.body as RawJson | undefined;
        if (!body?.raw) throw new BadRequestError('Send the event as application/json.');
        const result = await events.receive(request.params.network, {
          rawBody: body.raw,
          body: body.json,
          headers: request.headers,
        });
        return 'secret' in result ? result : ok(result);
      },
    );
  };
}
