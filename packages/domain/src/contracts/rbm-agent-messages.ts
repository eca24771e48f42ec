import { z } from 'zod';

/**
 * Google's RBM API send call (POST /v1/phones/{E.164}/agentMessages?messageId=&agentId=), which
 * Portico answers for a bot's RBM agent (issue 16, point 2): Google's AgentMessage request and
 * response and Google's error shape. The content is then checked with our own message rules
 * (ZMessageContent: Google's documented limits).
 */

const text = z.string().max(4096);
const ZRbmSuggestion = z.object({
  reply: z.object({ text, postbackData: z.string().max(4096).optional() }).optional(),
  action: z
    .object({
      text,
      postbackData: z.string().max(4096).optional(),
      fallbackUrl: z.string().max(2048).optional(),
      dialAction: z.object({ phoneNumber: z.string().max(20) }).optional(),
      openUrlAction: z
        .object({ url: z.string().max(2048) })
        .loose()
        .optional(),
      viewLocationAction: z
        .object({
          latLong: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
          label: z.string().max(100).optional(),
        })
        .loose()
        .optional(),
      shareLocationAction: z.object({}).loose().optional(),
      createCalendarEventAction: z
        .object({
          startTime: z.string(),
          endTime: z.string(),
          title: z.string().max(100),
          description: z.string().max(500).optional(),
        })
        .optional(),
    })
    .optional(),
});
export type TRbmSuggestion = z.output<typeof ZRbmSuggestion>;

const ZRbmCardContent = z.object({
  title: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  media: z
    .object({
      height: z.enum(['SHORT', 'MEDIUM', 'TALL', 'HEIGHT_UNSPECIFIED']).optional(),
      contentInfo: z
        .object({ fileUrl: z.string().max(2048) })
        .loose()
        .optional(),
      fileName: z.string().optional(),
    })
    .optional(),
  suggestions: z.array(ZRbmSuggestion).max(4).optional(),
});
export type TRbmCardContent = z.output<typeof ZRbmCardContent>;

export const RBM_TRAFFIC_TYPES = [
  'TRANSACTION',
  'PROMOTION',
  'AUTHENTICATION',
  'SERVICEREQUEST',
  'ACKNOWLEDGEMENT',
] as const;

/** The AgentMessage request body. */
export const ZRbmAgentMessageRequest = z.object({
  contentMessage: z.object({
    text: z.string().max(3072).optional(),
    richCard: z
      .object({
        standaloneCard: z
          .object({
            cardOrientation: z.enum(['VERTICAL', 'HORIZONTAL']).optional(),
            thumbnailImageAlignment: z.enum(['LEFT', 'RIGHT']).optional(),
            cardContent: ZRbmCardContent,
          })
          .optional(),
        carouselCard: z
          .object({
            cardWidth: z.enum(['SMALL', 'MEDIUM']).optional(),
            cardContents: z.array(ZRbmCardContent).min(2).max(10),
          })
          .optional(),
      })
      .optional(),
    fileName: z.string().optional(),
    uploadedRbmFile: z.unknown().optional(),
    contentInfo: z.unknown().optional(),
    suggestions: z.array(ZRbmSuggestion).max(11).optional(),
  }),
  messageTrafficType: z.enum(RBM_TRAFFIC_TYPES).optional(),
  expireTime: z.string().optional(),
  ttl: z.string().optional(),
});
export type TRbmAgentMessageRequest = z.output<typeof ZRbmAgentMessageRequest>;

/** The query: the partner's message id (required, the send's idempotency key) and the agent. */
export const ZRbmAgentMessageQuery = z.object({
  messageId: z.string().max(200).optional(),
  agentId: z.string().max(200).optional(),
});

/** Google's answer: the AgentMessage with its name and send time. */
export const ZRbmAgentMessageResponse = z.object({
  name: z.string(),
  sendTime: z.string(),
  contentMessage: z.record(z.string(), z.unknown()),
  messageTrafficType: z.enum(RBM_TRAFFIC_TYPES).optional(),
});

/** Google's API error shape. */
export const ZGoogleApiError = z.object({
  error: z.object({ code: z.number().int(), message: z.string(), status: z.string() }),
});
export type TGoogleApiError = z.output<typeof ZGoogleApiError>;

/**
 * An agent as Google's Business Communications API shapes it (`brands.agents.get`): the caller's
 * own bot's RBM agent, read with the bot's partner token.
 */
export const ZGoogleAgent = z.object({
  name: z.string(),
  displayName: z.string(),
  rcsBusinessMessagingAgent: z.record(z.string(), z.unknown()),
});
export type TGoogleAgent = z.output<typeof ZGoogleAgent>;

/** `brands.agents.list`: Google leaves an empty list out, so `{}` is an answer with no agent. */
export const ZGoogleAgentList = z.object({
  agents: z.array(ZGoogleAgent).optional(),
  nextPageToken: z.string().optional(),
});
export type TGoogleAgentList = z.output<typeof ZGoogleAgentList>;

/** Google's capability check query: a request id of the caller's (required by Google) and the agent. */
export const ZRbmCapabilityQuery = z.object({
  requestId: z.string().max(200).optional(),
  agentId: z.string().max(200).optional(),
});

/** Google's capability answer: the RBM features the user's device supports. */
export const ZRbmCapabilities = z.object({ features: z.array(z.string()) });
