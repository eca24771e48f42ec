import { randomBytes } from 'node:crypto';
import {
  type AuditAction,
  approvalRefusal,
  BOT_CARRIER_STATES,
  BOT_IMAGE_SPECS,
  BOT_MACHINE,
  BOT_STATUS,
  BOT_STATUS_NAMES,
  type BotImageKind,
  botLockedFields,
  botStatusOf,
  CHANNEL_TYPE,
  canDeleteBot,
  type TBot,
  type TBotBrandRequest,
  type TBotDashboard,
  type TBotFilters,
  type TBotListItem,
  type TListResult,
  type TRcsBotDetails,
  type TReviewHistory,
  type TWhatsappBotDetails,
  ZBrandRequest,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NetworkError } from '../../networks/errors.ts';
import type { Connectors } from '../../networks/index.ts';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/errors.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { BrandsService } from '../brands/brands.service.ts';
import {
  changedLockedRcs,
  changedLockedWhatsapp,
  checkRcsReferences,
  rcsFieldsOf,
  refuseLocked,
  whatsappFieldsOf,
} from './bots.details.ts';
import { prepareBotImage } from './bots.images.ts';
import { createBotNetwork, networkFailure } from './bots.network.ts';
import { presentBot, presentBotListItem } from './bots.presenter.ts';
import type { BotFields, BotRow, BotsRepository } from './bots.repository.ts';

export const NOT_FOUND = 'This bot was not found.';

/** An agent in the shape of Google's Business Communications API (brands.agents). */
export interface GoogleAgent {
  name: string;
  displayName: string;
  rcsBusinessMessagingAgent: Record<string, unknown>;
}
/** Where bot images live: public, the networks fetch them (like brand logos). */
export const BOT_IMAGES_PREFIX = 'public/bot-images/';
const EXPORT_WINDOW = { start: 0, end: 5000 };

/** What the bot-testing module needs of a bot: who owns it and its names on the networks. */
export interface BotForTesting {
  id: string;
  partnerId: string;
  name: string;
  /** CHANNEL_TYPE codes: 1 RCS, 2 WhatsApp. */
  channels: number[];
  /** The RBM agent's resource name (brands/x/agents/y), once registered. */
  rbmAgent: string | null;
  /** The MaaP bot id (API type GSMA), once registered. */
  maapBotId: string | null;
  /** The WhatsApp Cloud API phone number id, once registered. */
  whatsappPhoneNumberId: string | null;
}

export interface BotsServiceDeps {
  database: Database;
  repository: BotsRepository;
  review: ReviewService;
  audit: AuditService;
  storage: Storage;
  connectors: Connectors;
  log: FastifyBaseLogger;
  /** The brands module (pick or create the bot's brand); a getter, read when first needed. */
  brands: () => BrandsService;
  /** The portal's address: the networks fetch the bot's images from it. */
  publicUrl: string;
}

export function toBotForTesting(row: BotRow): BotForTesting {
  return {
    id: row.botId,
    partnerId: row.partnerId,
    name: row.name,
    channels: [...row.channels].sort((a, b) => a - b),
    rbmAgent: row.channels.includes(CHANNEL_TYPE.rcs) ? row.rbmAgent : null,
    maapBotId: row.channels.includes(CHANNEL_TYPE.rcs) ? row.maapBotId : null,
    whatsappPhoneNumberId: row.channels.includes(CHANNEL_TYPE.whatsapp) ? row.whatsappPhoneNumberId : null,
  };
}

/**
 * Bots: drafts, the brand and carrier steps, registration on the networks, images, listing and
 * the bot dashboard. Every use case runs in one unit of work; the networks are called outside of one.
 */
export function createBotsService(deps: BotsServiceDeps) {
  const { database, repository, review, audit, storage, connectors, log } = deps;

  async function requireOwn(user: AuthenticatedUser, botId: string): Promise<BotRow> {
    const bot = await repository.lockOwn(user.partnerId, botId);
    if (!bot) throw new NotFoundError(NOT_FOUND);
    return bot;
  }

  async function detail(user: AuthenticatedUser, botId: string): Promise<TBot> {
    const found = await repository.find(user.partnerId, botId);
    if (!found) throw new NotFoundError(NOT_FOUND);
    const carriers = await repository.carriersOf([botId]);
    return presentBot({ ...found, carriers: carriers.get(botId) ?? [] });
  }

  const record = (user: AuthenticatedUser, event: AuditAction, detail: Record<string, unknown>) =>
    audit.record(event, {
      actorUserId: user.userId,
      actorEmail: user.email,
      partnerId: user.partnerId,
      detail,
    });
  const { rbmAgentOf, register, pushPhoto, pushAgent } = createBotNetwork({ ...deps, requireOwn, record });

  async function removeQuietly(keys: readonly (string | null)[]) {
    for (const key of keys) {
      if (!key) continue;
      try {
        await storage.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete a stored bot image');
      }
    }
  }

  async function createDraft(
    user: AuthenticatedUser,
    fields: BotFields & { name: string; channels: number[] },
  ) {
    return database.transaction(async () => {
      const row = await repository.insert({
        ...fields,
        partnerId: user.partnerId,
        createdBy: user.userId,
        status: BOT_STATUS.in_progress,
      });
      await review.recordStart({
        machine: BOT_MACHINE,
        subjectId: row.botId,
        action: 'created',
        to: 'in_progress',
        actor: user,
      });
      await record(user, 'bot.created', { botId: row.botId, name: row.name, channels: row.channels });
      return row;
    });
  }

  return {
    /**
     * The partner's RBM agent as Google's Business Communications API shapes it (name, displayName,
     * rcsBusinessMessagingAgent), or null when the bot is not the partner's or has no RBM agent.
     */
    async googleAgent(partnerId: string, botId: string): Promise<GoogleAgent | null> {
      const bot = await database.transaction(() => repository.findOwn(partnerId, botId));
      if (!bot?.rbmAgent || !bot.channels.includes(CHANNEL_TYPE.rcs)) return null;
      return { name: bot.rbmAgent, displayName: bot.name, rcsBusinessMessagingAgent: rbmAgentOf(bot) };
    },

    async list(
      user: AuthenticatedUser,
      filters: TBotFilters,
      window: { start: number; end: number },
    ): Promise<TListResult<TBotListItem>> {
      const { rows, total } = await repository.list(user.partnerId, filters, window);
      return { items: rows.map(presentBotListItem), total };
    },

    async exportRows(user: AuthenticatedUser, filters: TBotFilters): Promise<TBotListItem[]> {
      const { rows } = await repository.list(user.partnerId, filters, EXPORT_WINDOW);
      return rows.map(presentBotListItem);
    },

    get: detail,

    /** The bot dashboard: the partner's bots counted by every status. */
    async dashboard(user: AuthenticatedUser): Promise<TBotDashboard> {
      const counts = await repository.countsByStatus(user.partnerId);
      const byStatus = BOT_STATUS_NAMES.map((name) => ({
        ...botStatusOf(BOT_STATUS[name]),
        count: counts.get(BOT_STATUS[name]) ?? 0,
      }));
      return { total: [...counts.values()].reduce((a, b) => a + b, 0), by_status: byStatus };
    },

    /** POST /bots/rcs: a new RCS draft; with `submit` it is created on the network too. */
    async createRcs(user: AuthenticatedUser, body: TRcsBotDetails): Promise<TBot> {
      await checkRcsReferences(repository, body);
      const row = await createDraft(user, {
        ...rcsFieldsOf(body),
        name: body.display_name,
        channels: [CHANNEL_TYPE.rcs],
      });
      if (body.submit) await register(user, row.botId, 'rcs');
      return detail(user, row.botId);
    },

    /** PUT /bots/:botId/rcs: the RCS details (adds RCS to a WhatsApp bot); `submit` registers the agent. */
    async updateRcs(user: AuthenticatedUser, botId: string, body: TRcsBotDetails): Promise<TBot> {
      await checkRcsReferences(repository, body);
      const saved = await database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        const locked = changedLockedRcs(bot, body);
        if (locked.length > 0) refuseLocked(locked);
        if (bot.rbmAgent || bot.maapBotId) {
          if (bot.apiType !== body.api_type) refuseLocked(['api_type']);
        }
        const channels = bot.channels.includes(CHANNEL_TYPE.rcs)
          ? bot.channels
          : [...bot.channels, CHANNEL_TYPE.rcs];
        await repository.update(botId, { ...rcsFieldsOf(body), channels });
        await record(user, 'bot.updated', { botId, channel: 'rcs' });
        return { ...bot, ...rcsFieldsOf(body), channels } as BotRow;
      });
      // An agent already on the network gets the new information too (outside the transaction).
      // A live bot's agent fields cannot have changed (refused above), and the network refuses any
      // edit of a launched or pending agent: nothing goes to it then.
      const agentEditable = botLockedFields(saved.status).length === 0;
      if (agentEditable && (saved.rbmAgent || saved.maapBotId)) await pushAgent(botId, saved);
      if (body.submit) await register(user, botId, 'rcs');
      return detail(user, botId);
    },

    /** POST /bots/whatsapp: a new WhatsApp draft; with `submit` the sender is registered too. */
    async createWhatsapp(user: AuthenticatedUser, body: TWhatsappBotDetails): Promise<TBot> {
      const row = await createDraft(user, {
        ...whatsappFieldsOf(body),
        name: body.display_name,
        channels: [CHANNEL_TYPE.whatsapp],
      });
      if (body.submit) await register(user, row.botId, 'whatsapp');
      return detail(user, row.botId);
    },

    /** PUT /bots/:botId/whatsapp: the WhatsApp details (adds WhatsApp to an RCS bot). */
    async updateWhatsapp(user: AuthenticatedUser, botId: string, body: TWhatsappBotDetails): Promise<TBot> {
      const saved = await database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        const locked = changedLockedWhatsapp(bot, body);
        if (locked.length > 0) refuseLocked(locked);
        if (bot.whatsappPhoneNumberId && (bot.waPhone !== body.phone || bot.wabaId !== body.waba_id))
          refuseLocked(['whatsapp.phone']);
        const hasWhatsapp = bot.channels.includes(CHANNEL_TYPE.whatsapp);
        await repository.update(botId, {
          ...whatsappFieldsOf(body),
          channels: hasWhatsapp ? bot.channels : [...bot.channels, CHANNEL_TYPE.whatsapp],
          // A WhatsApp-only bot is named by its WhatsApp display name.
          ...(bot.channels.includes(CHANNEL_TYPE.rcs) ? {} : { name: body.display_name }),
        });
        await record(user, 'bot.updated', { botId, channel: 'whatsapp' });
        return bot;
      });
      // A registered sender gets its business profile updated on the network (editable while live).
      if (saved.whatsappPhoneNumberId) {
        try {
          await connectors
            .get('whatsapp')
            .updateProfile(saved.whatsappPhoneNumberId, { about: body.about, vertical: body.category });
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          await database.transaction(() => repository.update(botId, { networkError: error.message }));
          throw networkFailure(error, 'The change is saved here but the network did not take it');
        }
      }
      if (body.submit) await register(user, botId, 'whatsapp');
      return detail(user, botId);
    },

    /**
     * The brand-details step: one of the partner's brands, or a new one created through the brands
     * module (the approved-partner rule applies: an aggregator awaiting approval cannot create one),
     * in the same unit of work as the bot's change: a new brand exists only if the bot names it.
     */
    async setBrand(user: AuthenticatedUser, botId: string, body: TBotBrandRequest): Promise<TBot> {
      await database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        if (!canDeleteBot(bot.status))
          throw new ConflictError(
            `This bot is ${botStatusOf(bot.status).label.toLowerCase()}: its brand can no longer change.`,
          );
        let brandId = body.brand_id;
        if (!brandId) {
          const refusal = approvalRefusal(await repository.approvalOf(user.partnerId), 'brands.write');
          if (refusal) throw new ForbiddenError(refusal);
          const parsed = ZBrandRequest.parse(body.brand);
          brandId = (await deps.brands().create(user, parsed)).brand_id;
        } else if (!(await repository.ownBrandExists(user.partnerId, brandId))) {
          const message = 'Choose one of your brands.';
          throw new BadRequestError(message, [{ field: 'brand_id', message }]);
        }
        await repository.update(botId, { brandId });
        await record(user, 'bot.updated', { botId, change: 'brand', brandId });
      });
      return detail(user, botId);
    },

    /** The carrier-selection step: the bot must be registered on the network first. */
    async setCarriers(user: AuthenticatedUser, botId: string, carrierIds: number[]): Promise<TBot> {
      const active = await repository.activeCarriers(carrierIds);
      if (active.size !== carrierIds.length) {
        const message = 'Choose carriers from the list: one of them is not available.';
        throw new BadRequestError(message, [{ field: 'carrier_ids', message }]);
      }
      await database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        if (bot.status === BOT_STATUS.in_progress)
          throw new ConflictError(
            'Complete the bot details first: the bot is created on the network before carriers are chosen.',
          );
        if (!canDeleteBot(bot.status))
          throw new ConflictError(
            `This bot is ${botStatusOf(bot.status).label.toLowerCase()}: its carriers can no longer change.`,
          );
        await repository.setCarriers(botId, carrierIds, BOT_CARRIER_STATES.selected.code);
        await repository.update(botId, {});
        await record(user, 'bot.updated', { botId, change: 'carriers', carrierIds });
      });
      return detail(user, botId);
    },

    /** Logo, banner (RCS) or profile photo (WhatsApp): checked by content, resized or refused. */
    async setImage(
      user: AuthenticatedUser,
      botId: string,
      kind: BotImageKind,
      bytes: Uint8Array,
    ): Promise<TBot> {
      const spec = BOT_IMAGE_SPECS[kind];
      const image = await prepareBotImage(kind, spec, bytes);
      const key = `${BOT_IMAGES_PREFIX}${botId}/${kind}-${randomBytes(12).toString('base64url')}.${image.format === 'jpeg' ? 'jpg' : 'png'}`;
      const column = kind === 'logo' ? 'logoKey' : kind === 'banner' ? 'bannerKey' : 'photoKey';
      const lockedOwn = async () => {
        const bot = await requireOwn(user, botId);
        if (kind !== 'photo' && (botLockedFields(bot.status) as string[]).includes(kind))
          refuseLocked([kind]);
        return bot;
      };
      // Refused before the upload when it would be refused after it; stored outside the unit of
      // work (no upload holds the bot's lock) and deleted again if the unit fails.
      await database.transaction(lockedOwn);
      await storage.put(key, image.bytes, `image/${image.format}`);
      let previous: string | null;
      try {
        previous = await database.transaction(async () => {
          const bot = await lockedOwn();
          await repository.update(botId, { [column]: key });
          await record(user, 'bot.updated', {
            botId,
            change: 'image',
            kind,
            width: image.width,
            height: image.height,
          });
          return bot[column];
        });
      } catch (error) {
        await removeQuietly([key]);
        throw error;
      }
      await removeQuietly([previous]);
      // A registered agent shows the new logo or banner too (RBM fetches it from its public URL).
      const current = await repository.findOwn(user.partnerId, botId);
      if (kind !== 'photo' && (current?.rbmAgent || current?.maapBotId)) await pushAgent(botId, current);
      // A registered WhatsApp sender shows the new profile photo too (uploaded to Meta for a handle).
      if (kind === 'photo' && current?.whatsappPhoneNumberId)
        await pushPhoto(botId, current.whatsappPhoneNumberId, {
          bytes: image.bytes,
          contentType: `image/${image.format}`,
        });
      return detail(user, botId);
    },

    /**
     * Deletes a bot where its state allows (a draft, a failed launch, a rejection): the network's
     * agent, MaaP bot or WhatsApp sender first (outside a transaction); a network failure keeps the
     * bot and says why.
     */
    async remove(user: AuthenticatedUser, botId: string): Promise<void> {
      const bot = await database.transaction(() => requireOwn(user, botId));
      if (!canDeleteBot(bot.status))
        throw new ConflictError(
          `This bot is ${botStatusOf(bot.status).label.toLowerCase()}: only a draft, a failed launch or a rejected bot can be deleted.`,
          { current: botStatusOf(bot.status) },
        );
      try {
        if (bot.rbmAgent) {
          await connectors.get('rbm').deleteAgent(bot.rbmAgent);
          await database.transaction(() => repository.update(botId, { rbmAgent: null, networkError: null }));
        }
        if (bot.maapBotId) {
          await connectors.get('maap').deleteBot(bot.maapBotId);
          await database.transaction(() => repository.update(botId, { maapBotId: null, networkError: null }));
        }
        if (bot.whatsappPhoneNumberId) {
          await connectors.get('whatsapp').deleteBot(bot.whatsappPhoneNumberId);
          await database.transaction(() =>
            repository.update(botId, { whatsappPhoneNumberId: null, networkError: null }),
          );
        }
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        await database.transaction(() => repository.update(botId, { networkError: error.message }));
        throw networkFailure(error, 'The bot could not be deleted on the network, so it is kept');
      }
      await database.transaction(async () => {
        const locked = await requireOwn(user, botId);
        if (!canDeleteBot(locked.status))
          throw new ConflictError('This bot changed meanwhile: it can no longer be deleted.');
        await repository.delete(botId);
        await record(user, 'bot.deleted', { botId, name: bot.name });
      });
      await removeQuietly([bot.logoKey, bot.bannerKey, bot.photoKey]);
    },

    /** The bot's history (review_history, subject 'bot'). */
    async history(
      user: AuthenticatedUser,
      botId: string,
      window: { start: number; end: number },
    ): Promise<TReviewHistory> {
      if (!(await repository.findOwn(user.partnerId, botId))) throw new NotFoundError(NOT_FOUND);
      return review.history([BOT_MACHINE], botId, window);
    },

    async setListing(
      user: AuthenticatedUser,
      botId: string,
      listing: { tagline: string; description: string; keywords: string[] },
    ): Promise<TBot> {
      await database.transaction(async () => {
        await requireOwn(user, botId);
        await repository.update(botId, { listing });
        await record(user, 'bot.updated', { botId, change: 'listing' });
      });
      return detail(user, botId);
    },

    /** Lists the bot in the store or removes it: only a launched bot with a listing can be listed. */
    async setStore(user: AuthenticatedUser, botId: string, listed: boolean): Promise<TBot> {
      await database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        if (listed && bot.status !== BOT_STATUS.launched)
          throw new ConflictError('Only a launched bot can be listed in the store.');
        if (listed && !bot.listing)
          throw new ConflictError('Fill in the bot listing before listing it in the store.');
        await repository.update(botId, { listedInStore: listed });
        await record(user, 'bot.updated', { botId, change: listed ? 'store-listed' : 'store-unlisted' });
      });
      return detail(user, botId);
    },

    async setChatbotPlatform(
      user: AuthenticatedUser,
      botId: string,
      platformId: number | null,
    ): Promise<TBot> {
      if (platformId !== null && !(await repository.lookupIdExists('chatbot-platforms', platformId))) {
        const message = 'Choose a chatbot platform from the list.';
        throw new BadRequestError(message, [{ field: 'chatbot_platform_id', message }]);
      }
      await database.transaction(async () => {
        await requireOwn(user, botId);
        await repository.update(botId, { chatbotPlatformId: platformId });
        await record(user, 'bot.updated', { botId, change: 'chatbot-platform', platformId });
      });
      return detail(user, botId);
    },

    /**
     * The state moves other modules make on a bot and its carriers (launches: submission, carriers
     * after it; bot-review: the platform's and carriers' decisions, the launch job's outcome; the
     * rules are theirs, in review.decide): each joins the caller's unit of work and
     * moves only while the row is still at `from` (false when another change came first).
     */
    moveStatus: (botId: string, from: number, to: number) => repository.moveStatus(botId, from, to),
    moveCarrier: (botId: string, carrierId: number, from: number, to: number, reason: string | null = null) =>
      repository.moveCarrier(botId, carrierId, from, to, reason),
    /** The carrier's newest launch job while it is launching (bot-review); joins the caller's unit of work. */
    setLaunchJob: (botId: string, carrierId: number, jobId: string) =>
      repository.setLaunchJob(botId, carrierId, jobId),
    /** A launch's chosen carriers become exactly these (new ones at `status`); joins the caller's unit of work. */
    chooseCarriers: (botId: string, carrierIds: readonly number[], status: number) =>
      repository.chooseCarriers(botId, carrierIds, status),
    /** Adds carriers at `status` (those already on the bot are left alone); joins the caller's unit of work. */
    addCarriers: (botId: string, carrierIds: readonly number[], status: number) =>
      repository.addCarriers(botId, carrierIds, status),

    /**
     * One of the caller's partner's bots as the test devices and the console need it (E's
     * bot-testing module, through `ctx.use('bots')`). Another tenant's bot, or none: 404.
     */
    async botForTesting(user: AuthenticatedUser, botId: string): Promise<BotForTesting> {
      const row = await database.transaction(() => repository.findOwn(user.partnerId, botId));
      if (!row) throw new NotFoundError(NOT_FOUND);
      return toBotForTesting(row);
    },

    /**
     * Bots by id, whoever's they are, in the caller's unit of work: for bot-testing's handling of
     * the networks' events, which names no user (the devices it matches name their bots).
     */
    async botsForTesting(botIds: readonly string[]): Promise<Map<string, BotForTesting>> {
      const rows = await repository.byIds(botIds);
      return new Map(rows.map((row) => [row.botId, toBotForTesting(row)]));
    },

    storedFiles: [
      {
        prefix: BOT_IMAGES_PREFIX,
        referenced: (keys: readonly string[]) => repository.referencedKeys(keys),
      },
    ],
  };
}
export type BotsService = ReturnType<typeof createBotsService>;
