import {
  ZEnvelope,
  ZNetworkEventList,
  ZNetworkEventListQuery,
  ZNetworkHealth,
  ZNetworkMessage,
  ZNetworkMessageList,
  ZNetworkMessageListQuery,
  ZNetworkMessageParams,
  ZSendTestMessageRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { NetworkMessagesService } from './network-messages.service.ts';

const tags = ['network-messages'];

/** Secure routes: the test send, the messages and events lists, connector health. */
export function networkMessagesRoutes(messages: NetworkMessagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/network-messages/test',
      {
        config: { action: 'network-messages.test-send' },
        schema: {
          tags,
          summary:
            "Sends a test message through a network's connector from the platform's test sender (RBM_AGENT_ID, MAAP_BOT_ID, WHATSAPP_PHONE_NUMBER_ID). Typed network errors: 422 not capable / invalid content, 409 not launched, 429 rate limited, 503 network down.",
          body: ZSendTestMessageRequest,
          response: { 201: ZEnvelope(ZNetworkMessage) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await messages.sendTest(userOf(request), request.body))),
    );

    app.get(
      '/network-messages',
      {
        config: { action: 'network-messages.read' },
        schema: {
          tags,
          summary: 'Messages sent through the networks, newest first',
          querystring: ZNetworkMessageListQuery,
          response: { 200: ZEnvelope(ZNetworkMessageList) },
        },
      },
      async (request) => ok(await messages.list(request.query)),
    );

    app.get(
      '/network-messages/:messageId',
      {
        config: { action: 'network-messages.read' },
        schema: {
          tags,
          summary: 'One message and its current status',
          params: ZNetworkMessageParams,
          response: { 200: ZEnvelope(ZNetworkMessage) },
        },
      },
      async (request) => {
        const message = await messages.message(request.params.messageId);
        if (!message) throw new NotFoundError('No such message.');
        return ok(message);
      },
    );

    app.get(
      '/network-events',
      {
        config: { action: 'network-messages.read' },
        schema: {
          tags,
          summary: 'Events the networks posted to our webhooks, newest first',
          querystring: ZNetworkEventListQuery,
          response: { 200: ZEnvelope(ZNetworkEventList) },
        },
      },
      async (request) => ok(await messages.events(request.query)),
    );

    app.get(
      '/network-health',
      {
        config: { action: 'network-messages.read' },
        schema: {
          tags,
          summary: "Each connector's calls, failures by kind, retries and error rate since start",
          response: { 200: ZEnvelope(ZNetworkHealth) },
        },
      },
      async () => ok(messages.health()),
    );
  };
}
