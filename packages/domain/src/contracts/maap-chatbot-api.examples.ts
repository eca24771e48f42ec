import type {
  TMaapError,
  TMaapMessageRequest,
  TMaapMessageResponse,
  TMaapStatusRequest,
} from './maap-chatbot-api.ts';

/**
 * GSMA's MaaP Chatbot API examples (FNW.11 / RCC.07: a text message with a suggested chip list, a
 * general-purpose card, a file and an audio message by URL, the typing indicator, a message's status, the contact's capabilities, MaaP's
 * errors), shown in the partner OpenAPI and sent to our endpoints by its contract test, so they
 * cannot rot. The contact is a priced Indian test number; the rest follows GSMA's samples.
 */

/** The contact the examples name (E.164, as MaaP's userContact). */
export const MAAP_EXAMPLE_CONTACT = '+919810012345';
/** The chatbot's own ids of the example messages (msgId: its idempotency key). */
export const MAAP_EXAMPLE_TEXT_MSG_ID = '5eae954c-42ca-4181-9ab4-9c0ef2e2ac66';
export const MAAP_EXAMPLE_CARD_MSG_ID = '5eae954c-42ca-4181-9ab4-9c0ef2e2ac67';
export const MAAP_EXAMPLE_FILE_MSG_ID = '5eae954c-42ca-4181-9ab4-9c0ef2e2ac68';
export const MAAP_EXAMPLE_AUDIO_MSG_ID = '5eae954c-42ca-4181-9ab4-9c0ef2e2ac69';
/** A msgId the chatbot never sent. */
export const MAAP_EXAMPLE_UNKNOWN_MSG_ID = 'never-sent';
/** A chatbot id that is not the token's bot's (another bot's, or nobody's). */
export const MAAP_EXAMPLE_OTHER_BOT_ID = 'bot_someone_else';

const messageContact = { userContact: MAAP_EXAMPLE_CONTACT };

export const MAAP_TEXT_EXAMPLE = {
  RCSMessage: {
    msgId: MAAP_EXAMPLE_TEXT_MSG_ID,
    textMessage: 'Hello from the chatbot! Would you like to hear about our new offers?',
    suggestedChipList: {
      suggestions: [
        { reply: { displayText: 'Yes', postback: { data: 'set_by_chatbot_reply_yes' } } },
        { reply: { displayText: 'No', postback: { data: 'set_by_chatbot_reply_no' } } },
        {
          action: {
            displayText: 'Call us',
            postback: { data: 'set_by_chatbot_dial' },
            dialerAction: { dialPhoneNumber: { phoneNumber: '+12345678901' } },
          },
        },
        {
          action: {
            displayText: 'Open website',
            postback: { data: 'set_by_chatbot_open_url' },
            urlAction: { openUrl: { url: 'https://www.gsma.com' } },
          },
        },
      ],
    },
  },
  messageContact,
} satisfies TMaapMessageRequest;

export const MAAP_RICH_CARD_EXAMPLE = {
  RCSMessage: {
    msgId: MAAP_EXAMPLE_CARD_MSG_ID,
    richcardMessage: {
      message: {
        generalPurposeCard: {
          layout: { cardOrientation: 'VERTICAL' },
          content: {
            media: {
              mediaUrl: 'https://cdn.example.com/media/sneakers.jpg',
              mediaContentType: 'image/jpeg',
              mediaFileSize: 120_000,
              height: 'MEDIUM_HEIGHT',
            },
            title: 'New sneakers',
            description: 'Available in every size from today.',
            suggestions: [
              { reply: { displayText: 'Order', postback: { data: 'set_by_chatbot_order' } } },
              {
                action: {
                  displayText: 'See the shop',
                  postback: { data: 'set_by_chatbot_open_shop' },
                  urlAction: { openUrl: { url: 'https://www.example.com/shop' } },
                },
              },
            ],
          },
        },
      },
    },
  },
  messageContact,
} satisfies TMaapMessageRequest;

/** A file by URL (`fileMessage`): its MIME type, size and name, a thumbnail, and a suggested chip. */
export const MAAP_FILE_EXAMPLE = {
  RCSMessage: {
    msgId: MAAP_EXAMPLE_FILE_MSG_ID,
    fileMessage: {
      fileUrl: 'https://cdn.example.com/media/spring-catalogue.pdf',
      fileMIMEType: 'application/pdf',
      fileSize: 482_133,
      fileName: 'spring-catalogue.pdf',
      thumbnailUrl: 'https://cdn.example.com/media/spring-catalogue-thumb.jpg',
      thumbnailMIMEType: 'image/jpeg',
      thumbnailFileSize: 7_427,
    },
    suggestedChipList: {
      suggestions: [{ reply: { displayText: 'Order', postback: { data: 'set_by_chatbot_order' } } }],
    },
  },
  messageContact,
} satisfies TMaapMessageRequest;

/** An audio message by URL (`audioMessage`): its audio MIME type, size and length in seconds. */
export const MAAP_AUDIO_EXAMPLE = {
  RCSMessage: {
    msgId: MAAP_EXAMPLE_AUDIO_MSG_ID,
    audioMessage: {
      fileUrl: 'https://cdn.example.com/media/welcome.m4a',
      fileMIMEType: 'audio/mp4',
      fileSize: 96_000,
      playingLength: 12,
    },
  },
  messageContact,
} satisfies TMaapMessageRequest;

/** The typing indicator: `isTyping` alone (no content); it ends when the next message arrives. */
export const MAAP_IS_TYPING_EXAMPLE = {
  RCSMessage: { isTyping: 'active' },
  messageContact,
} satisfies TMaapMessageRequest;

/** MaaP's answer to an accepted message (202): its msgId, pending, and its contact. */
export const maapAcceptedExample = (msgId: string) =>
  ({ RCSMessage: { msgId, status: 'pending' }, messageContact }) satisfies TMaapMessageResponse;

/** The answer to the typing indicator (202): an empty body. */
export const MAAP_TYPING_ACCEPTED_EXAMPLE = {};

/** Revoke the chatbot's message the user has not received yet (PUT .../messages/{msgId}/status). */
export const MAAP_STATUS_CANCELLED_EXAMPLE = {
  RCSMessage: { status: 'cancelled' },
} satisfies TMaapStatusRequest;

/** Mark the user's message {msgId} read (the user sees it read). */
export const MAAP_STATUS_DISPLAYED_EXAMPLE = {
  RCSMessage: { status: 'displayed' },
  messageContact,
} satisfies TMaapStatusRequest;

/** `contactCapabilities?userContact=`: the chatbot features of the contact's device. */
export const MAAP_CAPABILITIES_EXAMPLE = {
  capabilities: [
    'chatBotCommunication',
    'richcardStandalone',
    'richcardCarousel',
    'action.dial',
    'action.openUrl',
    'action.map',
    'action.calendar',
  ],
};

/** MaaP's errors, one for each refusal a partner meets first. */
export const MAAP_UNAUTHORIZED_EXAMPLE = {
  error: { code: 401, message: 'Unauthorized: the access token is missing, invalid or revoked.' },
} satisfies TMaapError;

export const MAAP_OTHER_BOT_EXAMPLE = {
  error: { code: 404, message: `Not found: chatbot ${MAAP_EXAMPLE_OTHER_BOT_ID}.` },
} satisfies TMaapError;

export const MAAP_INVALID_CONTACT_EXAMPLE = {
  error: {
    code: 400,
    message:
      'Invalid message: messageContact.userContact: Enter the phone number in international format, with its country code, e.g. +919876543210.',
  },
} satisfies TMaapError;

/** A fileMessage without the file's MIME type, which MaaP requires. */
export const MAAP_FILE_WITHOUT_TYPE_EXAMPLE = {
  error: {
    code: 400,
    message:
      'Invalid message: RCSMessage.fileMessage.fileMIMEType: Invalid input: expected string, received undefined',
  },
} satisfies TMaapError;

/** A status for a message that is not the chatbot's, unknown, or delivered already (cancelled). */
export const MAAP_MESSAGE_NOT_FOUND_EXAMPLE = {
  error: { code: 404, message: `Not found: ${MAAP_EXAMPLE_UNKNOWN_MSG_ID}.` },
} satisfies TMaapError;

export const MAAP_NOT_RCS_CAPABLE_EXAMPLE = {
  error: { code: 404, message: 'The contact is not RCS-capable.' },
} satisfies TMaapError;
