import { z } from 'zod';
import {
  MAAP_AUDIO_EXAMPLE,
  MAAP_CAPABILITIES_EXAMPLE,
  MAAP_EXAMPLE_AUDIO_MSG_ID,
  MAAP_EXAMPLE_CARD_MSG_ID,
  MAAP_EXAMPLE_FILE_MSG_ID,
  MAAP_EXAMPLE_TEXT_MSG_ID,
  MAAP_FILE_EXAMPLE,
  MAAP_FILE_WITHOUT_TYPE_EXAMPLE,
  MAAP_INVALID_CONTACT_EXAMPLE,
  MAAP_IS_TYPING_EXAMPLE,
  MAAP_MESSAGE_NOT_FOUND_EXAMPLE,
  MAAP_NOT_RCS_CAPABLE_EXAMPLE,
  MAAP_OTHER_BOT_EXAMPLE,
  MAAP_RICH_CARD_EXAMPLE,
  MAAP_STATUS_CANCELLED_EXAMPLE,
  MAAP_STATUS_DISPLAYED_EXAMPLE,
  MAAP_TEXT_EXAMPLE,
  MAAP_TYPING_ACCEPTED_EXAMPLE,
  MAAP_UNAUTHORIZED_EXAMPLE,
  maapAcceptedExample,
} from './maap-chatbot-api.examples.ts';
import { ZMaapMessageRequest, ZMaapStatusRequest } from './maap-chatbot-api.ts';
import {
  TOKEN_INVALID_CLIENT_EXAMPLE,
  TOKEN_REQUEST_EXAMPLE,
  TOKEN_RESPONSE_EXAMPLE,
  TOKEN_UNSUPPORTED_GRANT_EXAMPLE,
} from './partner-credentials.examples.ts';
import { ZPartnerTokenRequest } from './partner-credentials.ts';
import {
  GOOGLE_AGENT_EXAMPLE,
  GOOGLE_FILE_URL_NOT_HTTPS_EXAMPLE,
  GOOGLE_INVALID_ARGUMENT_EXAMPLE,
  GOOGLE_NOT_FOUND_EXAMPLE,
  GOOGLE_READ_WITHOUT_MESSAGE_EXAMPLE,
  GOOGLE_UNAUTHENTICATED_EXAMPLE,
  GOOGLE_UNSUPPORTED_FILE_TYPE_EXAMPLE,
  RBM_CAPABILITIES_EXAMPLE,
  RBM_FILE_BY_URL_EXAMPLE,
  RBM_FILE_EXAMPLE,
  RBM_IS_TYPING_EVENT_EXAMPLE,
  RBM_READ_EVENT_EXAMPLE,
  RBM_REVOKED_EXAMPLE,
  RBM_RICH_CARD_EXAMPLE,
  RBM_TEXT_EXAMPLE,
  rbmEventExample,
  rbmSentExample,
} from './rbm-agent-messages.examples.ts';
import {
  RBM_FILE_LIMITS,
  ZRbmAgentEventRequest,
  ZRbmAgentMessageRequest,
  ZRbmFileRequest,
} from './rbm-agent-messages.ts';
import {
  WHATSAPP_CONTACTS_EXAMPLE,
  WHATSAPP_DOCUMENT_EXAMPLE,
  WHATSAPP_IMAGE_EXAMPLE,
  WHATSAPP_INTERACTIVE_EXAMPLE,
  WHATSAPP_INVALID_TOKEN_EXAMPLE,
  WHATSAPP_LOCATION_EXAMPLE,
  WHATSAPP_MEDIA_ID_EXAMPLE,
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

/** The upload URI's body: the file's bytes (or multipart/related: the JSON metadata, then the file). */
const ZFileBytes = z.string().meta({
  format: 'binary',
  description:
    "The file's bytes with its Content-Type (uploadType=media), or multipart/related with the JSON metadata ({agentId?, thumbnailUrl?}) then the file (uploadType=multipart).",
});

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
  'DELETE /api/v1/partner/rbm/v1/phones/:msisdn/agentMessages/:messageId': {
    responseExamples: {
      '200': {
        revoked: example('Revoked: the user will not receive it (an empty body)', RBM_REVOKED_EXAMPLE),
      },
      '4xx': {
        notFound: example(
          "Unknown, delivered already, or another agent's message (404)",
          GOOGLE_NOT_FOUND_EXAMPLE,
        ),
        unauthenticated: example('A wrong, expired or revoked token (401)', GOOGLE_UNAUTHENTICATED_EXAMPLE),
      },
    },
  },
  'POST /api/v1/partner/rbm/v1/phones/:msisdn/agentEvents': {
    body: ZRbmAgentEventRequest,
    requestExamples: {
      read: example("READ: the agent has read the user's message messageId", RBM_READ_EVENT_EXAMPLE),
      isTyping: example('IS_TYPING: the user sees the agent typing', RBM_IS_TYPING_EVENT_EXAMPLE),
    },
    responseExamples: {
      '200': {
        read: example('The READ event, as sent', rbmEventExample(RBM_READ_EVENT_EXAMPLE)),
        isTyping: example('The IS_TYPING event, as sent', rbmEventExample(RBM_IS_TYPING_EVENT_EXAMPLE)),
      },
      '4xx': {
        invalidArgument: example('A READ event without messageId (400)', GOOGLE_READ_WITHOUT_MESSAGE_EXAMPLE),
        notFound: example('The user is not reachable over RCS (404)', GOOGLE_NOT_FOUND_EXAMPLE),
      },
    },
  },
  'POST /api/v1/partner/rbm/v1/files': {
    body: ZRbmFileRequest,
    requestExamples: {
      byUrl: example('A file and its thumbnail by https URL', RBM_FILE_BY_URL_EXAMPLE),
    },
    responseExamples: {
      '200': { file: example("Google's File: its name goes in uploadedRbmFile.fileName", RBM_FILE_EXAMPLE) },
      '4xx': {
        invalidArgument: example('A fileUrl that is not https (400)', GOOGLE_FILE_URL_NOT_HTTPS_EXAMPLE),
      },
    },
  },
  // The upload's body is the file's bytes: documented by its schema and media types, with no
  // request example (an OpenAPI example of a binary body is a string, not the bytes a client
  // sends, so it could not be replayed as is). The contract test uploads an image of its own and
  // checks the documented answers.
  'POST /api/v1/partner/rbm/upload/v1/files': {
    body: ZFileBytes,
    consumes: [...RBM_FILE_LIMITS.contentTypes, 'multipart/related'],
    responseExamples: {
      '200': { file: example("Google's File: its name goes in uploadedRbmFile.fileName", RBM_FILE_EXAMPLE) },
      '4xx': {
        unsupportedType: example('A type RBM does not send (400)', GOOGLE_UNSUPPORTED_FILE_TYPE_EXAMPLE),
        unauthenticated: example(
          'A wrong, expired or revoked token (401), before the body is read',
          GOOGLE_UNAUTHENTICATED_EXAMPLE,
        ),
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
  'POST /api/v1/partner/maap/bot/v1/:botId/messages': {
    body: ZMaapMessageRequest,
    requestExamples: {
      text: example('A text message with suggested chips (replies, dial, open URL)', MAAP_TEXT_EXAMPLE),
      richCard: example('A general-purpose card with media and suggestions', MAAP_RICH_CARD_EXAMPLE),
      file: example(
        'A file by URL (fileMessage) with its MIME type, size, name, a thumbnail and a chip',
        MAAP_FILE_EXAMPLE,
      ),
      audio: example('An audio message by URL (audioMessage)', MAAP_AUDIO_EXAMPLE),
      isTyping: example('The typing indicator (isTyping alone; not charged)', MAAP_IS_TYPING_EXAMPLE),
    },
    responseExamples: {
      '202': {
        text: example('The text, accepted', maapAcceptedExample(MAAP_EXAMPLE_TEXT_MSG_ID)),
        richCard: example('The card, accepted', maapAcceptedExample(MAAP_EXAMPLE_CARD_MSG_ID)),
        file: example('The file, accepted', maapAcceptedExample(MAAP_EXAMPLE_FILE_MSG_ID)),
        audio: example('The audio message, accepted', maapAcceptedExample(MAAP_EXAMPLE_AUDIO_MSG_ID)),
        isTyping: example('The typing indicator, accepted (an empty body)', MAAP_TYPING_ACCEPTED_EXAMPLE),
      },
      '4xx': {
        unauthorized: example('A wrong, expired or revoked token (401)', MAAP_UNAUTHORIZED_EXAMPLE),
        otherBot: example("A botId that is not the token's bot's chatbot (404)", MAAP_OTHER_BOT_EXAMPLE),
        invalidContact: example('A userContact not in E.164 (400)', MAAP_INVALID_CONTACT_EXAMPLE),
        fileWithoutType: example(
          'A fileMessage without its fileMIMEType (400)',
          MAAP_FILE_WITHOUT_TYPE_EXAMPLE,
        ),
      },
    },
  },
  'PUT /api/v1/partner/maap/bot/v1/:botId/messages/:msgId/status': {
    body: ZMaapStatusRequest,
    requestExamples: {
      cancelled: example(
        "cancelled: revoke the chatbot's message msgId the user has not received (204)",
        MAAP_STATUS_CANCELLED_EXAMPLE,
      ),
      displayed: example(
        "displayed: the chatbot has read the user's message msgId (204)",
        MAAP_STATUS_DISPLAYED_EXAMPLE,
      ),
    },
    responseExamples: {
      '4xx': {
        notFound: example(
          "Unknown, another chatbot's, or (cancelled) delivered already (404)",
          MAAP_MESSAGE_NOT_FOUND_EXAMPLE,
        ),
      },
    },
  },
  'GET /api/v1/partner/maap/bot/v1/:botId/contactCapabilities': {
    responseExamples: {
      '200': {
        capabilities: example("The chatbot features of the contact's device", MAAP_CAPABILITIES_EXAMPLE),
      },
      '4xx': { notCapable: example('The contact has no RCS (404)', MAAP_NOT_RCS_CAPABLE_EXAMPLE) },
    },
  },
  'POST /api/v1/partner/whatsapp/:version/:phoneNumberId/messages': {
    body: ZCloudApiSendRequest,
    requestExamples: {
      text: example('A text message', WHATSAPP_TEXT_EXAMPLE),
      interactive: example('Interactive reply buttons', WHATSAPP_INTERACTIVE_EXAMPLE),
      template: example('A template message (an approved template of the number)', WHATSAPP_TEMPLATE_EXAMPLE),
      image: example('An image by link, with a caption', WHATSAPP_IMAGE_EXAMPLE),
      document: example(
        'A document by link, with a caption and the file name the phone shows',
        WHATSAPP_DOCUMENT_EXAMPLE,
      ),
      location: example('A location message', WHATSAPP_LOCATION_EXAMPLE),
      contacts: example('A contacts message with one contact card', WHATSAPP_CONTACTS_EXAMPLE),
    },
    responseExamples: {
      '200': { sent: example('The contact and the message id', WHATSAPP_SENT_EXAMPLE) },
      '4xx': {
        invalidToken: example('A wrong, expired or revoked token (401)', WHATSAPP_INVALID_TOKEN_EXAMPLE),
        templateMissing: example(
          'A template the number does not have (404)',
          WHATSAPP_TEMPLATE_MISSING_EXAMPLE,
        ),
        mediaId: example(
          'Media by an id the bot did not upload with POST /{phone-number-id}/media (404)',
          WHATSAPP_MEDIA_ID_EXAMPLE,
        ),
      },
    },
  },
};
