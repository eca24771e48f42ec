import { randomUUID } from 'node:crypto';
import {
  BOT_STATUS,
  CHANNEL_TYPE,
  type Network,
  type TMessageContent,
  testDeviceMayReceive,
} from '@portico/domain';
import { LRUCache } from 'lru-cache';
import { NetworkError } from '../../networks/errors.ts';
import type { Connectors } from '../../networks/index.ts';
import type {
  AgentEvent,
  Capability,
  FileUpload,
  MediaInfo,
  ReachableUsers,
  SendMessageRequest,
  TesterInviteStatus,
} from '../../networks/types.ts';
import { grouped } from '../../platform/grouped.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { PlatformMetrics } from '../../platform/metrics/metrics.ts';
import type { Counters } from '../../platform/security/counters.ts';
import type { OptOutsService } from '../audiences/opt-outs.service.ts';
import type { BotTestingService } from '../bot-testing/bot-testing.service.ts';
import type { MeteringService } from '../metering/metering.service.ts';
import type {
  PartnerCaller,
  PartnerCredentialsService,
} from '../partner-credentials/partner-credentials.service.ts';
import { PartnerTokenError } from '../partner-credentials/partner-tokens.ts';
import type { PartnerApiRepository, SendingBot } from './partner-api.repository.ts';

/** Why a send was refused; each network's shape words it its own way. Nothing was sent. */
export type SendRefusal =
  | { reason: 'unauthenticated'; detail: PartnerTokenError['reason'] | 'missing' }
  | { reason: 'not_found'; detail: string }
  | { reason: 'invalid'; detail: string }
  | { reason: 'not_test_device'; detail: string }
  | { reason: 'rate_limited'; detail: number }
  | { reason: 'insufficient_funds'; detail: null }
  | { reason: 'duplicate'; detail: string }
  /** The network refused or failed: the reservation was released, nothing is charged. */
  | { reason: 'network'; error: NetworkError };

/** A recipient on the partner's opt-out list: answered as the network's invalid-argument error. */
export const RECIPIENT_OPTED_OUT =
  "The recipient opted out of this partner's messages (STOP, UNSUBSCRIBE or the opt-out list): nothing was sent.";

export class SendRefused extends Error {
  constructor(readonly refusal: SendRefusal) {
    super(`send refused: ${refusal.reason}`);
    this.name = 'SendRefused';
  }
}
const refuse = (refusal: SendRefusal): never => {
  throw new SendRefused(refusal);
};

export interface PartnerSend {
  network: Network;
  /** The sender on the network the path names (the phone number id, the agent id, the MaaP bot id). */
  sender: string;
  /** The recipient, E.164 with its +. */
  recipient: string;
  content: TMessageContent;
  /** The partner's message id (Google's messageId, an Idempotency-Key); absent: a new message. */
  messageId?: string | undefined;
  /** RBM's messageTrafficType, passed on. */
  trafficType?: SendMessageRequest['trafficType'];
}

export interface PartnerSendsDeps {
  repository: PartnerApiRepository;
  credentials: Pick<PartnerCredentialsService, 'authenticate'>;
  metering: Pick<MeteringService, 'price' | 'reserve' | 'settle' | 'message'>;
  /** The partner's opt-out list (audiences): an opted-out recipient is refused before pricing. */
  optOuts: Pick<OptOutsService, 'isOptedOut'>;
  connectors: Pick<Connectors, 'get'>;
  counters: Pick<Counters, 'add'>;
  testers: Pick<BotTestingService, 'inviteTesterForPartner'>;
  /** Messages per second one bot may send (Meta's default throughput per number is 80). */
  ratePerSecond: number;
  /** Told every send's outcome (the Prometheus metrics). */
  metrics?: Pick<PlatformMetrics, 'partnerSend'>;
}

/** The network files a message names (RBM: uploaded with files.create, files/{id}). */
function uploadedFilesOf(content: TMessageContent): string[] {
  if (content.kind !== 'file') return [];
  return [content.uploadedFile, content.uploadedThumbnail].filter((name) => name !== undefined);
}

/** How long a bot's send facts (status, numbers, test devices) are remembered by an instance. */
const BOT_CACHE_MS = 5_000;

/**
 * The partner API's send pipeline, the same for every network shape: authenticate the bearer
 * token, find the bot behind the path's sender (the token's bot only), keep an unlaunched bot to
 * its test devices by its network's rule (TEST_DEVICE_RULES), rate limit per bot, refuse a file the bot did not upload (RBM's
 * uploadedRbmFile), price by the recipient's carrier and reserve on
 * the wallet (metering, decision 0023), send through the connector, and settle the outcome.
 */
export function createPartnerSendsService(deps: PartnerSendsDeps) {
  const {
    repository,
    credentials,
    metering,
    optOuts,
    connectors,
    counters,
    testers,
    ratePerSecond,
    metrics,
  } = deps;
  const bots = new LRUCache<string, { at: number; value: Promise<SendingBot | null> }>({ max: 10_000 });
  const testNumbers = new LRUCache<string, { at: number; value: Promise<Set<string>> }>({ max: 10_000 });

  function remembered<T>(
    cache: LRUCache<string, { at: number; value: Promise<T> }>,
    key: string,
    load: () => Promise<T>,
  ) {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < BOT_CACHE_MS) return hit.value;
    const value = load();
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    return value;
  }

  /**
   * One counter statement per bot for the sends that arrive together (a hot row per send would cap a
   * bot at about 100 sends/s, decision 0023); the counter is shared by every instance (decision 0004).
   */
  const countSend = grouped(async (botIds: string[]): Promise<number[]> => {
    const counts = new Map<string, number>();
    for (const id of botIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    const totals = new Map<string, number>();
    await Promise.all(
      [...counts].map(async ([id, n]) => {
        const hit = await counters.add(`partner-send:${id}`, n, 1000);
        totals.set(id, hit.hits - n);
      }),
    );
    return botIds.map((id) => {
      const before = totals.get(id) ?? 0;
      totals.set(id, before + 1);
      return before + 1;
    });
  });

  async function authenticate(token: string | undefined): Promise<PartnerCaller> {
    if (!token) return refuse({ reason: 'unauthenticated', detail: 'missing' });
    try {
      return await credentials.authenticate(token);
    } catch (error) {
      if (error instanceof PartnerTokenError)
        return refuse({ reason: 'unauthenticated', detail: error.reason });
      throw error;
    }
  }

  function senderOf(bot: SendingBot, network: Network): string | null {
    if (network === 'whatsapp')
      return bot.channels.includes(CHANNEL_TYPE.whatsapp) ? bot.whatsappPhoneNumberId : null;
    if (network === 'rbm' && bot.channels.includes(CHANNEL_TYPE.rcs) && bot.rbmAgent)
      return bot.rbmAgent.split('/').pop() ?? null;
    // An RCS bot registered with GSMA's API type: its MaaP chatbot id.
    if (network === 'maap' && bot.channels.includes(CHANNEL_TYPE.rcs)) return bot.maapBotId;
    return null;
  }

  /**
   * The caller's bot when it may reach the recipient from the sender now: the token's bot owns the
   * sender, an unlaunched bot reaches only its test devices by its network's rule, and the bot is within its rate.
   */
  async function reachable(
    caller: PartnerCaller,
    to: Pick<PartnerSend, 'network' | 'sender' | 'recipient'>,
  ): Promise<SendingBot> {
    const bot = await remembered(bots, caller.botId, () => repository.bot(caller.botId));
    if (!bot || bot.partnerId !== caller.partnerId || senderOf(bot, to.network) !== to.sender)
      return refuse({ reason: 'not_found', detail: to.sender });
    if (bot.status !== BOT_STATUS.launched) {
      const channel = to.network === 'whatsapp' ? 'whatsapp' : 'rcs';
      // Each network's own rule (packages/domain): RBM's accepted testers, MaaP's and WhatsApp's numbers.
      const allowed = await remembered(testNumbers, `${bot.botId}:${to.network}`, async () => {
        const devices = await repository.testDevices(bot.botId, channel, to.sender);
        return new Set(
          devices.filter((d) => testDeviceMayReceive(to.network, d.invite)).map((d) => d.msisdn),
        );
      });
      if (!allowed.has(to.recipient)) return refuse({ reason: 'not_test_device', detail: to.recipient });
    }
    if ((await countSend(bot.botId)) > ratePerSecond)
      return refuse({ reason: 'rate_limited', detail: ratePerSecond });
    return bot;
  }

  /** The caller's bot when the path's sender is its own on the network; else not_found. */
  async function ownBot(caller: PartnerCaller, network: Network, sender: string): Promise<SendingBot> {
    const bot = await remembered(bots, caller.botId, () => repository.bot(caller.botId));
    if (!bot || bot.partnerId !== caller.partnerId || senderOf(bot, network) !== sender)
      return refuse({ reason: 'not_found', detail: sender });
    return bot;
  }

  /** Counts a call in the bot's rate (a call the network answers: uploads, reads, lookups). */
  async function withinRate(bot: SendingBot): Promise<void> {
    if ((await countSend(bot.botId)) > ratePerSecond)
      refuse({ reason: 'rate_limited', detail: ratePerSecond });
  }

  /** The network's refusal as the send pipeline's, a missing object as not_found. */
  function networkRefusal(error: unknown, missing: string): never {
    if (error instanceof NetworkError && error.kind === 'not_found')
      return refuse({ reason: 'not_found', detail: missing });
    if (error instanceof NetworkError) return refuse({ reason: 'network', error });
    throw error;
  }

  /** The caller's bot's WhatsApp media (uploaded by it through the API), or not_found. */
  async function ownMedia(
    caller: PartnerCaller,
    mediaId: string,
  ): Promise<{ bot: SendingBot; sender: string }> {
    const bot = await remembered(bots, caller.botId, () => repository.bot(caller.botId));
    const sender = bot && bot.partnerId === caller.partnerId ? senderOf(bot, 'whatsapp') : null;
    if (!bot || !sender || !(await repository.filesOfBot(bot.botId, [mediaId])).has(mediaId))
      return refuse({ reason: 'not_found', detail: mediaId });
    return { bot, sender };
  }

  /** The send pipeline: the network's message id, or SendRefused. */
  async function sendOnce(
    caller: PartnerCaller,
    send: PartnerSend,
  ): Promise<{ networkMessageId: string; messageId: string }> {
    const bot = await reachable(caller, send);
    // A file the bot did not upload (another bot's, another partner's, none) is not found, as
    // Google answers for a file it does not know; nothing is priced or reserved.
    const files = uploadedFilesOf(send.content);
    if (files.length > 0) {
      const own = await repository.filesOfBot(bot.botId, files);
      const unknown = files.find((name) => !own.has(name));
      if (unknown !== undefined) return refuse({ reason: 'not_found', detail: unknown });
    }

    if (await optOuts.isOptedOut(bot.partnerId, send.recipient))
      return refuse({ reason: 'invalid', detail: RECIPIENT_OPTED_OUT });

    const channel = send.network === 'whatsapp' ? CHANNEL_TYPE.whatsapp : CHANNEL_TYPE.rcs;
    let price: Awaited<ReturnType<typeof metering.price>>;
    try {
      price = await metering.price({
        partnerId: bot.partnerId,
        botId: bot.botId,
        channel,
        msisdn: send.recipient,
        // What the message is decides its price (issue 25): a WhatsApp template's category, RBM's
        // own traffic type, else the bot's message category.
        content: send.content,
        trafficType: send.trafficType,
      });
    } catch (error) {
      // Not a number, or nothing prices its country: the partner's input, in the network's words.
      if (error instanceof AppError && error.httpStatus < 500)
        return refuse({ reason: 'invalid', detail: error.message });
      throw error;
    }
    const messageId = send.messageId ?? randomUUID();
    const reserved = await metering.reserve({
      partnerId: bot.partnerId,
      botId: bot.botId,
      messageId,
      channel,
      unitPriceMicros: price.unitPriceMicros,
      carrierId: price.carrierId,
      countryId: price.countryId,
      ratePlanId: price.ratePlanId,
      rateCardId: price.rateCardId,
      pricedAs: price.pricedAs,
    });
    if (!reserved.ok) return refuse({ reason: 'insufficient_funds', detail: null });
    // A message id already reserved or sent is never sent twice.
    if (reserved.replayed) return refuse({ reason: 'duplicate', detail: messageId });

    const key = { botId: bot.botId, messageId };
    try {
      const { networkMessageId } = await connectors.get(send.network).send({
        messageId,
        sender: send.sender,
        recipient: send.recipient,
        content: send.content,
        ...(send.trafficType ? { trafficType: send.trafficType } : {}),
      });
      await metering.settle(key, 'sent');
      return { networkMessageId, messageId };
    } catch (error) {
      // A network that answered with a refusal sent nothing: the reservation is released. No
      // answer at all (or an unexpected error) is an unknown outcome: the message stays reserved
      // and the abandoned-reservation rule charges it as sent, so a message is never free.
      const answered =
        error instanceof NetworkError &&
        (error.kind !== 'network_down' || error.detail.httpStatus !== undefined);
      if (answered) await metering.settle(key, 'failed');
      if (error instanceof NetworkError) return refuse({ reason: 'network', error });
      throw error;
    }
  }

  return {
    authenticate,

    /**
     * RBM users.batchGet for the caller's agent: which numbers it reaches over RCS, and the random
     * sample's counts. Counted in the bot's rate; not charged (Google charges messages, not checks).
     */
    async reachableUsers(
      caller: PartnerCaller,
      target: { network: Network; sender: string; msisdns: string[] },
    ): Promise<ReachableUsers> {
      const bot = await ownBot(caller, target.network, target.sender);
      await withinRate(bot);
      try {
        return await connectors.get(target.network).reachableUsers(target.sender, target.msisdns);
      } catch (error) {
        return networkRefusal(error, target.sender);
      }
    },

    /**
     * RBM testers.create for the caller's agent: the network invites the number, which becomes the
     * bot's RCS test device (bot-testing); once the tester accepts, the unlaunched bot reaches it.
     */
    async inviteTester(
      caller: PartnerCaller,
      target: { sender: string; msisdn: string },
    ): Promise<TesterInviteStatus> {
      const bot = await ownBot(caller, 'rbm', target.sender);
      await withinRate(bot);
      try {
        return await testers.inviteTesterForPartner(bot, target.sender, target.msisdn);
      } catch (error) {
        // The bot's devices are full (bot-testing's 409): the partner's input, in Google's words.
        if (!(error instanceof NetworkError) && error instanceof AppError && error.httpStatus < 500)
          return refuse({ reason: 'invalid', detail: error.message });
        return networkRefusal(error, target.msisdn);
      }
    },

    /**
     * WhatsApp: marks the user's message read on the caller's number, with the typing indicator when
     * asked. The user wrote to the bot, so no test-device rule applies; counted in the rate, not charged.
     */
    async markRead(
      caller: PartnerCaller,
      target: { sender: string; messageId: string; typing: boolean },
    ): Promise<void> {
      const bot = await ownBot(caller, 'whatsapp', target.sender);
      await withinRate(bot);
      try {
        await connectors.get('whatsapp').sendEvent(target.sender, '', {
          eventId: randomUUID(),
          eventType: 'READ',
          messageId: target.messageId,
          typing: target.typing,
        });
      } catch (error) {
        return networkRefusal(error, target.messageId);
      }
    },

    /** WhatsApp GET /{media-id}: the caller's bot's media as the network holds it. Not charged. */
    async media(caller: PartnerCaller, mediaId: string): Promise<MediaInfo> {
      const { bot, sender } = await ownMedia(caller, mediaId);
      await withinRate(bot);
      try {
        return await connectors.get('whatsapp').mediaInfo(sender, mediaId);
      } catch (error) {
        return networkRefusal(error, mediaId);
      }
    },

    /** The bytes of the caller's bot's media (the URL GET /{media-id} answers). */
    async downloadMedia(
      caller: PartnerCaller,
      mediaId: string,
    ): Promise<{ bytes: Uint8Array; contentType: string }> {
      const { bot, sender } = await ownMedia(caller, mediaId);
      await withinRate(bot);
      const connector = connectors.get('whatsapp');
      try {
        return await connector.downloadMedia((await connector.mediaInfo(sender, mediaId)).url);
      } catch (error) {
        return networkRefusal(error, mediaId);
      }
    },

    /** WhatsApp DELETE /{media-id}: deletes the caller's bot's media on the network, then forgets it. */
    async deleteMedia(caller: PartnerCaller, mediaId: string): Promise<void> {
      const { bot, sender } = await ownMedia(caller, mediaId);
      await withinRate(bot);
      try {
        await connectors.get('whatsapp').deleteMedia(sender, mediaId);
      } catch (error) {
        // Gone on the network already (expired after 30 days, or deleted): forgotten here too.
        if (!(error instanceof NetworkError && error.kind === 'not_found'))
          return networkRefusal(error, mediaId);
      }
      await repository.deleteFile(bot.botId, mediaId);
    },

    /**
     * The recipient's RCS capability as the network reports it (not charged): the same checks as a
     * send (the token's sender, test devices of an unlaunched bot, the bot's rate) and no wallet.
     */
    async capability(
      caller: PartnerCaller,
      to: Pick<PartnerSend, 'network' | 'sender' | 'recipient'>,
    ): Promise<Capability> {
      await reachable(caller, to);
      try {
        return await connectors.get(to.network).capability(to.sender, to.recipient);
      } catch (error) {
        if (error instanceof NetworkError) return refuse({ reason: 'network', error });
        throw error;
      }
    },

    /** The sender of the caller's bot on a network (RBM: its agent id), or null when it has none. */
    async senderOfCaller(caller: PartnerCaller, network: Network): Promise<string | null> {
      const bot = await remembered(bots, caller.botId, () => repository.bot(caller.botId));
      return bot && bot.partnerId === caller.partnerId ? senderOf(bot, network) : null;
    },

    /**
     * Takes back a message of the caller's bot that the recipient has not received yet (RBM
     * agentMessages.delete, MaaP status `cancelled`). The message must be the bot's own: metering
     * knows every message the bot sent by its id; an unknown one, another partner's, or one the
     * network no longer holds (delivered) is not_found. Not charged, and not refunded either: the
     * network accepted the message, so its charge stays.
     */
    async revoke(
      caller: PartnerCaller,
      target: { network: Network; sender: string; recipient?: string | undefined; messageId: string },
    ): Promise<void> {
      const bot = await remembered(bots, caller.botId, () => repository.bot(caller.botId));
      if (!bot || bot.partnerId !== caller.partnerId || senderOf(bot, target.network) !== target.sender)
        return refuse({ reason: 'not_found', detail: target.sender });
      const message = await metering.message({ botId: bot.botId, messageId: target.messageId });
      if (!message || message.partnerId !== bot.partnerId)
        return refuse({ reason: 'not_found', detail: target.messageId });
      try {
        await connectors.get(target.network).revoke(target.sender, target.recipient ?? '', target.messageId);
      } catch (error) {
        if (error instanceof NetworkError && error.kind === 'not_found')
          return refuse({ reason: 'not_found', detail: target.messageId });
        if (error instanceof NetworkError) return refuse({ reason: 'network', error });
        throw error;
      }
    },

    /**
     * An agent event from the caller's bot to the user (READ of the user's message, IS_TYPING; MaaP
     * `displayed` / `isTyping`): the same checks as a send (the token's sender, test devices of an
     * unlaunched bot, counted in the bot's rate) and not charged.
     */
    async event(
      caller: PartnerCaller,
      target: { network: Network; sender: string; recipient: string; event: AgentEvent },
    ): Promise<void> {
      await reachable(caller, target);
      try {
        await connectors.get(target.network).sendEvent(target.sender, target.recipient, target.event);
      } catch (error) {
        if (error instanceof NetworkError && error.kind === 'not_found')
          return refuse({ reason: 'not_found', detail: target.recipient });
        if (error instanceof NetworkError) return refuse({ reason: 'network', error });
        throw error;
      }
    },

    /** Sends one message for the caller's bot; the network's message id, or SendRefused. Counted by outcome. */
    async send(
      caller: PartnerCaller,
      send: PartnerSend,
    ): Promise<{ networkMessageId: string; messageId: string }> {
      try {
        const sent = await sendOnce(caller, send);
        metrics?.partnerSend(send.network, 'sent');
        return sent;
      } catch (error) {
        metrics?.partnerSend(send.network, error instanceof SendRefused ? error.refusal.reason : 'error');
        throw error;
      }
    },

    /**
     * Uploads a file for the caller's bot's later messages (RBM files.create); the network's file
     * name (files/{id}), recorded as the bot's. The token's sender only, counted in the bot's rate;
     * not charged.
     */
    async upload(
      caller: PartnerCaller,
      target: { network: Network; sender: string; file: FileUpload },
    ): Promise<string> {
      const bot = await ownBot(caller, target.network, target.sender);
      await withinRate(bot);
      let fileName: string;
      try {
        fileName = await connectors.get(target.network).uploadFile(target.sender, target.file);
      } catch (error) {
        if (error instanceof NetworkError) return refuse({ reason: 'network', error });
        throw error;
      }
      // The file is the bot's: only its own sends may name it.
      await repository.recordFile({ fileName, botId: bot.botId, partnerId: bot.partnerId });
      return fileName;
    },
  };
}
export type PartnerSendsService = ReturnType<typeof createPartnerSendsService>;
