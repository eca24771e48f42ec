import { randomUUID } from 'node:crypto';
import {
  isE164,
  type TMaapError,
  ZMaapCapabilities,
  ZMaapCapabilityQuery,
  ZMaapError,
  ZMaapMessageRequest,
  ZMaapMessageResponse,
  ZMaapStatusRequest,
  ZMessageContent,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { z } from 'zod';
import type { PartnerCaller } from '../partner-credentials/partner-credentials.service.ts';
import { badRequest, contentOfRcsMessage, maapError, maapRefusal } from './maap-shape.ts';
import { type PartnerSendsService, SendRefused } from './partner-sends.service.ts';
import { bearerOf } from './shapes.ts';

/**
 * Where GSMA's MaaP Chatbot API is answered, under /api/v1: a MaaP client takes
 * `<PUBLIC_URL>/api/v1/partner/maap` as its server root and adds `/bot/v1/{botId}/...`.
 */
export const MAAP_PREFIX = '/partner/maap';

const ZBotParams = z.object({ botId: z.string().min(1).max(200) });
const ZMessageParams = ZBotParams.extend({ msgId: z.string().min(1).max(200) });
const errors = { '4xx': ZMaapError, '5xx': ZMaapError };

const invalidBody = (what: string, error: ZodError) => {
  const issue = error.issues[0];
  return badRequest(
    `Invalid ${what}: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`,
  );
};

/**
 * GSMA's MaaP Chatbot API for a bot registered with GSMA's API type: a partner's bearer token (its
 * scope names the bot), the path's botId the token's bot's MaaP chatbot, MaaP's requests and
 * answers, and every refusal in MaaP's error shape (never the portal's envelope, never a 500 for bad
 * input). Sends are priced and charged; revocations, read receipts, typing and capability are not.
 */
export function maapRoutes(sends: PartnerSendsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Bodies Fastify cannot parse (bad JSON, a wrong content type, too large) in MaaP's shape too.
    app.setErrorHandler((error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) throw error;
      const code = status === 429 || status === 413 ? status : 400;
      return reply.code(code).send({
        error: { code, message: error instanceof Error ? error.message : 'The request is not valid.' },
      });
    });

    /** The caller and its chatbot when the path names the token's bot's MaaP chatbot; else SendRefused. */
    async function callerOf(authorization: string | undefined, botId: string) {
      const caller: PartnerCaller = await sends.authenticate(bearerOf(authorization));
      const sender = await sends.senderOfCaller(caller, 'maap');
      // Another bot's chatbot, ours or another partner's, is not there for this token.
      if (!sender || sender !== botId)
        throw new SendRefused({ reason: 'not_found', detail: `chatbot ${botId}` });
      return { caller, sender };
    }

    const config = { xsrf: false, rateLimit: false } as const;

    app.post(
      `${MAAP_PREFIX}/bot/v1/:botId/messages`,
      {
        config,
        schema: {
          tags: ['partner-api'],
          summary:
            "GSMA MaaP: send a message (text, rich card, carousel, chips) or the typing indicator from the bot's chatbot",
          params: ZBotParams,
          response: { 202: ZMaapMessageResponse.or(z.object({})), ...errors },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TMaapError }) =>
          // Any 4xx or 5xx: the response schema covers them all with MaaP's error shape.
          reply.code(status as 400).send(body);
        try {
          const { caller, sender } = await callerOf(request.headers.authorization, request.params.botId);
          const parsed = ZMaapMessageRequest.safeParse(request.body);
          if (!parsed.success) return fail(invalidBody('message', parsed.error));
          const { RCSMessage: message, messageContact } = parsed.data;
          const recipient = messageContact.userContact;

          if (message.isTyping !== undefined) {
            const { isTyping, msgId: _id, ...rest } = message;
            if (Object.values(rest).some((v) => v !== undefined))
              return fail(badRequest('Invalid message: isTyping is sent alone, without message content.'));
            // The indicator ends by itself when the next message arrives; RBM and MaaP offer no
            // explicit stop through the connector, so `idle` is refused rather than dropped.
            if (isTyping !== 'active')
              return fail(badRequest("Invalid message: only isTyping 'active' is supported."));
            await sends.event(caller, {
              network: 'maap',
              sender,
              recipient,
              event: { eventId: randomUUID(), eventType: 'IS_TYPING' },
            });
            return reply.code(202).send({});
          }

          const input = contentOfRcsMessage(message);
          if (typeof input === 'string') return fail(badRequest(`Invalid message: ${input}`));
          const content = ZMessageContent.safeParse(input);
          if (!content.success) return fail(invalidBody('message', content.error));
          const msgId = message.msgId ?? randomUUID();
          const accepted = {
            RCSMessage: { msgId, status: 'pending' as const },
            messageContact: { userContact: recipient },
          };
          try {
            await sends.send(caller, {
              network: 'maap',
              sender,
              recipient,
              content: content.data,
              messageId: msgId,
            });
          } catch (error) {
            // MaaP ignores a repeated msgId: accepted again, not sent (nor charged) again.
            if (error instanceof SendRefused && error.refusal.reason === 'duplicate')
              return reply.code(202).send(accepted);
            throw error;
          }
          return reply.code(202).send(accepted);
        } catch (error) {
          if (error instanceof SendRefused) return fail(maapRefusal(error.refusal));
          throw error;
        }
      },
    );

    app.put(
      `${MAAP_PREFIX}/bot/v1/:botId/messages/:msgId/status`,
      {
        config,
        schema: {
          tags: ['partner-api'],
          summary:
            "GSMA MaaP: revoke the chatbot's undelivered message (status cancelled) or read the user's message (status displayed); not charged",
          params: ZMessageParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TMaapError }) =>
          reply.code(status as 400).send(body);
        try {
          const { botId, msgId } = request.params;
          const { caller, sender } = await callerOf(request.headers.authorization, botId);
          const parsed = ZMaapStatusRequest.safeParse(request.body);
          if (!parsed.success) return fail(invalidBody('status', parsed.error));
          const { RCSMessage: update, messageContact } = parsed.data;
          if (update.msgId !== undefined && update.msgId !== msgId)
            return fail(badRequest('Invalid status: RCSMessage.msgId differs from the path.'));
          if (update.status === 'cancelled') {
            // A message of this chatbot the user has not received; its charge stays (the network
            // accepted it), so a revocation is neither charged nor refunded.
            await sends.revoke(caller, {
              network: 'maap',
              sender,
              recipient: messageContact?.userContact,
              messageId: msgId,
            });
            return reply.code(204).send(null);
          }
          if (!messageContact)
            return fail(badRequest('Invalid status: messageContact.userContact is required for displayed.'));
          await sends.event(caller, {
            network: 'maap',
            sender,
            recipient: messageContact.userContact,
            event: { eventId: randomUUID(), eventType: 'READ', messageId: msgId },
          });
          return reply.code(204).send(null);
        } catch (error) {
          if (error instanceof SendRefused) return fail(maapRefusal(error.refusal));
          throw error;
        }
      },
    );

    app.get(
      `${MAAP_PREFIX}/bot/v1/:botId/contactCapabilities`,
      {
        config,
        schema: {
          tags: ['partner-api'],
          summary: "GSMA MaaP: the contact's chatbot capabilities (404 when it has no RCS); not charged",
          params: ZBotParams,
          querystring: ZMaapCapabilityQuery,
          response: { 200: ZMaapCapabilities, ...errors },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TMaapError }) =>
          reply.code(status as 400).send(body);
        try {
          const { caller, sender } = await callerOf(request.headers.authorization, request.params.botId);
          const contact = request.query.userContact ?? '';
          if (!isE164(contact))
            return fail(badRequest('userContact must be a phone number in E.164 format.'));
          const capability = await sends.capability(caller, { network: 'maap', sender, recipient: contact });
          // MaaP answers a contact without RCS with 404.
          if (!capability.capable)
            return fail({ status: 404, body: maapError(404, 'The contact is not RCS-capable.') });
          return { capabilities: capability.features };
        } catch (error) {
          if (error instanceof SendRefused) return fail(maapRefusal(error.refusal));
          throw error;
        }
      },
    );
  };
}
