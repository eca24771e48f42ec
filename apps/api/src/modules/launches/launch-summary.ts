import {
  BOT_CARRIER_MACHINE,
  BOT_LAUNCHABLE_STATES,
  BOT_MACHINE,
  type BotCarrierState,
  botCarrierStatusOf,
  botStatusOf,
  brandStatusOf,
  CHANNEL_TYPE,
  LAUNCH_STEP_SLUGS,
  type LaunchStepSlug,
  launchOnSubmit,
  stateOfCode,
  type TLaunchDocument,
  type TLaunchPreflight,
  type TLaunchQuestionnaire,
  type TLaunchSummary,
  type TReviewHistory,
  type TVerificationPricing,
} from '@portico/domain';
import { AppError, NotFoundError } from '../../platform/http/errors.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import { fileUrlOf } from '../../platform/storage/index.ts';
import type { SignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { LaunchesRepository, LaunchRow } from './launches.repository.ts';
import type { LaunchFile } from './launches.schema.ts';

export const BOT_NOT_FOUND = 'This bot was not found.';

/** Who the summary is for. */
export interface LaunchSummaryScope {
  /** Only this partner's bot (the developer's own): another partner's bot is not found. */
  partnerId?: string;
  /**
   * Only this carrier's row and history (a carrier's reviewers): another network's rows and
   * decisions are left out, and a bot that does not launch on this carrier is not found.
   */
  carrierId?: number;
}

/** Builds the launch summary of a bot from the database; throws NotFoundError (404) outside the scope. */
export type LaunchSummaryBuilder = (botId: string, scope?: LaunchSummaryScope) => Promise<TLaunchSummary>;

export interface LaunchSummaryDeps {
  repository: LaunchesRepository;
  review: ReviewService;
  downloads: SignedDownloads;
  wallet: () => WalletService;
}

/** A stored launch or brand file behind a short-lived signed link. */
export async function launchDocument(downloads: SignedDownloads, file: LaunchFile): Promise<TLaunchDocument> {
  const link = await downloads.url({ key: file.key, filename: file.name });
  return { name: file.name, content_type: file.contentType, size_bytes: file.bytes, url: link.url };
}

export function questionnaireOf(launch: LaunchRow | undefined): TLaunchQuestionnaire {
  return {
    use_case: launch?.useCase ?? '',
    opt_in: launch?.optIn ?? '',
    trigger: launch?.trigger ?? '',
    interactions: launch?.interactions ?? '',
    opt_out: launch?.optOut ?? '',
    reviewer_instructions: launch?.reviewerInstructions ?? '',
  };
}

export function stepOf(launch: LaunchRow | undefined): LaunchStepSlug {
  const step = launch?.stepReached as LaunchStepSlug | undefined;
  return step && LAUNCH_STEP_SLUGS.includes(step) ? step : 'carriers';
}

/** The stored pre-flight: passed only when it was run and found nothing (never run: not ok, no time). */
export function storedPreflight(launch: LaunchRow | undefined): TLaunchPreflight {
  const items = (launch?.preflight ?? []).map((item) => ({
    ...item,
    step: (LAUNCH_STEP_SLUGS as readonly string[]).includes(item.step) ? item.step : 'carriers',
  }));
  const checkedAt = launch?.preflightAt ?? null;
  return { ok: checkedAt !== null && items.length === 0, items, checked_at: checkedAt?.toISOString() ?? '' };
}

const PENDING = BOT_CARRIER_MACHINE.states.pending.code;
/**
 * The carriers a submission takes: chosen and not submitted yet, whose launch failed, or that
 * rejected it (sent back for review); the others keep their state (launchOnSubmit).
 */
export const SUBMITTABLE: readonly number[] = (Object.keys(BOT_CARRIER_MACHINE.states) as BotCarrierState[])
  .filter((state) => launchOnSubmit(state) !== 'keep')
  .map((state) => BOT_CARRIER_MACHINE.states[state].code);

const REASONED_STATES: readonly number[] = [
  BOT_CARRIER_MACHINE.states.rejected.code,
  BOT_CARRIER_MACHINE.states.launch_failed.code,
];

/**
 * The reason a carrier shows: for a rejection or a failed launch, the one stored on its row (the
 * network's reason), else the reason of the history row that brought it there.
 */
export function carrierReason(
  carrier: { carrierId: number; status: number; reason: string | null },
  history: TReviewHistory['items'],
): string | null {
  if (!REASONED_STATES.includes(carrier.status)) return null;
  if (carrier.reason) return carrier.reason;
  const entry = history.find(
    (e) =>
      e.carrier_id === carrier.carrierId &&
      e.to.code === carrier.status &&
      e.action !== 'created' &&
      e.reason !== null,
  );
  return entry?.reason ?? null;
}

/**
 * The launch summary (issue 14): everything submitted for a bot's launch, as the developer
 * (/u/launch-details) and the reviewers see it: the bot, its brand and documents, each carrier's
 * state, price and reason, the questionnaire, company, documents (signed links), the stored
 * pre-flight, the hold, the pricing and the history of the bot and its carriers. It checks no role:
 * the caller decides who may read it and passes the scope.
 */
export function createLaunchSummary(deps: LaunchSummaryDeps): LaunchSummaryBuilder {
  const { repository, review, downloads } = deps;

  async function pricingOf(carrierIds: number[]): Promise<TVerificationPricing | null> {
    if (carrierIds.length === 0) return null;
    try {
      return await deps.wallet().verificationQuote(carrierIds);
    } catch (error) {
      // A carrier without a plan in force: no total can be quoted (the carriers show null prices).
      if (error instanceof AppError && error.httpStatus < 500) return null;
      throw error;
    }
  }

  return async function summary(botId, scope = {}) {
    const found = await repository.findBot(botId, scope.partnerId);
    if (!found) throw new NotFoundError(BOT_NOT_FOUND);
    const { bot } = found;
    const [launch, allCarriers, brand, fullHistory] = await Promise.all([
      repository.launchOf(botId),
      repository.carriersOf(botId),
      repository.brandOf(bot.brandId),
      review.history([BOT_MACHINE, BOT_CARRIER_MACHINE], botId, { start: 0, end: 500 }),
    ]);
    const { carrierId } = scope;
    const carriers =
      carrierId === undefined ? allCarriers : allCarriers.filter((c) => c.carrierId === carrierId);
    if (carrierId !== undefined && carriers.length === 0) throw new NotFoundError(BOT_NOT_FOUND);
    const history =
      carrierId === undefined
        ? fullHistory.items
        : fullHistory.items.filter((e) => e.carrier_id === null || e.carrier_id === carrierId);

    const carrierIds = carriers.map((c) => c.carrierId);
    // What the verification costs: while editable, the carriers the next submission takes; under
    // review or after it, the carriers in the launch (not those chosen only, or withdrawn).
    const state = stateOfCode(BOT_MACHINE, bot.status);
    const editable = state !== undefined && BOT_LAUNCHABLE_STATES.includes(state);
    const pricedIds = carriers
      .filter((c) => (editable ? SUBMITTABLE.includes(c.status) : c.status !== PENDING))
      .map((c) => c.carrierId);
    const wallet = deps.wallet();
    const [prices, pricing, hold] = await Promise.all([
      wallet.verificationPrices(carrierIds),
      pricingOf(pricedIds),
      launch?.holdId ? wallet.holdOf(bot.partnerId, launch.holdId) : null,
    ]);
    const verified = new Set(launch?.verifiedCarrierIds ?? []);
    const file = (f: LaunchFile) => launchDocument(downloads, f);

    return {
      bot: {
        bot_id: bot.botId,
        name: bot.name,
        partner_id: bot.partnerId,
        partner_name: found.partnerName,
        channels: [...bot.channels].sort((a, b) => a - b).map((channel_type) => ({ channel_type })),
        status: botStatusOf(bot.status),
        logo_url: bot.logoKey ? fileUrlOf(bot.logoKey) : null,
        banner_url: bot.bannerKey ? fileUrlOf(bot.bannerKey) : null,
        privacy_url: bot.privacyPolicyUrl,
        terms_url: bot.termsUrl,
        rcs_profile: bot.channels.includes(CHANNEL_TYPE.rcs)
          ? {
              display_name: bot.name,
              description: bot.description ?? '',
              brand_color: bot.brandColor ?? '',
              phones: bot.phones,
              emails: bot.emails,
              websites: bot.websites,
            }
          : null,
        whatsapp_profile: bot.channels.includes(CHANNEL_TYPE.whatsapp)
          ? {
              display_name: bot.waDisplayName ?? bot.name,
              about: bot.waAbout ?? '',
              category: bot.waCategory ?? '',
              phone: bot.waPhone ?? '',
              photo_url: bot.photoKey ? fileUrlOf(bot.photoKey) : null,
            }
          : null,
      },
      brand: brand
        ? {
            brand_id: brand.brand.brandId,
            name: brand.brand.name,
            status: brandStatusOf(brand.brand.status),
            documents: await Promise.all(
              brand.documents.map((d) =>
                file({
                  key: d.fileKey,
                  name: d.filename,
                  contentType: 'application/pdf',
                  bytes: d.sizeBytes,
                }),
              ),
            ),
          }
        : null,
      carriers: carriers.map((carrier) => ({
        carrier_id: carrier.carrierId,
        name: carrier.name,
        country_id: carrier.countryId,
        status: botCarrierStatusOf(carrier.status),
        reason: carrierReason(carrier, history),
        price: prices.get(carrier.carrierId) ?? null,
        verified: verified.has(carrier.carrierId),
        updated_at: carrier.updatedAt.toISOString(),
      })),
      questionnaire: questionnaireOf(launch),
      company: launch?.company ?? null,
      documents: {
        loa: launch?.loa ? await file(launch.loa) : null,
        screenshots: await Promise.all((launch?.screenshots ?? []).map(file)),
        video: launch?.video ? await file(launch.video) : null,
      },
      preflight: storedPreflight(launch),
      hold,
      pricing,
      submitted_at: launch?.submittedAt?.toISOString() ?? null,
      step_reached: stepOf(launch),
      history,
    };
  };
}
