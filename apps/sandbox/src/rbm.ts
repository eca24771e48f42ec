import {
  isE164,
  multipartRelatedParts,
  RBM_AGENT_EVENT_TYPES,
  RBM_FILE_LIMITS,
  rbmFileProblem,
} from '@portico/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { newId, nowIso, type SandboxContext } from './context.ts';
import { authorizeGoogleCall, GoogleAuthError, RBM_SCOPE } from './google-oauth.ts';
import { isRcsCapable } from './options.ts';
import type { HandsetCard, HandsetSuggestion } from './store.ts';

/**
 * Google RCS Business Messaging (rcsbusinessmessaging.googleapis.com/v1), served under /sandbox/rbm;
 * the agents themselves are managed through Business Communications (business-communications.ts).
 * Errors use Google's shape: {error: {code, message, status}}.
 */

const ZPostback = z.string().max(2048).optional();
const ZRbmSuggestion = z.union([
  z
    .object({ reply: z.object({ text: z.string().min(1).max(25), postbackData: ZPostback }).strict() })
    .strict(),
  z
    .object({
      action: z
        .object({
          text: z.string().min(1).max(25),
          postbackData: ZPostback,
          fallbackUrl: z.string().optional(),
          dialAction: z.object({ phoneNumber: z.string() }).strict().optional(),
          openUrlAction: z.object({ url: z.string().url() }).passthrough().optional(),
          viewLocationAction: z
            .object({
              latLong: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
              label: z.string().optional(),
              query: z.string().optional(),
            })
            .strict()
            .optional(),
          createCalendarEventAction: z
            .object({
              startTime: z.string(),
              endTime: z.string(),
              title: z.string(),
              description: z.string().optional(),
            })
            .strict()
            .optional(),
          shareLocationAction: z.object({}).optional(),
        })
        .strict(),
    })
    .strict(),
]);
type RbmSuggestion = z.infer<typeof ZRbmSuggestion>;

const ZCardContent = z
  .object({
    title: z.string().max(200).optional(),
    description: z.string().max(2000).optional(),
    media: z
      .object({
        height: z.enum(['HEIGHT_UNSPECIFIED', 'SHORT', 'MEDIUM', 'TALL']).optional(),
        contentInfo: z
          .object({
            fileUrl: z.string(),
            thumbnailUrl: z.string().optional(),
            forceRefresh: z.boolean().optional(),
          })
          .strict()
          .optional(),
        fileName: z.string().optional(),
      })
      .strict()
      .optional(),
    suggestions: z.array(ZRbmSuggestion).max(4).optional(),
  })
  .strict();
type CardContent = z.infer<typeof ZCardContent>;

export const ZContentMessage = z
  .object({
    text: z.string().min(1).max(3072).optional(),
    richCard: z
      .object({
        standaloneCard: z
          .object({
            cardOrientation: z.enum(['CARD_ORIENTATION_UNSPECIFIED', 'HORIZONTAL', 'VERTICAL']).optional(),
            thumbnailImageAlignment: z
              .enum(['THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED', 'LEFT', 'RIGHT'])
              .optional(),
            cardContent: ZCardContent,
          })
          .strict()
          .optional(),
        carouselCard: z
          .object({
            cardWidth: z.enum(['CARD_WIDTH_UNSPECIFIED', 'SMALL', 'MEDIUM']).optional(),
            cardContents: z.array(ZCardContent).min(2).max(10),
          })
          .strict()
          .optional(),
      })
      .strict()
      .refine((card) => Boolean(card.standaloneCard) !== Boolean(card.carouselCard), {
        message: 'richCard needs exactly one of standaloneCard or carouselCard',
      })
      .optional(),
    contentInfo: z.object({ fileUrl: z.string(), thumbnailUrl: z.string().optional() }).strict().optional(),
    uploadedRbmFile: z
      .object({ fileName: z.string(), thumbnailName: z.string().optional() })
      .strict()
      .optional(),
    suggestions: z.array(ZRbmSuggestion).max(11).optional(),
  })
  .strict()
  .refine(
    (m) => [m.text, m.richCard, m.contentInfo, m.uploadedRbmFile].filter((v) => v !== undefined).length === 1,
    { message: 'contentMessage needs exactly one of text, richCard, contentInfo or uploadedRbmFile' },
  );

const ZAgentMessage = z
  .object({
    contentMessage: ZContentMessage,
    messageTrafficType: z
      .enum([
        'MESSAGE_TRAFFIC_TYPE_UNSPECIFIED',
        'AUTHENTICATION',
        'TRANSACTION',
        'PROMOTION',
        'SERVICEREQUEST',
        'ACKNOWLEDGEMENT',
      ])
      .optional(),
    expireTime: z.string().optional(),
    ttl: z.string().optional(),
  })
  .strict();

const ZAgentEvent = z
  .object({ eventType: z.enum(RBM_AGENT_EVENT_TYPES), messageId: z.string().min(1).optional() })
  .strict()
  .refine((e) => e.eventType !== 'READ' || e.messageId !== undefined, {
    message: 'a READ event needs the messageId of the user message it read',
  });

const ZFileByUrl = z
  .object({
    fileUrl: z.string().url(),
    thumbnailUrl: z.string().url().optional(),
    contentDescription: z.string().optional(),
    agentId: z.string().optional(),
  })
  .strict();

/** Revoked messages (agent|messageId) of each sandbox: their receipts are never sent. */
const revokedMessages = new WeakMap<SandboxContext, Set<string>>();
const MAX_REVOKED = 100_000;
function revokedOf(ctx: SandboxContext): Set<string> {
  let set = revokedMessages.get(ctx);
  if (!set) {
    set = new Set();
    revokedMessages.set(ctx, set);
  }
  return set;
}

export const RBM_FEATURES = [
  'RICHCARD_STANDALONE',
  'RICHCARD_CAROUSEL',
  'ACTION_CREATE_CALENDAR_EVENT',
  'ACTION_DIAL',
  'ACTION_OPEN_URL',
  'ACTION_SHARE_LOCATION',
  'ACTION_VIEW_LOCATION',
] as const;

const STATUS_BY_CODE: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export class RbmError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function toHandsetSuggestion(s: RbmSuggestion): HandsetSuggestion {
  if ('reply' in s) return { type: 'reply', text: s.reply.text, postbackData: s.reply.postbackData ?? '' };
  const a = s.action;
  const base = { text: a.text, postbackData: a.postbackData ?? '' };
  if (a.dialAction) return { ...base, type: 'dial', detail: a.dialAction.phoneNumber };
  if (a.openUrlAction) return { ...base, type: 'open_url', detail: a.openUrlAction.url };
  if (a.viewLocationAction) {
    const ll = a.viewLocationAction.latLong;
    return {
      ...base,
      type: 'view_location',
      detail:
        a.viewLocationAction.label ??
        (ll ? `${ll.latitude}, ${ll.longitude}` : (a.viewLocationAction.query ?? '')),
    };
  }
  if (a.shareLocationAction) return { ...base, type: 'share_location', detail: 'Share your location' };
  if (a.createCalendarEventAction)
    return {
      ...base,
      type: 'calendar',
      detail: `${a.createCalendarEventAction.title} at ${a.createCalendarEventAction.startTime}`,
    };
  return { ...base, type: 'open_url', detail: a.fallbackUrl ?? '' };
}

function toHandsetCard(card: CardContent): HandsetCard {
  const media = card.media?.contentInfo?.fileUrl ?? card.media?.fileName;
  return {
    ...(card.title ? { title: card.title } : {}),
    ...(card.description ? { description: card.description } : {}),
    ...(media ? { mediaUrl: media } : {}),
    ...(card.media?.height ? { mediaHeight: card.media.height } : {}),
    suggestions: (card.suggestions ?? []).map(toHandsetSuggestion),
  };
}

/** Google's error answers ({error: {code, message, status}}), for this API and Business Communications. */
export function googleErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: unknown, _request, reply) => {
    if (error instanceof RbmError || error instanceof GoogleAuthError)
      return googleError(reply, error.code, error.message);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return googleError(reply, status >= 400 && status < 500 ? 400 : 500, (error as Error).message);
  });
}

export function rbmPlugin(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    googleErrorHandler(app);
    // Uploads arrive as raw bytes with their own content type (uploadType=media), or as
    // multipart/related: the JSON metadata, then the file (uploadType=multipart).
    app.addContentTypeParser(
      /^(image|video|audio|application\/pdf|application\/ogg|application\/octet-stream|multipart\/related)/,
      { parseAs: 'buffer', bodyLimit: RBM_FILE_LIMITS.maxBytes + 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    app.addHook('onRequest', async (request) => {
      // Uploaded files are public by URL (a handset fetches them like a phone would).
      if (request.method === 'GET' && request.url.includes('/rbm/files/')) return;
      authorizeGoogleCall(ctx, request, RBM_SCOPE);
      if (ctx.chance(ctx.behaviour.serverErrorRatio))
        throw new RbmError(503, 'The service is currently unavailable.');
    });

    app.post<{ Params: { msisdn: string }; Querystring: { messageId?: string; agentId?: string } }>(
      '/v1/phones/:msisdn/agentMessages',
      async (request, reply) => {
        const { msisdn } = request.params;
        const { messageId, agentId } = request.query;
        if (!isE164(msisdn)) throw new RbmError(400, 'Invalid phone number.');
        if (!messageId) throw new RbmError(400, 'messageId is required.');
        if (!agentId) throw new RbmError(400, 'agentId is required.');
        const parsed = ZAgentMessage.safeParse(request.body);
        if (!parsed.success)
          throw new RbmError(
            400,
            `Invalid agent message: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
          );
        const body = parsed.data;
        const name = `phones/${msisdn}/agentMessages/${messageId}`;
        const answer = {
          name,
          sendTime: nowIso(),
          contentMessage: body.contentMessage,
          ...(body.messageTrafficType ? { messageTrafficType: body.messageTrafficType } : {}),
        };

        // A reused messageId is refused as Google does (409 ALREADY_EXISTS): the message is not sent twice.
        const key = `rbm|${agentId}|${messageId}`;
        if (ctx.store.messageIdValue(key) !== undefined)
          throw new RbmError(409, 'Requested entity already exists');
        if (!isRcsCapable(msisdn)) throw new RbmError(404, 'Requested entity was not found.');
        const agent = [...ctx.store.agents.values()].find((a) => a.name.endsWith(`/agents/${agentId}`));
        if (agent && agent.launchState !== 'LAUNCH_STATE_LAUNCHED') {
          const tester = ctx.store.testers.get(ctx.store.testerKey(agentId, msisdn));
          if (tester?.inviteStatus !== 'ACCEPTED')
            throw new RbmError(403, 'The agent is not launched and the user is not an accepted tester.');
        }
        // A file is the agent's that uploaded it: another agent's (or an unknown name) is not found.
        const named = body.contentMessage.uploadedRbmFile;
        for (const fileName of [named?.fileName, named?.thumbnailName]) {
          if (fileName === undefined) continue;
          const file = ctx.store.files.get(fileName.replace(/^files\//, ''));
          if (!fileName.startsWith('files/') || file?.agentId !== agentId)
            throw new RbmError(404, 'Requested entity was not found.');
        }
        const { rateLimits } = ctx.behaviour;
        if (rateLimits.enabled && !ctx.store.takeToken(`rbm|${agentId}`, rateLimits.rbmPerSecond))
          throw new RbmError(429, 'Quota exceeded for agent messages per second.');
        ctx.store.rememberMessageId(key, name);

        const cm = body.contentMessage;
        const cards = cm.richCard?.standaloneCard
          ? [toHandsetCard(cm.richCard.standaloneCard.cardContent)]
          : cm.richCard?.carouselCard?.cardContents.map(toHandsetCard);
        const fileUrl =
          cm.contentInfo?.fileUrl ??
          (cm.uploadedRbmFile ? `${ctx.mountPath}/rbm/${cm.uploadedRbmFile.fileName}` : undefined);
        ctx.store.addItem(msisdn, {
          id: messageId,
          network: 'rbm',
          sender: agentId,
          direction: 'received',
          at: answer.sendTime,
          ...(cm.text ? { text: cm.text } : {}),
          ...(cards ? { cards, carousel: Boolean(cm.richCard?.carouselCard) } : {}),
          ...(fileUrl ? { cards: [{ mediaUrl: fileUrl, suggestions: [] }] } : {}),
          suggestions: (cm.suggestions ?? []).map(toHandsetSuggestion),
          status: 'pending',
        });
        scheduleReceipts(ctx, agentId, msisdn, messageId);
        return reply.send(answer);
      },
    );

    app.get<{ Params: { msisdn: string }; Querystring: { requestId?: string; agentId?: string } }>(
      '/v1/phones/:msisdn/capabilities',
      async (request) => {
        const { msisdn } = request.params;
        if (!isE164(msisdn)) throw new RbmError(400, 'Invalid phone number.');
        if (!isRcsCapable(msisdn)) throw new RbmError(404, 'Requested entity was not found.');
        return { features: RBM_FEATURES };
      },
    );

    // users.batchGet: the numbers the agent reaches over RCS and, from a random sample of about
    // 75% of them (none under 500 numbers, as Google documents), how many of the sample are reachable.
    app.post<{ Body: { users?: unknown; agentId?: string } }>('/v1/users:batchGet', async (request) => {
      const users = z.array(z.string()).max(10_000).safeParse(request.body?.users);
      if (!users.success) throw new RbmError(400, 'users must be a list of phone numbers.');
      if (!request.body?.agentId) throw new RbmError(400, 'agentId is required.');
      const reachable = users.data.filter((u) => isE164(u) && isRcsCapable(u));
      const sample = users.data.length < 500 ? [] : users.data.filter((_u, i) => i % 4 !== 3);
      return {
        reachableUsers: reachable,
        totalRandomSampleUserCount: sample.length,
        reachableRandomSampleUserCount: sample.filter((u) => isE164(u) && isRcsCapable(u)).length,
      };
    });

    app.post<{ Params: { msisdn: string }; Querystring: { agentId?: string } }>(
      '/v1/phones/:msisdn/testers',
      async (request) => {
        const { msisdn } = request.params;
        const agentId = request.query.agentId;
        if (!isE164(msisdn)) throw new RbmError(400, 'Invalid phone number.');
        if (!agentId) throw new RbmError(400, 'agentId is required.');
        if (!isRcsCapable(msisdn)) throw new RbmError(404, 'Requested entity was not found.');
        const key = ctx.store.testerKey(agentId, msisdn);
        const existing = ctx.store.testers.get(key);
        const invite =
          existing && existing.inviteStatus !== 'DECLINED'
            ? existing
            : { agentId, msisdn, inviteStatus: 'PENDING' as const, createdAt: nowIso() };
        ctx.store.testers.set(key, invite);
        return { name: `phones/${msisdn}/testers`, inviteStatus: invite.inviteStatus };
      },
    );

    app.get<{ Params: { msisdn: string }; Querystring: { agentId?: string } }>(
      '/v1/phones/:msisdn/testers',
      async (request) => {
        const { msisdn } = request.params;
        const invite = ctx.store.testers.get(ctx.store.testerKey(request.query.agentId ?? '', msisdn));
        if (!invite) throw new RbmError(404, 'Requested entity was not found.');
        return { name: `phones/${msisdn}/testers`, inviteStatus: invite.inviteStatus };
      },
    );

    /**
     * Revoke (phones.agentMessages.delete): a message the handset has not received yet is taken
     * off it and never delivered (200 {}); unknown, another agent's, or already delivered: 404.
     */
    app.delete<{ Params: { msisdn: string; messageId: string }; Querystring: { agentId?: string } }>(
      '/v1/phones/:msisdn/agentMessages/:messageId',
      async (request) => {
        const { msisdn, messageId } = request.params;
        const { agentId } = request.query;
        if (!isE164(msisdn)) throw new RbmError(400, 'Invalid phone number.');
        if (!agentId) throw new RbmError(400, 'agentId is required.');
        const name = ctx.store.messageIdValue(`rbm|${agentId}|${messageId}`);
        if (name !== `phones/${msisdn}/agentMessages/${messageId}`)
          throw new RbmError(404, 'Requested entity was not found.');
        const thread = ctx.store.thread(msisdn);
        const index = thread.findIndex(
          (i) =>
            i.id === messageId && i.network === 'rbm' && i.sender === agentId && i.direction === 'received',
        );
        if (thread[index]?.status !== 'pending') throw new RbmError(404, 'Requested entity was not found.');
        const revoked = revokedOf(ctx);
        revoked.add(`${agentId}|${messageId}`);
        if (revoked.size > MAX_REVOKED) revoked.delete(revoked.values().next().value ?? '');
        thread.splice(index, 1);
        return {};
      },
    );

    /**
     * Agent events (phones.agentEvents.create): READ marks the user's message read on the handset;
     * a reused eventId is ignored, as Google does.
     */
    app.post<{ Params: { msisdn: string }; Querystring: { eventId?: string; agentId?: string } }>(
      '/v1/phones/:msisdn/agentEvents',
      async (request) => {
        const { msisdn } = request.params;
        const { agentId } = request.query;
        if (!isE164(msisdn)) throw new RbmError(400, 'Invalid phone number.');
        if (!agentId) throw new RbmError(400, 'agentId is required.');
        const parsed = ZAgentEvent.safeParse(request.body);
        if (!parsed.success)
          throw new RbmError(
            400,
            `Invalid agent event: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
          );
        if (!isRcsCapable(msisdn)) throw new RbmError(404, 'Requested entity was not found.');
        const event = parsed.data;
        const eventId = request.query.eventId ?? newId();
        const answer = {
          name: `phones/${msisdn}/agentEvents/${eventId}`,
          eventType: event.eventType,
          ...(event.messageId ? { messageId: event.messageId } : {}),
          sendTime: nowIso(),
        };
        if (!ctx.store.rememberMessageId(`rbm-event|${agentId}|${eventId}`, answer.name)) return answer;
        // IS_TYPING is ephemeral (Google does not queue it): its record is the event id kept above.
        if (event.eventType === 'READ') {
          const item = ctx.store.findItem(msisdn, event.messageId ?? '');
          if (item?.network === 'rbm' && item.direction === 'sent' && item.sender === agentId)
            item.status = 'read';
        }
        return answer;
      },
    );

    // Files (files.create): the bytes at the upload URI (raw, or multipart/related after the JSON
    // metadata), or the metadata URI with {fileUrl, thumbnailUrl} to fetch the file by URL.
    app.post<{ Querystring: { agentId?: string } }>('/upload/v1/files', async (request) => {
      const contentType = String(request.headers['content-type'] ?? 'application/octet-stream');
      if (!Buffer.isBuffer(request.body)) return createByUrl(request.body, request.query.agentId);
      let file = { contentType, body: request.body };
      let agentId = request.query.agentId;
      if (/^multipart\/related/i.test(contentType)) {
        const parts = multipartRelatedParts(request.body, contentType);
        const bytes = parts?.[1];
        if (!parts?.[0] || !bytes)
          throw new RbmError(400, 'A multipart upload is the JSON metadata, then the file.');
        agentId ??= metadataAgentId(parts[0].body);
        file = {
          contentType: bytes.contentType,
          body: Buffer.from(bytes.body.buffer, bytes.body.byteOffset, bytes.body.byteLength),
        };
      }
      if (!agentId) throw new RbmError(400, 'agentId is required.');
      const problem = rbmFileProblem({ contentType: file.contentType, size: file.body.length });
      if (problem) throw new RbmError(400, problem);
      const id = newId();
      ctx.store.files.set(id, { ...file, agentId });
      return { name: `files/${id}` };
    });
    app.post<{ Querystring: { agentId?: string } }>('/v1/files', async (request) =>
      createByUrl(request.body, request.query.agentId),
    );
    function createByUrl(body: unknown, agentInQuery: string | undefined) {
      const parsed = ZFileByUrl.safeParse(body);
      if (!parsed.success) throw new RbmError(400, 'Send the file bytes or {"fileUrl": "https://..."}.');
      const agentId = parsed.data.agentId ?? agentInQuery;
      if (!agentId) throw new RbmError(400, 'agentId is required.');
      const id = newId();
      ctx.store.files.set(id, {
        agentId,
        contentType: 'application/octet-stream',
        body: Buffer.alloc(0),
        fileUrl: parsed.data.fileUrl,
      });
      return { name: `files/${id}` };
    }
    app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
      const file = ctx.store.files.get(request.params.id);
      // A file created by URL is fetched from there, as a phone would get it from Google's cache.
      if (file?.fileUrl) return reply.redirect(file.fileUrl);
      if (!file || file.body.length === 0) throw new RbmError(404, 'Requested entity was not found.');
      return reply.type(file.contentType).header('content-disposition', 'inline').send(file.body);
    });
  };
}

/** The agentId of a multipart upload's JSON metadata (files.create's CreateFileRequest), if any. */
function metadataAgentId(metadata: Uint8Array): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(metadata).toString('utf8'));
    const agentId = (parsed as { agentId?: unknown } | null)?.agentId;
    return typeof agentId === 'string' && agentId !== '' ? agentId : undefined;
  } catch {
    return undefined;
  }
}

function googleError(reply: FastifyReply, code: number, message: string) {
  return reply.code(code).send({ error: { code, message, status: STATUS_BY_CODE[code] ?? 'UNKNOWN' } });
}

/** DELIVERED after the delivery delay, READ after the read delay, posted to the webhook as Pub/Sub push messages. */
function scheduleReceipts(ctx: SandboxContext, agentId: string, msisdn: string, messageId: string) {
  const { behaviour } = ctx;
  if (!behaviour.receipts) return;
  if (ctx.chance(behaviour.failureRatio)) {
    setItemStatus(ctx, msisdn, messageId, 'failed');
    return;
  }
  ctx.later(behaviour.deliveryDelayMs, async () => {
    // A message revoked in the meantime is never delivered.
    if (revokedOf(ctx).has(`${agentId}|${messageId}`)) return;
    setItemStatus(ctx, msisdn, messageId, 'delivered');
    await ctx.deliver('rbm', rbmPush(rbmEvent(agentId, msisdn, messageId, 'DELIVERED')));
    if (behaviour.readDelayMs !== null) {
      ctx.later(behaviour.readDelayMs, async () => {
        setItemStatus(ctx, msisdn, messageId, 'read');
        await ctx.deliver('rbm', rbmPush(rbmEvent(agentId, msisdn, messageId, 'READ')));
      });
    }
  });
}

function setItemStatus(
  ctx: SandboxContext,
  msisdn: string,
  id: string,
  status: 'delivered' | 'read' | 'failed',
) {
  const item = ctx.store.findItem(msisdn, id);
  if (item && item.status !== 'read') item.status = status;
}

export function rbmEvent(
  agentId: string,
  msisdn: string,
  messageId: string,
  eventType: 'DELIVERED' | 'READ' | 'IS_TYPING',
) {
  return {
    agentId,
    senderPhoneNumber: msisdn,
    eventType,
    eventId: newId('evt_'),
    messageId,
    sendTime: nowIso(),
  };
}

/**
 * A tester's answer to an invite, as an agent event: the Tester resource (phones/{E.164}/testers,
 * inviteStatus) under `tester`, beside the usual agentId, senderPhoneNumber, eventId and sendTime.
 */
export function rbmTesterEvent(agentId: string, msisdn: string, inviteStatus: 'ACCEPTED' | 'DECLINED') {
  return {
    agentId,
    senderPhoneNumber: msisdn,
    eventId: newId('evt_'),
    sendTime: nowIso(),
    tester: { name: `phones/${msisdn}/testers`, inviteStatus },
  };
}

/** The Pub/Sub push envelope RBM webhooks receive: the event JSON, base64, under message.data. */
export function rbmPush(event: Record<string, unknown>) {
  return {
    message: {
      data: Buffer.from(JSON.stringify(event)).toString('base64'),
      messageId: newId(),
      publishTime: nowIso(),
    },
    subscription: 'projects/rbm-sandbox/subscriptions/rbm-agent',
  };
}

/** Marks the person reading the thread (the handset page) and sends READ for what was only delivered. */
export async function rbmReadAll(ctx: SandboxContext, msisdn: string) {
  for (const item of ctx.store.thread(msisdn)) {
    if (item.network === 'rbm' && item.direction === 'received' && item.status === 'delivered') {
      item.status = 'read';
      await ctx.deliver('rbm', rbmPush(rbmEvent(item.sender, msisdn, item.id, 'READ')));
    }
  }
}
