import type { z } from 'zod';
import {
  TOKEN_INVALID_CLIENT_EXAMPLE,
  TOKEN_REQUEST_EXAMPLE,
  TOKEN_RESPONSE_EXAMPLE,
  TOKEN_UNSUPPORTED_GRANT_EXAMPLE,
} from './partner-credentials.examples.ts';
import { ZPartnerTokenRequest } from './partner-credentials.ts';
import {
  GOOGLE_AGENT_EXAMPLE,
  GOOGLE_INVALID_ARGUMENT_EXAMPLE,
  GOOGLE_NOT_FOUND_EXAMPLE,
  GOOGLE_UNAUTHENTICATED_EXAMPLE,
  RBM_CAPABILITIES_EXAMPLE,
  RBM_RICH_CARD_EXAMPLE,
  RBM_TEXT_EXAMPLE,
  rbmSentExample,
} from './rbm-agent-messages.examples.ts';
import { ZRbmAgentMessageRequest } from './rbm-agent-messages.ts';
import {
  WHATSAPP_INTERACTIVE_EXAMPLE,
  WHATSAPP_INVALID_TOKEN_EXAMPLE,
  WHATSAPP_SENT_EXAMPLE,
  WHATSAPP_TEMPLATE_EXAMPLE,
  WHATSAPP_TEMPLATE_MISSING_EXAMPLE,
  WHATSAPP_TEXT_EXAMPLE,
} from './whatsapp-cloud-api.examples.ts';
import { ZCloudApiSendRequest } from './whatsapp-cloud-api.ts';

/** A named example of a request or response body (an OpenAPI Example Object). */
export interface DocumentedExample {
  summary: string;
  value: unknown;
}
type Examples = Readonly<Record<string, DocumentedExample>>;

/**
 * What the partner OpenAPI adds to a partner route's own schema: the request body of a call that
 * parses its body itself (to refuse in the network's error shape, the route declares none), the
 * media types it takes, and the networks' documented examples by response key ('200', '4xx').
 */
export interface PartnerOperationDoc {
  body?: z.ZodType;
  consumes?: readonly string[];
  requestExamples?: Examples;
  responseExamples?: Readonly<Record<string, Examples>>;
}

const example = (summary: string, value: unknown): DocumentedExample => ({ summary, value });

/**
 * The partner calls' documentation, by `METHOD url` as the route is registered (Fastify's `:param`
 * form). Every route under /api/v1/partner/ is in the partner OpenAPI whether or not it is listed
 * here; a listed call gets its body and examples, and the contract test sends each example.
 */
export const PARTNER_API_DOCS: Readonly<Record<string, PartnerOperationDoc>> = {
  'POST /api/v1/oauth/token': {
    body: ZPartnerTokenRequest,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    requestExamples: {
      basic: example('client_credentials, the client id and secret in HTTP Basic', TOKEN_REQUEST_EXAMPLE),
    },
    responseExamples: {
      '200': { token: example("An access token for the credential's bot", TOKEN_RESPONSE_EXAMPLE) },
      '4xx': {
        invalidClient: example(
          'A wrong client id or secret, or a revoked credential (401)',
          TOKEN_INVALID_CLIENT_EXAMPLE,
        ),
        unsupportedGrant: example('Another grant type (400)', TOKEN_UNSUPPORTED_GRANT_EXAMPLE),
      },
    },
  },
  'POST /api/v1/partner/rbm/v1/phones/:msisdn/agentMessages': {
    body: ZRbmAgentMessageRequest,
    requestExamples: {
      text: example('A text with a suggested reply and a dial action', RBM_TEXT_EXAMPLE),
      richCard: example('A standalone rich card', RBM_RICH_CARD_EXAMPLE),
    },
    responseExamples: {
      '200': {
        text: example('The text, as sent', rbmSentExample(RBM_TEXT_EXAMPLE)),
        richCard: example('The rich card, as sent', rbmSentExample(RBM_RICH_CARD_EXAMPLE)),
      },
      '4xx': {
        unauthenticated: example('A wrong, expired or revoked token (401)', GOOGLE_UNAUTHENTICATED_EXAMPLE),
        invalidArgument: example('No messageId (400)', GOOGLE_INVALID_ARGUMENT_EXAMPLE),
        notFound: example("Another partner's agent (404)", GOOGLE_NOT_FOUND_EXAMPLE),
      },
    },
  },
  'GET /api/v1/partner/rbm/v1/phones/:msisdn/capabilities': {
    responseExamples: {
      '200': { features: example("The features of the user's device", RBM_CAPABILITIES_EXAMPLE) },
      '4xx': { notFound: example('The user is not reachable over RCS (404)', GOOGLE_NOT_FOUND_EXAMPLE) },
    },
  },
  'GET /api/v1/partner/rbm/v1/brands/:brandId/agents/:agentId': {
    responseExamples: {
      '200': { agent: example("The bot's RBM agent", GOOGLE_AGENT_EXAMPLE) },
      '4xx': { notFound: example('Another agent or brand (404)', GOOGLE_NOT_FOUND_EXAMPLE) },
    },
  },
  'GET /api/v1/partner/rbm/v1/brands/:brandId/agents': {
    responseExamples: {
      '200': { agents: example("The bot's RBM agent, the whole list", { agents: [GOOGLE_AGENT_EXAMPLE] }) },
    },
  },
  'POST /api/v1/partner/whatsapp/:version/:phoneNumberId/messages': {
    body: ZCloudApiSendRequest,
    requestExamples: {
      text: example('A text message', WHATSAPP_TEXT_EXAMPLE),
      interactive: example('Interactive reply buttons', WHATSAPP_INTERACTIVE_EXAMPLE),
      template: example('A template message (an approved template of the number)', WHATSAPP_TEMPLATE_EXAMPLE),
    },
    responseExamples: {
      '200': { sent: example('The contact and the message id', WHATSAPP_SENT_EXAMPLE) },
      '4xx': {
        invalidToken: example('A wrong, expired or revoked token (401)', WHATSAPP_INVALID_TOKEN_EXAMPLE),
        templateMissing: example(
          'A template the number does not have (404)',
          WHATSAPP_TEMPLATE_MISSING_EXAMPLE,
        ),
      },
    },
  },
};
