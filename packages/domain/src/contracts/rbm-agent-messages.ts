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
    /** A file uploaded before with files.create (`files/{id}`), and its thumbnail's. */
    uploadedRbmFile: z
      .object({ fileName: z.string().max(200), thumbnailName: z.string().max(200).optional() })
      .loose()
      .optional(),
    /** A file the network fetches by URL. */
    contentInfo: z
      .object({
        fileUrl: z.string().max(2048),
        thumbnailUrl: z.string().max(2048).optional(),
        forceRefresh: z.boolean().optional(),
      })
      .loose()
      .optional(),
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

/** `phones.agentMessages.delete` (revoke): the agent whose message it is. */
export const ZRbmRevokeQuery = z.object({ agentId: z.string().max(200).optional() });

export const RBM_AGENT_EVENT_TYPES = ['IS_TYPING', 'READ'] as const;

/** `phones.agentEvents.create`: the agent's id of the event (a UUID; Google ignores a reused one) and the agent. */
export const ZRbmAgentEventQuery = z.object({
  eventId: z.string().max(200).optional(),
  agentId: z.string().max(200).optional(),
});

/** The AgentEvent an agent sends: READ of the user's message `messageId`, or IS_TYPING. */
export const ZRbmAgentEventRequest = z.object({
  eventType: z.enum([...RBM_AGENT_EVENT_TYPES, 'TYPE_UNSPECIFIED']),
  messageId: z.string().max(200).optional(),
});

/** Google's answer: the AgentEvent with its name (phones/{E.164}/agentEvents/{eventId}) and send time. */
export const ZRbmAgentEvent = z.object({
  name: z.string(),
  eventType: z.enum(RBM_AGENT_EVENT_TYPES),
  messageId: z.string().optional(),
  sendTime: z.string(),
});

/**
 * What `files.create` takes (Google's RBM reference): images, audio, video and PDF, at most 100 MB
 * (the largest file RBM sends); a thumbnail is an image.
 */
export const RBM_FILE_LIMITS = {
  maxBytes: 100 * 1024 * 1024,
  contentTypes: [
    'image/jpeg',
    'image/jpg',
    'image/gif',
    'image/png',
    'audio/aac',
    'audio/mp3',
    'audio/mpeg',
    'audio/mpg',
    'audio/mp4',
    'audio/mp4-latm',
    'audio/3gpp',
    'application/ogg',
    'audio/ogg',
    'video/h263',
    'video/m4v',
    'video/mp4',
    'video/mpeg',
    'video/mpeg4',
    'video/webm',
    'application/pdf',
  ],
  thumbnailContentTypes: ['image/jpeg', 'image/jpg', 'image/gif', 'image/png'],
} as const;

/** `files.create` by URL (POST /v1/files), or the metadata part of a multipart upload. */
export const ZRbmFileRequest = z.object({
  fileUrl: z.string().max(2048).optional(),
  thumbnailUrl: z.string().max(2048).optional(),
  contentDescription: z.string().max(1000).optional(),
  agentId: z.string().max(200).optional(),
});
export type TRbmFileRequest = z.output<typeof ZRbmFileRequest>;

/** `files.create`'s query: the agent, and how a media upload is sent (googleapis sets uploadType). */
export const ZRbmFileQuery = z.object({
  agentId: z.string().max(200).optional(),
  uploadType: z.enum(['media', 'multipart']).optional(),
});

/** Google's File: the name to use in messages (`files/{id}`). */
export const ZRbmFile = z.object({ name: z.string() });

/** The most numbers one users.batchGet takes (Google: 10,000). */
export const RBM_BATCH_GET_MAX_USERS = 10_000;
/** Below this many numbers Google draws no random sample (its sample counts are then 0). */
export const RBM_BATCH_GET_SAMPLE_MIN = 500;

/** POST /v1/users:batchGet: the users' numbers (E.164) and the agent asking. */
export const ZRbmBatchGetRequest = z.object({
  users: z.array(z.string().max(40)).max(RBM_BATCH_GET_MAX_USERS),
  agentId: z.string().max(200).optional(),
});
export type TRbmBatchGetRequest = z.output<typeof ZRbmBatchGetRequest>;
/**
 * Which of the numbers the agent can reach over RCS, and, from a random sample of about 75% of
 * them (none under 500 numbers), how many of the sample are RCS-reachable on any carrier.
 */
export const ZRbmBatchGetResponse = z.object({
  reachableUsers: z.array(z.string()).optional(),
  totalRandomSampleUserCount: z.number().int().optional(),
  reachableRandomSampleUserCount: z.number().int().optional(),
});
export type TRbmBatchGetResponse = z.output<typeof ZRbmBatchGetResponse>;

/** POST /v1/phones/{E.164}/testers?agentId=: a tester invite (its body is a Tester, usually empty). */
export const ZRbmTesterQuery = z.object({ agentId: z.string().max(200).optional() });
export const ZRbmTester = z.object({
  name: z.string(),
  inviteStatus: z.enum(['INVITE_STATUS_UNSPECIFIED', 'PENDING', 'ACCEPTED', 'DECLINED']),
});
export type TRbmTester = z.output<typeof ZRbmTester>;
