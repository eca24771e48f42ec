import type {
  TGoogleAgent,
  TGoogleApiError,
  TRbmAgentMessageRequest,
  TRbmFileRequest,
} from './rbm-agent-messages.ts';

/**
 * Google's documented RBM examples (RBM API reference and "Send messages": a text with suggestions,
 * a standalone rich card; "Send events": READ and IS_TYPING; revoke; files.create by URL; Google's
 * error bodies), shown in the partner OpenAPI and sent to our
 * endpoints by its contract test, so they cannot rot. Google's placeholder phone number is replaced
 * by a priced Indian test number; the rest is Google's text.
 */

/** The recipient the examples name (Google's samples use +12223334444). */
export const RBM_EXAMPLE_MSISDN = '+919810012345';
/** The messageId the examples name (the partner's own id: any unique string). */
export const RBM_EXAMPLE_MESSAGE_ID = '7c1ea1d4-4dc8-4f8c-9a52-7f8c3b9e2d10';

export const RBM_TEXT_EXAMPLE = {
  contentMessage: {
    text: 'Hello, world!',
    suggestions: [
      { reply: { text: 'Suggestion #1', postbackData: 'suggestion_1' } },
      { action: { text: 'Call', postbackData: 'call', dialAction: { phoneNumber: '+15556667777' } } },
    ],
  },
} satisfies TRbmAgentMessageRequest;

export const RBM_RICH_CARD_EXAMPLE = {
  contentMessage: {
    richCard: {
      standaloneCard: {
        thumbnailImageAlignment: 'RIGHT',
        cardOrientation: 'VERTICAL',
        cardContent: {
          title: 'Hello, world!',
          description: 'RBM is awesome!',
          media: {
            height: 'TALL',
            contentInfo: {
              fileUrl: 'https://www.gstatic.com/images/branding/product/2x/rbm.png',
              forceRefresh: false,
            },
          },
          suggestions: [{ reply: { text: 'Suggestion #1', postbackData: 'suggestion_1' } }],
        },
      },
    },
  },
} satisfies TRbmAgentMessageRequest;

/** Google's answer to a send: the AgentMessage, named after the phone and the messageId. */
export const rbmSentExample = (
  request: { contentMessage: object },
  sendTime = '2026-03-01T10:00:00.123456Z',
) => ({
  name: `phones/${RBM_EXAMPLE_MSISDN}/agentMessages/${RBM_EXAMPLE_MESSAGE_ID}`,
  sendTime,
  contentMessage: request.contentMessage as Record<string, unknown>,
});

/** Google's capability answer (the features of the user's device). */
export const RBM_CAPABILITIES_EXAMPLE = {
  features: [
    'RICHCARD_STANDALONE',
    'RICHCARD_CAROUSEL',
    'ACTION_CREATE_CALENDAR_EVENT',
    'ACTION_DIAL',
    'ACTION_OPEN_URL',
    'ACTION_SHARE_LOCATION',
    'ACTION_VIEW_LOCATION',
  ],
};

/** Business Communications' agent (`brands.agents.get`), as Google documents it. */
export const GOOGLE_AGENT_EXAMPLE = {
  name: 'brands/1234567890/agents/my_agent_abc123_agent',
  displayName: 'My first RBM agent',
  rcsBusinessMessagingAgent: {
    description: 'This is the agent description that will be displayed in the Agent info tab in Messages',
    logoUri: 'https://agent-logos.storage.googleapis.com/_/kt90w53vzw2QSxK6PG1uCeJf',
    heroUri: 'https://agent-logos.storage.googleapis.com/_/kt90vzob74GQcfeHoEQbVRTP',
    phoneNumbers: [{ phoneNumber: { number: '+12223334444' }, label: 'Call support' }],
  },
} satisfies TGoogleAgent;

/** Google's error bodies (google.rpc.Status), one for each refusal a partner meets first. */
export const GOOGLE_UNAUTHENTICATED_EXAMPLE = {
  error: {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    status: 'UNAUTHENTICATED',
  },
} satisfies TGoogleApiError;

export const GOOGLE_INVALID_ARGUMENT_EXAMPLE = {
  error: { code: 400, message: 'messageId is required.', status: 'INVALID_ARGUMENT' },
} satisfies TGoogleApiError;

export const GOOGLE_NOT_FOUND_EXAMPLE = {
  error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
} satisfies TGoogleApiError;

/** The id of the agent's event (`eventId`: a UUID of the agent's; Google ignores a reused one). */
export const RBM_EXAMPLE_EVENT_ID = '0f3a3c6e-7b1d-4b9f-8d8c-5a6e2f1b9c44';
/** The user's message a READ event names (Google's samples: MESSAGE_ID; the id of a user message). */
export const RBM_EXAMPLE_USER_MESSAGE_ID = 'MxY7_Wtrb0RnaILUq3ZwrRtw';

/** A READ event: the agent has read the user's message `messageId`. */
export const RBM_READ_EVENT_EXAMPLE = { eventType: 'READ', messageId: RBM_EXAMPLE_USER_MESSAGE_ID } as const;
/** An IS_TYPING event: the agent is writing (the user sees the typing indicator). */
export const RBM_IS_TYPING_EVENT_EXAMPLE = { eventType: 'IS_TYPING' } as const;

/** Google's answer to an agent event: the AgentEvent, named after the phone and the eventId. */
export const rbmEventExample = (
  event: { eventType: 'READ' | 'IS_TYPING'; messageId?: string },
  sendTime = '2026-03-01T10:00:01.654321Z',
) => ({
  name: `phones/${RBM_EXAMPLE_MSISDN}/agentEvents/${RBM_EXAMPLE_EVENT_ID}`,
  ...event,
  sendTime,
});

/** Google's answer to a revoke (phones.agentMessages.delete): an empty body. */
export const RBM_REVOKED_EXAMPLE = {};

/** files.create by URL (Google's documented sample: a file and its thumbnail, both by https URL). */
export const RBM_FILE_BY_URL_EXAMPLE = {
  fileUrl: 'https://storage.googleapis.com/kitchen-sink-sample-images/cute-dog.jpg',
  thumbnailUrl: 'https://storage.googleapis.com/kitchen-sink-sample-images/elephant.jpg',
} satisfies TRbmFileRequest;

/** Google's File: the name to send in `contentMessage.uploadedRbmFile.fileName`. */
export const RBM_FILE_EXAMPLE = { name: 'files/dHJpcC1yZXBvcnQtMjAyNi0wMy0wMQ' };

export const GOOGLE_FILE_URL_NOT_HTTPS_EXAMPLE = {
  error: { code: 400, message: 'fileUrl must be an https:// address.', status: 'INVALID_ARGUMENT' },
} satisfies TGoogleApiError;

export const GOOGLE_UNSUPPORTED_FILE_TYPE_EXAMPLE = {
  error: {
    code: 400,
    message: 'Unsupported file type text/plain: RBM takes images, audio, video and PDF.',
    status: 'INVALID_ARGUMENT',
  },
} satisfies TGoogleApiError;

export const GOOGLE_READ_WITHOUT_MESSAGE_EXAMPLE = {
  error: {
    code: 400,
    message: 'A READ event needs the messageId of the user message it read.',
    status: 'INVALID_ARGUMENT',
  },
} satisfies TGoogleApiError;
