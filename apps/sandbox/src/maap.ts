import { E164_NUMBER, isE164, mediaTypeOfMime, ZMimeType } from '@portico/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId, nowIso, type SandboxContext } from './context.ts';
import { isRcsCapable } from './options.ts';
import { type HandsetCard, type HandsetSuggestion, handsetFile, type MaapBot } from './store.ts';

/**
 * GSMA MaaP Chatbot API (RCC.07 / "MaaP Chatbot API"), served under /sandbox/maap:
 * POST /bot/v1/{botId}/messages answers 202 Accepted (a message: text, rich card, file or audio by
 * URL; or the `isTyping` indicator);
 * PUT /bot/v1/{botId}/messages/{msgId}/status revokes (`cancelled`, 204; 404 once delivered) or
 * reads (`displayed`, 204); message status events (delivered, displayed, failed) and user messages
 * go to the bot's webhook with Authorization: Bearer <token>.
 */

const ZPostback = z.object({ data: z.string().max(2048) }).strict();
const ZChip = z.union([
  z
    .object({ reply: z.object({ displayText: z.string().min(1).max(25), postback: ZPostback }).strict() })
    .strict(),
  z
    .object({
      action: z
        .object({
          displayText: z.string().min(1).max(25),
          postback: ZPostback,
          dialerAction: z
            .object({ dialPhoneNumber: z.object({ phoneNumber: z.string() }).passthrough() })
            .optional(),
          urlAction: z.object({ openUrl: z.object({ url: z.string().url() }).passthrough() }).optional(),
          mapAction: z
            .object({
              showLocation: z
                .object({
                  location: z.object({
                    latitude: z.number(),
                    longitude: z.number(),
                    label: z.string().optional(),
                  }),
                })
                .optional(),
              requestLocationPush: z.object({}).optional(),
            })
            .refine((m) => Boolean(m.showLocation) !== Boolean(m.requestLocationPush), {
              message: 'a map action shows a location or requests one',
            })
            .optional(),
          calendarAction: z
            .object({
              createCalendarEvent: z.object({
                startTime: z.string(),
                endTime: z.string(),
                title: z.string(),
                description: z.string().optional(),
              }),
            })
            .optional(),
        })
        .strict(),
    })
    .strict(),
]);
type Chip = z.infer<typeof ZChip>;

const ZGeneralPurposeCardContent = z
  .object({
    title: z.string().max(200).optional(),
    description: z.string().max(2000).optional(),
    media: z
      .object({
        mediaUrl: z.string(),
        mediaContentType: z.string(),
        height: z.enum(['SHORT_HEIGHT', 'MEDIUM_HEIGHT', 'TALL_HEIGHT']).optional(),
        thumbnailUrl: z.string().optional(),
      })
      .strict()
      .optional(),
    suggestions: z.array(ZChip).max(4).optional(),
  })
  .strict();
type CardContent = z.infer<typeof ZGeneralPurposeCardContent>;

/** A file by URL (`fileMessage`): its URL and MIME type, and optionally its size, name and thumbnail. */
const ZFileMessage = z
  .object({
    fileUrl: z.string().url(),
    fileMIMEType: ZMimeType,
    fileSize: z.number().int().positive().optional(),
    fileName: z.string().min(1).max(240).optional(),
    thumbnailUrl: z.string().url().optional(),
    thumbnailMIMEType: ZMimeType.optional(),
    thumbnailFileSize: z.number().int().positive().optional(),
    thumbnailFileName: z.string().min(1).max(240).optional(),
  })
  .strict();
/** An audio message (`audioMessage`): an audio file by URL, and its length in seconds. */
const ZAudioMessage = z
  .object({
    fileUrl: z.string().url(),
    fileMIMEType: ZMimeType.refine((type) => /^audio\//i.test(type), 'must be an audio type'),
    fileSize: z.number().int().positive().optional(),
    fileName: z.string().min(1).max(240).optional(),
    playingLength: z.number().int().min(0).optional(),
  })
  .strict();

export const ZMaapMessage = z
  .object({
    RCSMessage: z
      .object({
        msgId: z.string().min(1).max(200),
        textMessage: z.string().min(1).max(3072).optional(),
        richcardMessage: z
          .object({
            message: z
              .object({
                generalPurposeCard: z
                  .object({
                    layout: z
                      .object({ cardOrientation: z.enum(['VERTICAL', 'HORIZONTAL']).optional() })
                      .passthrough(),
                    content: ZGeneralPurposeCardContent,
                  })
                  .strict()
                  .optional(),
                generalPurposeCardCarousel: z
                  .object({
                    layout: z
                      .object({ cardWidth: z.enum(['SMALL_WIDTH', 'MEDIUM_WIDTH']).optional() })
                      .passthrough(),
                    content: z.array(ZGeneralPurposeCardContent).min(2).max(10),
                  })
                  .strict()
                  .optional(),
              })
              .strict(),
          })
          .strict()
          .optional(),
        fileMessage: ZFileMessage.optional(),
        audioMessage: ZAudioMessage.optional(),
        suggestedChipList: z
          .object({ suggestions: z.array(ZChip).max(11) })
          .strict()
          .optional(),
      })
      .strict()
      .refine(
        (m) => [m.textMessage, m.richcardMessage, m.fileMessage, m.audioMessage].filter(Boolean).length === 1,
        {
          message:
            'RCSMessage needs exactly one of textMessage, richcardMessage, fileMessage or audioMessage',
        },
      ),
    messageContact: z.object({ userContact: z.string().regex(E164_NUMBER) }).strict(),
  })
  .strict();

const ZUserContact = z.object({ userContact: z.string().regex(E164_NUMBER) }).strict();

/** The typing indicator, sent through the messages call: `{RCSMessage: {isTyping}, messageContact}`. */
const ZMaapIsTyping = z
  .object({
    RCSMessage: z.object({ isTyping: z.enum(['active', 'idle']) }).strict(),
    messageContact: ZUserContact,
  })
  .strict();

/**
 * A message's status set by the chatbot (`PUT /bot/v1/{botId}/messages/{msgId}/status`): `cancelled`
 * revokes its own message the user has not received yet; `displayed` is the read receipt of the
 * user's message (which needs the user's contact).
 */
const ZMaapStatusUpdate = z
  .object({
    RCSMessage: z
      .object({ status: z.enum(['cancelled', 'displayed']), msgId: z.string().optional() })
      .strict(),
    messageContact: ZUserContact.optional(),
  })
  .strict();

export class MaapError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function toSuggestion(chip: Chip): HandsetSuggestion {
  if ('reply' in chip)
    return { type: 'reply', text: chip.reply.displayText, postbackData: chip.reply.postback.data };
  const a = chip.action;
  const base = { text: a.displayText, postbackData: a.postback.data };
  if (a.dialerAction) return { ...base, type: 'dial', detail: a.dialerAction.dialPhoneNumber.phoneNumber };
  if (a.urlAction) return { ...base, type: 'open_url', detail: a.urlAction.openUrl.url };
  if (a.mapAction?.requestLocationPush)
    return { ...base, type: 'share_location', detail: 'Share your location' };
  if (a.mapAction?.showLocation) {
    const l = a.mapAction.showLocation.location;
    return { ...base, type: 'view_location', detail: l.label ?? `${l.latitude}, ${l.longitude}` };
  }
  const c = a.calendarAction?.createCalendarEvent;
  return { ...base, type: 'calendar', detail: c ? `${c.title} at ${c.startTime}` : '' };
}

function toCard(card: CardContent): HandsetCard {
  return {
    ...(card.title ? { title: card.title } : {}),
    ...(card.description ? { description: card.description } : {}),
    ...(card.media ? { mediaUrl: card.media.mediaUrl } : {}),
    ...(card.media?.height ? { mediaHeight: card.media.height.replace('_HEIGHT', '') } : {}),
    suggestions: (card.suggestions ?? []).map(toSuggestion),
  };
}

export function maapPlugin(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(async (error: unknown, _request, reply) => {
      const code =
        error instanceof MaapError ? error.code : ((error as { statusCode?: number }).statusCode ?? 500);
      return reply.code(code).send({ error: { code, message: (error as Error).message } });
    });
    app.addHook('onRequest', async (request) => {
      checkBearer(request, ctx.credentials.maap);
      if (ctx.chance(ctx.behaviour.serverErrorRatio)) throw new MaapError(503, 'Service unavailable.');
    });

    // Bot management (the carrier's MaaP onboarding): create a chatbot, find it by the caller's
    // request id (a retried create answers the same bot), delete it.
    const ZBotCreate = z.object({
      requestId: z.string().min(1).max(100),
      displayName: z.string().trim().min(1).max(100),
      botInfo: z.record(z.string(), z.unknown()).default({}),
    });
    app.post('/management/v1/bots', async (request, reply) => {
      const parsed = ZBotCreate.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new MaapError(400, `Invalid bot: ${issue?.path.join('.')} ${issue?.message}`);
      }
      const existing = [...ctx.store.maapBots.values()].find((b) => b.requestId === parsed.data.requestId);
      if (existing) return reply.code(200).send(existing);
      const bot = { botId: newId('bot_'), ...parsed.data };
      ctx.store.maapBots.set(bot.botId, bot);
      return reply.code(201).send(bot);
    });
    app.get<{ Querystring: { requestId?: string } }>('/management/v1/bots', async (request) => ({
      bots: [...ctx.store.maapBots.values()].filter(
        (b) => !request.query.requestId || b.requestId === request.query.requestId,
      ),
    }));
    app.get<{ Params: { botId: string } }>('/management/v1/bots/:botId', async (request) => {
      const bot = ctx.store.maapBots.get(request.params.botId);
      if (!bot) throw new MaapError(404, 'Bot not found.');
      return bot;
    });
    // The bot's profile after creation: a new display name and/or botInfo (replaced as a whole).
    const ZBotUpdate = z
      .object({
        displayName: z.string().trim().min(1).max(100).optional(),
        botInfo: z.record(z.string(), z.unknown()).optional(),
      })
      .strict()
      .refine((update) => update.displayName !== undefined || update.botInfo !== undefined, {
        message: 'nothing to update (displayName or botInfo)',
      });
    app.patch<{ Params: { botId: string } }>('/management/v1/bots/:botId', async (request) => {
      const bot = ctx.store.maapBots.get(request.params.botId);
      if (!bot) throw new MaapError(404, 'Bot not found.');
      const parsed = ZBotUpdate.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new MaapError(400, `Invalid bot: ${issue?.path.join('.')} ${issue?.message}`);
      }
      const updated = {
        ...bot,
        ...(parsed.data.displayName !== undefined ? { displayName: parsed.data.displayName } : {}),
        ...(parsed.data.botInfo !== undefined ? { botInfo: parsed.data.botInfo } : {}),
      };
      ctx.store.maapBots.set(bot.botId, updated);
      return updated;
    });
    app.delete<{ Params: { botId: string } }>('/management/v1/bots/:botId', async (request, reply) => {
      if (!ctx.store.maapBots.delete(request.params.botId)) throw new MaapError(404, 'Bot not found.');
      return reply.code(204).send();
    });

    // Launch (the sandbox's stand-in for the carrier putting a chatbot live; GSMA MaaP leaves
    // onboarding and launch to each carrier's portal): pending, then launched or rejected with a
    // reason after agentReviewDelayMs. Asking again for a pending or launched bot changes nothing.
    const botOf = (botId: string) => {
      const bot = ctx.store.maapBots.get(botId);
      if (!bot) throw new MaapError(404, 'Bot not found.');
      return bot;
    };
    const launchOf = (bot: MaapBot) => ({ botId: bot.botId, ...(bot.launch ?? { status: 'unlaunched' }) });
    app.post<{ Params: { botId: string } }>('/management/v1/bots/:botId/launch', async (request) => {
      const bot = botOf(request.params.botId);
      if (bot.launch?.status === 'pending' || bot.launch?.status === 'launched') return launchOf(bot);
      bot.launch = { status: 'pending', updateTime: nowIso() };
      const rejected = ctx.chance(ctx.behaviour.launchRejectionRatio);
      ctx.later(ctx.behaviour.agentReviewDelayMs, () => {
        bot.launch = rejected
          ? {
              status: 'rejected',
              reason: 'The carrier declined the launch on its network.',
              updateTime: nowIso(),
            }
          : { status: 'launched', updateTime: nowIso() };
      });
      return launchOf(bot);
    });
    app.get<{ Params: { botId: string } }>('/management/v1/bots/:botId/launch', async (request) =>
      launchOf(botOf(request.params.botId)),
    );

    /**
     * Messages revoked before delivery (maap|bot|msgId), the newest 10,000: their scheduled receipts
     * are not sent, and cancelling one again answers as the first time did.
     */
    const cancelled = new Set<string>();

    app.post<{ Params: { botId: string } }>('/bot/v1/:botId/messages', async (request, reply) => {
      const { botId } = request.params;
      const typing = ZMaapIsTyping.safeParse(request.body);
      if (typing.success) {
        // The user sees the chatbot typing; nothing is stored or charged by the network.
        const contact = typing.data.messageContact.userContact;
        if (!isRcsCapable(contact)) throw new MaapError(404, 'The contact is not RCS-capable.');
        return reply.code(202).send();
      }
      const parsed = ZMaapMessage.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new MaapError(400, `Invalid message: ${issue?.path.join('.')} ${issue?.message}`);
      }
      const { RCSMessage: message, messageContact } = parsed.data;
      const msisdn = messageContact.userContact;
      const key = `maap|${botId}|${message.msgId}`;
      if (ctx.store.messageIdValue(key) !== undefined) return reply.code(202).send();
      if (!isRcsCapable(msisdn)) throw new MaapError(404, 'The contact is not RCS-capable.');
      const { rateLimits } = ctx.behaviour;
      if (rateLimits.enabled && !ctx.store.takeToken(`maap|${botId}`, rateLimits.maapPerSecond))
        throw new MaapError(429, 'Too many requests.');
      // The message id remembers its recipient, so a later status update finds the message by id.
      ctx.store.rememberMessageId(key, msisdn);

      const rich = message.richcardMessage?.message;
      const cards = rich?.generalPurposeCard
        ? [toCard(rich.generalPurposeCard.content)]
        : rich?.generalPurposeCardCarousel?.content.map(toCard);
      const file = message.fileMessage ?? message.audioMessage;
      ctx.store.addItem(msisdn, {
        id: message.msgId,
        network: 'maap',
        sender: botId,
        direction: 'received',
        at: nowIso(),
        ...(message.textMessage ? { text: message.textMessage } : {}),
        ...(cards ? { cards, carousel: Boolean(rich?.generalPurposeCardCarousel) } : {}),
        ...(file
          ? {
              file: handsetFile(file.fileUrl, {
                mediaType: mediaTypeOfMime(file.fileMIMEType),
                mimeType: file.fileMIMEType,
                ...(file.fileName ? { name: file.fileName } : {}),
              }),
            }
          : {}),
        suggestions: (message.suggestedChipList?.suggestions ?? []).map(toSuggestion),
        status: 'pending',
      });
      scheduleStatus(ctx, botId, msisdn, message.msgId, cancelled);
      return reply.code(202).send();
    });

    app.put<{ Params: { botId: string; msgId: string } }>(
      '/bot/v1/:botId/messages/:msgId/status',
      async (request, reply) => {
        const { botId, msgId } = request.params;
        const parsed = ZMaapStatusUpdate.safeParse(request.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new MaapError(400, `Invalid status: ${issue?.path.join('.')} ${issue?.message}`);
        }
        const { RCSMessage: update, messageContact } = parsed.data;
        if (update.status === 'cancelled') {
          // Only the chatbot's own message, and only while the user has not received it.
          const key = `maap|${botId}|${msgId}`;
          if (cancelled.has(key)) return reply.code(204).send();
          const msisdn = ctx.store.messageIdValue(key);
          const thread = msisdn === undefined ? [] : ctx.store.thread(msisdn);
          const at = thread.findIndex(
            (i) => i.id === msgId && i.sender === botId && i.direction === 'received',
          );
          if (at < 0 || thread[at]?.status !== 'pending')
            throw new MaapError(404, 'The message is unknown or already delivered: it cannot be revoked.');
          thread.splice(at, 1);
          if (cancelled.size >= 10_000) {
            const oldest = cancelled.values().next().value;
            if (oldest !== undefined) cancelled.delete(oldest);
          }
          cancelled.add(key);
          return reply.code(204).send();
        }
        // displayed: the chatbot has read the user's message.
        const msisdn = messageContact?.userContact;
        if (!msisdn) throw new MaapError(400, 'Invalid status: messageContact.userContact is required.');
        const item = ctx.store.findItem(msisdn, msgId);
        if (!item || item.sender !== botId || item.direction !== 'sent')
          throw new MaapError(404, 'The message is unknown.');
        item.status = 'read';
        return reply.code(204).send();
      },
    );

    app.get<{ Params: { botId: string }; Querystring: { userContact?: string } }>(
      '/bot/v1/:botId/contactCapabilities',
      async (request) => {
        const contact = request.query.userContact ?? '';
        if (!isE164(contact)) throw new MaapError(400, 'userContact must be an E.164 number.');
        if (!isRcsCapable(contact)) throw new MaapError(404, 'The contact is not RCS-capable.');
        return {
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
      },
    );
  };
}

function checkBearer(request: FastifyRequest, expected: string | undefined) {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token || (expected !== undefined && token !== expected)) throw new MaapError(401, 'Unauthorized.');
}

export function maapStatusEvent(
  botId: string,
  msisdn: string,
  msgId: string,
  status: 'delivered' | 'displayed' | 'failed',
) {
  return {
    RCSMessage: { msgId, status, timestamp: nowIso() },
    messageContact: { userContact: msisdn },
    event: 'messageStatus',
    botId,
  };
}

function scheduleStatus(
  ctx: SandboxContext,
  botId: string,
  msisdn: string,
  msgId: string,
  cancelled: Set<string>,
) {
  const { behaviour } = ctx;
  if (!behaviour.receipts) return;
  const item = () => ctx.store.findItem(msisdn, msgId);
  ctx.later(behaviour.deliveryDelayMs, async () => {
    // A message revoked before delivery never reaches the user.
    if (cancelled.has(`maap|${botId}|${msgId}`)) return;
    if (ctx.chance(behaviour.failureRatio)) {
      const it = item();
      if (it) it.status = 'failed';
      await ctx.deliver('maap', maapStatusEvent(botId, msisdn, msgId, 'failed'));
      return;
    }
    const it = item();
    if (it && it.status === 'pending') it.status = 'delivered';
    await ctx.deliver('maap', maapStatusEvent(botId, msisdn, msgId, 'delivered'));
    if (behaviour.readDelayMs !== null) {
      ctx.later(behaviour.readDelayMs, async () => {
        const again = item();
        if (again) again.status = 'read';
        await ctx.deliver('maap', maapStatusEvent(botId, msisdn, msgId, 'displayed'));
      });
    }
  });
}
