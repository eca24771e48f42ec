import { randomUUID } from 'node:crypto';
import {
  type TGoogleApiError,
  ZGoogleAgent,
  ZGoogleAgentList,
  ZGoogleApiError,
  ZMessageContent,
  ZRbmAgentEvent,
  ZRbmAgentEventQuery,
  ZRbmAgentEventRequest,
  ZRbmAgentMessageQuery,
  ZRbmAgentMessageRequest,
  ZRbmAgentMessageResponse,
  ZRbmCapabilities,
  ZRbmCapabilityQuery,
  ZRbmRevokeQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotsService } from '../bots/bots.service.ts';
import { type PartnerSendsService, SendRefused } from './partner-sends.service.ts';
import { rbmFileRoutes } from './rbm-files.routes.ts';
import { bearerOf, contentOfAgentMessage, googleRefusal, invalidArgument } from './rbm-shape.ts';

/**
 * Where Google's shapes are answered, under /api/v1 (`<PUBLIC_URL>/api/v1/partner/rbm/v1/...`), and
 * at the root of the Google origin (PARTNER_GOOGLE_PORT: `/v1/...`, decision 0027).
 */
export const RBM_PREFIX = '/partner/rbm';
export const E164 = /^\+[1-9]\d{7,14}$/;
const ID = z.string().min(1).max(200);

/**
 * Google's RBM send, `POST /v1/phones/{E.164}/agentMessages?messageId=&agentId=`, for a bot's
 * agent: a partner's bearer token (its scope names the bot), Google's AgentMessage in and out, the
 * content checked by our message rules, and every refusal in Google's error shape.
 */
export function rbmRoutes(
  sends: PartnerSendsService,
  agents: Pick<BotsService, 'googleAgent'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.setErrorHandler((error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) throw error;
      const { body } = invalidArgument(error instanceof Error ? error.message : 'The request is not valid.');
      return reply.code(status === 429 ? 429 : 400).send(body);
    });

    app.post(
      `${RBM_PREFIX}/v1/phones/:msisdn/agentMessages`,
      {
        config: { xsrf: false, rateLimit: false },
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: send an agent message from the bot's agent (Google's AgentMessage in and out)",
          params: z.object({ msisdn: z.string().max(40) }),
          querystring: ZRbmAgentMessageQuery,
          response: { 200: ZRbmAgentMessageResponse, '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TGoogleApiError }) =>
          // Any 4xx or 5xx: the response schema covers them all with Google's error shape.
          reply.code(status as 400).send(body);
        try {
          const caller = await sends.authenticate(bearerOf(request.headers.authorization));
          const { msisdn } = request.params;
          const { messageId, agentId } = request.query;
          if (!E164.test(msisdn))
            return fail(invalidArgument(`${msisdn} is not a phone number in E.164 format.`));
          if (!messageId) return fail(invalidArgument('messageId is required.'));
          const sender = await sends.senderOfCaller(caller, 'rbm');
          // The agent is the token's bot's; a query naming another agent finds nothing.
          if (!sender || (agentId !== undefined && agentId !== sender))
            return fail(googleRefusal({ reason: 'not_found', detail: agentId ?? '' }));
          const parsed = ZRbmAgentMessageRequest.safeParse(request.body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return fail(invalidArgument(`Invalid agent message: ${issue?.path.join('.')} ${issue?.message}`));
          }
          const input = contentOfAgentMessage(parsed.data);
          if (typeof input === 'string') return fail(invalidArgument(input));
          const content = ZMessageContent.safeParse(input);
          if (!content.success) {
            const issue = content.error.issues[0];
            return fail(invalidArgument(`Invalid agent message: ${issue?.path.join('.')} ${issue?.message}`));
          }
          await sends.send(caller, {
            network: 'rbm',
            sender,
            recipient: msisdn,
            content: content.data,
            messageId,
          });
          return {
            name: `phones/${msisdn}/agentMessages/${messageId}`,
            sendTime: new Date().toISOString(),
            contentMessage: parsed.data.contentMessage as Record<string, unknown>,
            ...(parsed.data.messageTrafficType ? { messageTrafficType: parsed.data.messageTrafficType } : {}),
          };
        } catch (error) {
          if (error instanceof SendRefused) return fail(googleRefusal(error.refusal));
          throw error;
        }
      },
    );

    app.delete(
      `${RBM_PREFIX}/v1/phones/:msisdn/agentMessages/:messageId`,
      {
        config: { xsrf: false, rateLimit: false },
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: revoke the bot's agent message not yet delivered (phones.agentMessages.delete); not charged, and a revoked message's charge stays",
          params: z.object({ msisdn: z.string().max(40), messageId: ID }),
          querystring: ZRbmRevokeQuery,
          response: { 200: z.object({}), '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TGoogleApiError }) =>
          reply.code(status as 400).send(body);
        try {
          const caller = await sends.authenticate(bearerOf(request.headers.authorization));
          const { msisdn, messageId } = request.params;
          const { agentId } = request.query;
          if (!E164.test(msisdn))
            return fail(invalidArgument(`${msisdn} is not a phone number in E.164 format.`));
          const sender = await sends.senderOfCaller(caller, 'rbm');
          if (!sender || (agentId !== undefined && agentId !== sender))
            return fail(googleRefusal({ reason: 'not_found', detail: agentId ?? '' }));
          // Unknown, another bot's, or already delivered: NOT_FOUND, as Google answers.
          await sends.revoke(caller, { network: 'rbm', sender, recipient: msisdn, messageId });
          return {};
        } catch (error) {
          if (error instanceof SendRefused) return fail(googleRefusal(error.refusal));
          throw error;
        }
      },
    );

    app.post(
      `${RBM_PREFIX}/v1/phones/:msisdn/agentEvents`,
      {
        config: { xsrf: false, rateLimit: false },
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: an agent event to the user (READ of the user's message, IS_TYPING; phones.agentEvents.create); not charged",
          params: z.object({ msisdn: z.string().max(40) }),
          querystring: ZRbmAgentEventQuery,
          response: { 200: ZRbmAgentEvent, '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TGoogleApiError }) =>
          reply.code(status as 400).send(body);
        try {
          const caller = await sends.authenticate(bearerOf(request.headers.authorization));
          const { msisdn } = request.params;
          const { agentId } = request.query;
          if (!E164.test(msisdn))
            return fail(invalidArgument(`${msisdn} is not a phone number in E.164 format.`));
          const sender = await sends.senderOfCaller(caller, 'rbm');
          if (!sender || (agentId !== undefined && agentId !== sender))
            return fail(googleRefusal({ reason: 'not_found', detail: agentId ?? '' }));
          const parsed = ZRbmAgentEventRequest.safeParse(request.body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return fail(invalidArgument(`Invalid agent event: ${issue?.path.join('.')} ${issue?.message}`));
          }
          const { eventType, messageId } = parsed.data;
          if (eventType === 'TYPE_UNSPECIFIED')
            return fail(invalidArgument('eventType must be IS_TYPING or READ.'));
          if (eventType === 'READ' && !messageId)
            return fail(invalidArgument('A READ event needs the messageId of the user message it read.'));
          // The agent's id of the event; Google ignores an event whose id it has seen.
          const eventId = request.query.eventId ?? randomUUID();
          await sends.event(caller, {
            network: 'rbm',
            sender,
            recipient: msisdn,
            event:
              eventType === 'READ'
                ? { eventId, eventType, messageId: messageId ?? '' }
                : { eventId, eventType },
          });
          return {
            name: `phones/${msisdn}/agentEvents/${eventId}`,
            eventType,
            ...(eventType === 'READ' ? { messageId } : {}),
            sendTime: new Date().toISOString(),
          };
        } catch (error) {
          if (error instanceof SendRefused) return fail(googleRefusal(error.refusal));
          throw error;
        }
      },
    );

    await app.register(rbmFileRoutes(sends, RBM_PREFIX));

    app.get(
      `${RBM_PREFIX}/v1/phones/:msisdn/capabilities`,
      {
        config: { xsrf: false, rateLimit: false },
        schema: {
          tags: ['partner-api'],
          summary: "Google RBM: the user's RCS capability (features), for the bot's agent; not charged",
          params: z.object({ msisdn: z.string().max(40) }),
          querystring: ZRbmCapabilityQuery,
          response: { 200: ZRbmCapabilities, '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        const fail = ({ status, body }: { status: number; body: TGoogleApiError }) =>
          reply.code(status as 400).send(body);
        try {
          const caller = await sends.authenticate(bearerOf(request.headers.authorization));
          const { msisdn } = request.params;
          const { requestId, agentId } = request.query;
          if (!E164.test(msisdn))
            return fail(invalidArgument(`${msisdn} is not a phone number in E.164 format.`));
          if (!requestId) return fail(invalidArgument('requestId is required.'));
          const sender = await sends.senderOfCaller(caller, 'rbm');
          if (!sender || (agentId !== undefined && agentId !== sender))
            return fail(googleRefusal({ reason: 'not_found', detail: agentId ?? '' }));
          const capability = await sends.capability(caller, { network: 'rbm', sender, recipient: msisdn });
          // Google answers a user who is not RCS-reachable with NOT_FOUND.
          if (!capability.capable) return fail(googleRefusal({ reason: 'not_found', detail: msisdn }));
          return { features: capability.features };
        } catch (error) {
          if (error instanceof SendRefused) return fail(googleRefusal(error.refusal));
          throw error;
        }
      },
    );

    /**
     * The caller's own agent, found by the token's bot: a brand of `-` (Google's wildcard) or the
     * agent's own brand; any other brand or agent is NOT_FOUND, as another partner's would be.
     */
    async function ownAgent(authorization: string | undefined, brandId: string) {
      const caller = await sends.authenticate(bearerOf(authorization));
      const agent = await agents.googleAgent(caller.partnerId, caller.botId);
      if (!agent || (brandId !== '-' && agent.name.split('/')[1] !== brandId)) return null;
      return agent;
    }
    const notFound = googleRefusal({ reason: 'not_found', detail: '' });

    app.get(
      `${RBM_PREFIX}/v1/brands/:brandId/agents/:agentId`,
      {
        config: { xsrf: false },
        schema: {
          tags: ['partner-api'],
          summary: "Business Communications: the bot's own RBM agent (brands.agents.get)",
          params: z.object({ brandId: ID, agentId: ID }),
          response: { 200: ZGoogleAgent, '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        try {
          const { brandId, agentId } = request.params;
          const agent = await ownAgent(request.headers.authorization, brandId);
          if (!agent || agent.name.split('/').pop() !== agentId) return reply.code(404).send(notFound.body);
          return agent;
        } catch (error) {
          if (error instanceof SendRefused) {
            const { status, body } = googleRefusal(error.refusal);
            return reply.code(status as 401).send(body);
          }
          throw error;
        }
      },
    );

    app.get(
      `${RBM_PREFIX}/v1/brands/:brandId/agents`,
      {
        config: { xsrf: false },
        schema: {
          tags: ['partner-api'],
          summary: "Business Communications: the bot's own RBM agent as a list (brands.agents.list)",
          params: z.object({ brandId: ID }),
          querystring: z.object({
            pageSize: z.coerce.number().int().optional(),
            pageToken: z.string().max(200).optional(),
          }),
          response: { 200: ZGoogleAgentList, '4xx': ZGoogleApiError, '5xx': ZGoogleApiError },
        },
      },
      async (request, reply) => {
        try {
          const agent = await ownAgent(request.headers.authorization, request.params.brandId);
          // A token names one bot: its agent is the whole list (Google leaves an empty list out).
          return agent ? { agents: [agent] } : {};
        } catch (error) {
          if (error instanceof SendRefused) {
            const { status, body } = googleRefusal(error.refusal);
            return reply.code(status as 401).send(body);
          }
          throw error;
        }
      },
    );
  };
}
