import { randomUUID } from 'node:crypto';
import {
  isE164,
  ZGoogleAgent,
  ZGoogleAgentList,
  ZMessageContent,
  ZRbmAgentEvent,
  ZRbmAgentEventQuery,
  ZRbmAgentEventRequest,
  ZRbmAgentMessageQuery,
  ZRbmAgentMessageRequest,
  ZRbmAgentMessageResponse,
  ZRbmBatchGetRequest,
  ZRbmBatchGetResponse,
  ZRbmCapabilities,
  ZRbmCapabilityQuery,
  ZRbmRevokeQuery,
  ZRbmTester,
  ZRbmTesterQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BotsService } from '../bots/bots.service.ts';
import type { PartnerSendsService } from './partner-sends.service.ts';
import { rbmFileRoutes } from './rbm-files.routes.ts';
import {
  agentOfCaller,
  contentOfAgentMessage,
  GOOGLE_ERRORS,
  googleErrors,
  invalid,
  PARTNER_CALL,
  refuseAsGoogle,
} from './rbm-shape.ts';
import { bearerOf } from './shapes.ts';

/**
 * Where Google's shapes are answered, under /api/v1 (`<PUBLIC_URL>/api/v1/partner/rbm/v1/...`), and
 * at the root of the Google origin (PARTNER_GOOGLE_PORT: `/v1/...`, decision 0027).
 */
export const RBM_PREFIX = '/partner/rbm';
const ID = z.string().min(1).max(200);

/** The user's number of a phones.* path; INVALID_ARGUMENT unless it is E.164. */
const phoneOf = (msisdn: string) =>
  isE164(msisdn) ? msisdn : invalid(`${msisdn} is not a phone number in E.164 format.`);

/** INVALID_ARGUMENT naming the first thing wrong in a body, as `Invalid <what>: <path> <message>`. */
const invalidBody = (what: string, error: z.ZodError): never => {
  const issue = error.issues[0];
  return invalid(`Invalid ${what}: ${issue?.path.join('.')} ${issue?.message}`);
};

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
    googleErrors(app);

    app.post(
      `${RBM_PREFIX}/v1/phones/:msisdn/agentMessages`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: send an agent message from the bot's agent (Google's AgentMessage in and out)",
          params: z.object({ msisdn: z.string().max(40) }),
          querystring: ZRbmAgentMessageQuery,
          response: { 200: ZRbmAgentMessageResponse, ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const caller = await sends.authenticate(bearerOf(request.headers.authorization));
        const msisdn = phoneOf(request.params.msisdn);
        const { messageId, agentId } = request.query;
        if (!messageId) return invalid('messageId is required.');
        // The agent is the token's bot's; a query naming another agent finds nothing.
        const sender = await agentOfCaller(sends, caller, agentId);
        const parsed = ZRbmAgentMessageRequest.safeParse(request.body);
        if (!parsed.success) return invalidBody('agent message', parsed.error);
        const input = contentOfAgentMessage(parsed.data);
        if (typeof input === 'string') return invalid(input);
        const content = ZMessageContent.safeParse(input);
        if (!content.success) return invalidBody('agent message', content.error);
        await sends.send(caller, {
          network: 'rbm',
          sender,
          recipient: msisdn,
          content: content.data,
          messageId,
          // The message's own traffic type: passed on, and it decides the price (decision 0032).
          trafficType: parsed.data.messageTrafficType,
        });
        return {
          name: `phones/${msisdn}/agentMessages/${messageId}`,
          sendTime: new Date().toISOString(),
          contentMessage: parsed.data.contentMessage as Record<string, unknown>,
          ...(parsed.data.messageTrafficType ? { messageTrafficType: parsed.data.messageTrafficType } : {}),
        };
      },
    );

    app.delete(
      `${RBM_PREFIX}/v1/phones/:msisdn/agentMessages/:messageId`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: revoke the bot's agent message not yet delivered (phones.agentMessages.delete); not charged, and a revoked message's charge stays",
          params: z.object({ msisdn: z.string().max(40), messageId: ID }),
          querystring: ZRbmRevokeQuery,
          response: { 200: z.object({}), ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const caller = await sends.authenticate(bearerOf(request.headers.authorization));
        const msisdn = phoneOf(request.params.msisdn);
        const sender = await agentOfCaller(sends, caller, request.query.agentId);
        // Unknown, another bot's, or already delivered: NOT_FOUND, as Google answers.
        await sends.revoke(caller, {
          network: 'rbm',
          sender,
          recipient: msisdn,
          messageId: request.params.messageId,
        });
        return {};
      },
    );

    app.post(
      `${RBM_PREFIX}/v1/phones/:msisdn/agentEvents`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: an agent event to the user (READ of the user's message, IS_TYPING; phones.agentEvents.create); not charged",
          params: z.object({ msisdn: z.string().max(40) }),
          querystring: ZRbmAgentEventQuery,
          response: { 200: ZRbmAgentEvent, ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const caller = await sends.authenticate(bearerOf(request.headers.authorization));
        const msisdn = phoneOf(request.params.msisdn);
        const sender = await agentOfCaller(sends, caller, request.query.agentId);
        const parsed = ZRbmAgentEventRequest.safeParse(request.body);
        if (!parsed.success) return invalidBody('agent event', parsed.error);
        const { eventType, messageId } = parsed.data;
        if (eventType === 'TYPE_UNSPECIFIED') return invalid('eventType must be IS_TYPING or READ.');
        if (eventType === 'READ' && !messageId)
          return invalid('A READ event needs the messageId of the user message it read.');
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
      },
    );

    await app.register(rbmFileRoutes(sends, RBM_PREFIX));

    app.get(
      `${RBM_PREFIX}/v1/phones/:msisdn/capabilities`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary: "Google RBM: the user's RCS capability (features), for the bot's agent; not charged",
          params: z.object({ msisdn: z.string().max(40) }),
          querystring: ZRbmCapabilityQuery,
          response: { 200: ZRbmCapabilities, ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const caller = await sends.authenticate(bearerOf(request.headers.authorization));
        const msisdn = phoneOf(request.params.msisdn);
        const { requestId, agentId } = request.query;
        if (!requestId) return invalid('requestId is required.');
        const sender = await agentOfCaller(sends, caller, agentId);
        const capability = await sends.capability(caller, { network: 'rbm', sender, recipient: msisdn });
        // Google answers a user who is not RCS-reachable with NOT_FOUND.
        if (!capability.capable) return refuseAsGoogle({ reason: 'not_found', detail: msisdn });
        return { features: capability.features };
      },
    );

    app.post(
      // `::` is a literal colon in Fastify's paths: Google's custom method users:batchGet.
      `${RBM_PREFIX}/v1/users::batchGet`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: which of the users' numbers the bot's agent reaches over RCS, with the random sample's counts (users.batchGet); not charged",
          response: { 200: ZRbmBatchGetResponse, ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const caller = await sends.authenticate(bearerOf(request.headers.authorization));
        const parsed = ZRbmBatchGetRequest.safeParse(request.body ?? {});
        if (!parsed.success) return invalidBody('batch get request', parsed.error);
        const { users, agentId } = parsed.data;
        const wrong = users.find((user) => !isE164(user));
        if (wrong !== undefined) return invalid(`${wrong} is not a phone number in E.164 format.`);
        const sender = await agentOfCaller(sends, caller, agentId);
        const reach = await sends.reachableUsers(caller, { network: 'rbm', sender, msisdns: users });
        return reach;
      },
    );

    app.post(
      `${RBM_PREFIX}/v1/phones/:msisdn/testers`,
      {
        config: PARTNER_CALL,
        schema: {
          tags: ['partner-api'],
          summary:
            "Google RBM: invite the user as a tester of the bot's agent (phones.testers.create); the number becomes a test device of the bot; not charged",
          params: z.object({ msisdn: z.string().max(40) }),
          querystring: ZRbmTesterQuery,
          response: { 200: ZRbmTester, ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const caller = await sends.authenticate(bearerOf(request.headers.authorization));
        const msisdn = phoneOf(request.params.msisdn);
        const sender = await agentOfCaller(sends, caller, request.query.agentId);
        const inviteStatus = await sends.inviteTester(caller, { sender, msisdn });
        return { name: `phones/${msisdn}/testers`, inviteStatus };
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

    app.get(
      `${RBM_PREFIX}/v1/brands/:brandId/agents/:agentId`,
      {
        config: { xsrf: false },
        schema: {
          tags: ['partner-api'],
          summary: "Business Communications: the bot's own RBM agent (brands.agents.get)",
          params: z.object({ brandId: ID, agentId: ID }),
          response: { 200: ZGoogleAgent, ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const { brandId, agentId } = request.params;
        const agent = await ownAgent(request.headers.authorization, brandId);
        if (!agent || agent.name.split('/').pop() !== agentId)
          return refuseAsGoogle({ reason: 'not_found', detail: agentId });
        return agent;
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
          response: { 200: ZGoogleAgentList, ...GOOGLE_ERRORS },
        },
      },
      async (request) => {
        const agent = await ownAgent(request.headers.authorization, request.params.brandId);
        // A token names one bot: its agent is the whole list (Google leaves an empty list out).
        return agent ? { agents: [agent] } : {};
      },
    );
  };
}
