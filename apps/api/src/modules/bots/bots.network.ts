import { randomUUID } from 'node:crypto';
import { type AuditAction, BOT_MACHINE, BOT_STATUS } from '@portico/domain';
import { NetworkError } from '../../networks/errors.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { fileUrlOf } from '../../platform/storage/index.ts';
import type { BotFields, BotRow } from './bots.repository.ts';
import type { BotsServiceDeps } from './bots.service.ts';

/** RBM's agentUseCase for each message category. */
const USE_CASES: Record<string, string> = {
  Promotional: 'PROMOTIONAL',
  OTP: 'OTP',
  'Multi-Use': 'MULTI_USE',
  Transactional: 'TRANSACTIONAL',
};

/**
 * A network failure as the API answers it: 503 when the network is down or busy (try again), else
 * 502 with the network's own reason. The draft is kept either way.
 */
export function networkFailure(error: NetworkError, what: string): AppError {
  const status = error.transient ? 503 : 502;
  return new AppError(status, `${what}: ${error.message} Your draft is saved; try again.`, {
    network: error.network,
    kind: error.kind,
  });
}

/**
 * Bots: drafts, the brand and carrier steps, registration on the networks, images, listing and
 * the bot dashboard. Every use case runs in one unit of work; the networks are called outside of one.

/** What the network steps need of the service: its deps, the bot locked as its owner's, the audit record. */
export interface BotNetworkContext extends BotsServiceDeps {
  requireOwn: (user: AuthenticatedUser, botId: string) => Promise<BotRow>;
  record: (user: AuthenticatedUser, event: AuditAction, detail: Record<string, unknown>) => Promise<unknown>;
}

/**
 * A bot on the networks: its RBM agent definition, registration (reconciled with an earlier
 * attempt by its request id), and pushing changes and the WhatsApp photo. The networks are called
 * outside any transaction; what they answer is stored in units of work of its own.
 */
export function createBotNetwork(ctx: BotNetworkContext) {
  const { database, repository, review, storage, connectors, requireOwn, record } = ctx;

  const publicImageUrl = (key: string | null) => (key ? `${ctx.publicUrl}${fileUrlOf(key)}` : undefined);

  /** The RBM agent definition (Business Communications API: rcsBusinessMessagingAgent). */
  function rbmAgentOf(bot: BotRow): Record<string, unknown> {
    const logoUri = publicImageUrl(bot.logoKey);
    const heroUri = publicImageUrl(bot.bannerKey);
    return {
      description: bot.description ?? '',
      ...(logoUri ? { logoUri } : {}),
      ...(heroUri ? { heroUri } : {}),
      color: bot.brandColor ?? '#000000',
      phoneNumbers: bot.phones.map((p) => ({ phoneNumber: { number: p.number }, label: p.label })),
      emails: bot.emails.map((e) => ({ address: e.address, label: e.label })),
      websites: bot.websites.map((w) => ({ uri: w.url, label: w.label })),
      privacy: { uri: bot.privacyPolicyUrl ?? '', label: 'Privacy policy' },
      termsConditions: { uri: bot.termsUrl ?? '', label: 'Terms and conditions' },
      billingConfig: { billingCategory: bot.billingCategory ?? 'CONVERSATIONAL' },
      agentUseCase: USE_CASES[bot.messageCategory ?? ''] ?? 'MULTI_USE',
      hostingRegion: bot.hostingRegion ?? 'ASIA_PACIFIC',
    };
  }

  /**
   * Creates the bot on the network for one channel, reconciling with an earlier attempt: the
   * request id is written first (its own transaction), the network is called outside any
   * transaction, and the ids are stored after. A retry after a failure on either side finds what
   * the network already has under that request id (or phone number) and adopts it.
   */
  async function register(
    user: AuthenticatedUser,
    botId: string,
    channel: 'rcs' | 'whatsapp',
  ): Promise<void> {
    const { bot, retry } = await database.transaction(async () => {
      const row = await requireOwn(user, botId);
      if (row.networkRequestId) return { bot: row, retry: true };
      const networkRequestId = randomUUID();
      await repository.update(botId, { networkRequestId });
      return { bot: { ...row, networkRequestId }, retry: false };
    });
    const requestId = bot.networkRequestId ?? randomUUID();
    const registered =
      channel === 'whatsapp'
        ? bot.whatsappPhoneNumberId
        : bot.apiType === 'GSMA'
          ? bot.maapBotId
          : bot.rbmAgent;
    // Already on the network: only the step's status move may be left to do.
    if (!registered) await createOnNetwork(user, bot, channel, requestId, retry);
    // The first registration completes the details step: the draft moves to the carrier step.
    const current = await database.transaction(() => repository.findOwn(user.partnerId, botId));
    if (current?.status === BOT_STATUS.in_progress) {
      await review.decide({
        machine: BOT_MACHINE,
        subjectId: botId,
        action: 'register',
        actor: user,
        load: async () => (await repository.lockOwn(user.partnerId, botId))?.status,
        move: (from, to) => repository.moveStatus(botId, from, to),
      });
    }
  }

  /**
   * Sets a registered WhatsApp sender's profile photo on the network: Resumable Upload for a
   * handle, then the business profile's profile_picture_handle. A failure is kept on the bot.
   */
  async function pushPhoto(
    botId: string,
    phoneNumberId: string,
    image: { bytes: Uint8Array; contentType: string },
  ): Promise<void> {
    try {
      const whatsapp = connectors.get('whatsapp');
      const handle = await whatsapp.uploadProfilePhoto(image);
      await whatsapp.updateProfile(phoneNumberId, { profile_picture_handle: handle });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await database.transaction(() => repository.update(botId, { networkError: error.message }));
      throw networkFailure(error, 'The photo is saved here but the network did not take it');
    }
  }

  /** The network call of `register` and the write of the ids it answers. */
  async function createOnNetwork(
    user: AuthenticatedUser,
    bot: BotRow,
    channel: 'rcs' | 'whatsapp',
    requestId: string,
    retry: boolean,
  ): Promise<void> {
    const { botId } = bot;
    let ids: BotFields;
    try {
      if (channel === 'rcs' && bot.apiType === 'GSMA') {
        const maap = connectors.get('maap');
        const registration = {
          requestId,
          displayName: bot.name,
          profile: { ...rbmAgentOf(bot), displayName: bot.name },
        };
        const existing = retry ? await maap.findBot(registration) : null;
        ids = { maapBotId: existing ?? (await maap.registerBot(registration)) };
      } else if (channel === 'rcs') {
        const rbm = connectors.get('rbm');
        const existing = retry ? await rbm.findAgent(requestId) : null;
        if (existing?.agent) {
          ids = { rbmBrand: existing.brand, rbmAgent: existing.agent };
        } else {
          const created = await rbm.registerAgent({
            brandDisplayName: bot.name,
            agentDisplayName: bot.name,
            rcsBusinessMessagingAgent: rbmAgentOf(bot),
            requestId,
            ...(existing?.brand ? { brand: existing.brand } : {}),
          });
          ids = { rbmBrand: created.brand, rbmAgent: created.agent };
        }
      } else {
        const whatsapp = connectors.get('whatsapp');
        const registration = {
          requestId,
          displayName: bot.waDisplayName ?? bot.name,
          wabaId: bot.wabaId ?? '',
          phoneNumber: bot.waPhone ?? '',
          profile: { about: bot.waAbout ?? '', vertical: bot.waCategory ?? 'OTHER' },
        };
        const existing = retry ? await whatsapp.findBot(registration) : null;
        // registerBot also reuses a number already on the WABA; it registers it and sets the profile.
        const phoneNumberId = existing ?? (await whatsapp.registerBot(registration));
        // A photo chosen before registration goes to the new sender's profile too.
        const photo = bot.photoKey ? await storage.get(bot.photoKey) : null;
        if (photo) {
          const handle = await whatsapp.uploadProfilePhoto({
            bytes: photo.bytes,
            contentType: photo.contentType,
          });
          await whatsapp.updateProfile(phoneNumberId, { profile_picture_handle: handle });
        }
        ids = { whatsappPhoneNumberId: phoneNumberId };
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await database.transaction(() => repository.update(botId, { networkError: error.message }));
      throw networkFailure(error, 'The bot could not be created on the network');
    }
    await database.transaction(async () => {
      await requireOwn(user, botId);
      await repository.update(botId, { ...ids, networkError: null });
      await record(user, 'bot.registered', { botId, channel, ...ids });
    });
  }

  /**
   * Sends a registered RCS bot's current information to its network: the RBM agent (updateAgent) or
   * the MaaP bot's profile (updateProfile, the shape it was registered with); a failure is kept on
   * the bot and said.
   */
  async function pushAgent(botId: string, bot: BotRow): Promise<void> {
    try {
      if (bot.maapBotId) {
        await connectors
          .get('maap')
          .updateProfile(bot.maapBotId, { ...rbmAgentOf(bot), displayName: bot.name });
      } else {
        await connectors.get('rbm').updateAgent(bot.rbmAgent ?? '', {
          displayName: bot.name,
          rcsBusinessMessagingAgent: rbmAgentOf(bot),
        });
      }
      if (bot.networkError)
        await database.transaction(() => repository.update(botId, { networkError: null }));
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await database.transaction(() => repository.update(botId, { networkError: error.message }));
      throw networkFailure(error, 'The change is saved here but the network did not take it');
    }
  }

  return { rbmAgentOf, register, pushPhoto, pushAgent };
}
