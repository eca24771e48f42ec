import { z } from 'zod';
import { zE164 } from '../rules/phone-numbers.ts';

/**
 * The GSMA MaaP Chatbot API (GSMA FNW.11 / RCC.07 "MaaP Chatbot API", the shape the carriers' MaaP
 * and our sandbox speak), which Portico answers for a bot registered with GSMA's API type (issue 16,
 * point 2) under `<PUBLIC_URL>/api/v1/partner/maap`: `POST /bot/v1/{botId}/messages` (a message, or
 * the `isTyping` indicator), `PUT /bot/v1/{botId}/messages/{msgId}/status` (`cancelled` revokes,
 * `displayed` reads the user's message) and `GET /bot/v1/{botId}/contactCapabilities`. The content
 * is then checked with our own message rules (ZMessageContent), the same as templates.
 */

const displayText = z.string().max(4096);
const ZPostback = z.object({ data: z.string().max(4096) }).loose();

/** A chip or a card's suggestion: `{reply}` or `{action}` with one of MaaP's actions. */
const ZMaapSuggestion = z.object({
  reply: z.object({ displayText, postback: ZPostback.optional() }).loose().optional(),
  action: z
    .object({
      displayText,
      postback: ZPostback.optional(),
      dialerAction: z
        .object({ dialPhoneNumber: z.object({ phoneNumber: z.string().max(40) }).loose() })
        .loose()
        .optional(),
      urlAction: z
        .object({ openUrl: z.object({ url: z.string().max(2048) }).loose() })
        .loose()
        .optional(),
      mapAction: z
        .object({
          showLocation: z
            .object({
              location: z
                .object({
                  latitude: z.number(),
                  longitude: z.number(),
                  label: z.string().max(100).optional(),
                })
                .loose(),
            })
            .loose()
            .optional(),
          requestLocationPush: z.object({}).loose().optional(),
        })
        .loose()
        .optional(),
      calendarAction: z
        .object({
          createCalendarEvent: z
            .object({
              startTime: z.string(),
              endTime: z.string(),
              title: z.string().max(100),
              description: z.string().max(500).optional(),
            })
            .loose(),
        })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
});
export type TMaapSuggestion = z.output<typeof ZMaapSuggestion>;

/** A general-purpose card's content (title, description, media by URL, suggestions). */
const ZMaapCardContent = z.object({
  title: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  media: z
    .object({
      mediaUrl: z.string().max(2048),
      mediaContentType: z.string().max(100).optional(),
      mediaFileSize: z.number().int().optional(),
      height: z.enum(['SHORT_HEIGHT', 'MEDIUM_HEIGHT', 'TALL_HEIGHT']).optional(),
      thumbnailUrl: z.string().max(2048).optional(),
      thumbnailContentType: z.string().max(100).optional(),
    })
    .loose()
    .optional(),
  suggestions: z.array(ZMaapSuggestion).max(4).optional(),
});
export type TMaapCardContent = z.output<typeof ZMaapCardContent>;

/** `richcardMessage.message`: a standalone card or a carousel. */
const ZMaapRichcard = z.object({
  message: z
    .object({
      generalPurposeCard: z
        .object({
          layout: z
            .object({
              cardOrientation: z.enum(['VERTICAL', 'HORIZONTAL']).optional(),
              imageAlignment: z.enum(['LEFT', 'RIGHT']).optional(),
            })
            .loose()
            .optional(),
          content: ZMaapCardContent,
        })
        .optional(),
      generalPurposeCardCarousel: z
        .object({
          layout: z
            .object({ cardWidth: z.enum(['SMALL_WIDTH', 'MEDIUM_WIDTH']).optional() })
            .loose()
            .optional(),
          content: z.array(ZMaapCardContent).min(2).max(10),
        })
        .optional(),
    })
    .loose(),
});

/**
 * A file by URL (`fileMessage`): its URL, MIME type and, optionally, size, name and thumbnail, as
 * GSMA's MaaP Chatbot API names them. The network fetches the file; the phone shows it as a file.
 */
const ZMaapFileMessage = z
  .object({
    fileUrl: z.string().max(2048),
    fileMIMEType: z.string().max(200),
    fileSize: z.number().int().positive().optional(),
    fileName: z.string().max(240).optional(),
    thumbnailUrl: z.string().max(2048).optional(),
    thumbnailMIMEType: z.string().max(200).optional(),
    thumbnailFileSize: z.number().int().positive().optional(),
    thumbnailFileName: z.string().max(240).optional(),
  })
  .loose();

/** An audio message (`audioMessage`): the file's URL, its audio MIME type, size, name, length in seconds. */
const ZMaapAudioMessage = z
  .object({
    fileUrl: z.string().max(2048),
    fileMIMEType: z.string().max(200),
    fileSize: z.number().int().positive().optional(),
    fileName: z.string().max(240).optional(),
    playingLength: z.number().int().min(0).optional(),
  })
  .loose();

export const ZMaapUserContact = z.object({
  userContact: zE164(),
});

/**
 * The messages call's body: a message (`textMessage`, `richcardMessage`, `fileMessage` or
 * `audioMessage`, with `suggestedChipList`) or the typing indicator (`isTyping`). `msgId` is the chatbot's id for the
 * message and its idempotency key; absent, Portico chooses one and answers it.
 */
export const ZMaapMessageRequest = z.object({
  RCSMessage: z.object({
    msgId: z.string().min(1).max(200).optional(),
    textMessage: z.string().max(3072).optional(),
    fileMessage: ZMaapFileMessage.optional(),
    audioMessage: ZMaapAudioMessage.optional(),
    geolocationPushMessage: z.unknown().optional(),
    richcardMessage: ZMaapRichcard.optional(),
    suggestedChipList: z.object({ suggestions: z.array(ZMaapSuggestion).max(11) }).optional(),
    isTyping: z.enum(['active', 'idle']).optional(),
    trafficType: z.string().max(40).optional(),
    expiry: z.string().max(40).optional(),
  }),
  messageContact: ZMaapUserContact,
});
export type TMaapMessageRequest = z.output<typeof ZMaapMessageRequest>;

/** The answer to an accepted message: its id (the partner's or ours) and its contact (202 Accepted). */
export const ZMaapMessageResponse = z.object({
  RCSMessage: z.object({ msgId: z.string(), status: z.literal('pending') }),
  messageContact: ZMaapUserContact,
});
export type TMaapMessageResponse = z.output<typeof ZMaapMessageResponse>;

/** A message's status set by the chatbot: `cancelled` (revoke its own) or `displayed` (read the user's). */
export const ZMaapStatusRequest = z.object({
  RCSMessage: z.object({ status: z.enum(['cancelled', 'displayed']), msgId: z.string().max(200).optional() }),
  messageContact: ZMaapUserContact.optional(),
});
export type TMaapStatusRequest = z.output<typeof ZMaapStatusRequest>;

/** `contactCapabilities?userContact=`: the contact's chatbot features; 404 when it has no RCS. */
export const ZMaapCapabilityQuery = z.object({ userContact: z.string().max(40).optional() });
export const ZMaapCapabilities = z.object({ capabilities: z.array(z.string()) });

/** MaaP's error shape, as the carriers' MaaP (and our sandbox) answer it. */
export const ZMaapError = z.object({
  error: z.object({ code: z.number().int(), message: z.string() }),
});
export type TMaapError = z.output<typeof ZMaapError>;
