import { z } from 'zod';
import { BOT_CARRIER_MACHINE, type BotCarrierState } from '../review/bot.ts';
import {
  LAUNCH_QUESTION_FIELDS,
  LAUNCH_SCREENSHOTS_MAX,
  LAUNCH_STEP_SLUGS,
  LAUNCH_TEXT_MAX,
  type LaunchQuestionField,
} from '../rules/launch-preflight.ts';
import { ZBotChannel, ZBotStatus } from './bots.ts';
import { rowId, text } from './fields.ts';
import { ZExportFormat } from './list-filters.ts';
import { ZReviewHistoryEntry } from './review.ts';
import { ZHold, ZIdempotencyKey, ZVerificationPricing } from './wallet.ts';

/**
 * The launch calls (issue 14; spec section 7 "Launch" and the Bots calls submit/confirm verification
 * with a bot_id query, verification pricing and payment), and the launch summary the developer and
 * the reviewers see.
 */

/** Upload limits of the launch files: the LOA (a PDF), each screenshot (PNG, JPEG or WebP), the video (MP4 or WebM). */
export const LAUNCH_LOA_MAX_BYTES = 5_000_000;
export const LAUNCH_SCREENSHOT_MAX_BYTES = 2_000_000;
export const LAUNCH_VIDEO_MAX_BYTES = 25_000_000;

export const ZLaunchStep = z.enum(LAUNCH_STEP_SLUGS as [string, ...string[]]);
export const ZLaunchParams = z.object({ botId: z.uuid('is not a bot id') });
/** The calls the spec names with a bot_id query (submit and confirm verification, payment). */
export const ZLaunchBotQuery = z.object({ bot_id: z.uuid('bot_id is not a bot id') });
export const ZLaunchScreenParams = ZLaunchParams.extend({
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(LAUNCH_SCREENSHOTS_MAX - 1),
});

const answer = text().trim().max(LAUNCH_TEXT_MAX, `is at most ${LAUNCH_TEXT_MAX} characters`);

/** Bot Details & Experience: the questionnaire (each answer may be saved unfinished; pre-flight judges it). */
export const ZLaunchQuestionnaire = z.object(
  Object.fromEntries(LAUNCH_QUESTION_FIELDS.map((field) => [field, answer])) as Record<
    LaunchQuestionField,
    typeof answer
  >,
);
export type TLaunchQuestionnaire = z.output<typeof ZLaunchQuestionnaire>;
export const ZLaunchQuestionnaireRequest = ZLaunchQuestionnaire.partial();

/** Update company details: who the carriers' reviewers contact about this launch. */
export const ZLaunchCompany = z.object({
  company_name: text().trim().min(1, 'Company name is required').max(200),
  website: z.url('Website must be a URL').max(2048),
  contact_name: text().trim().min(1, 'Contact name is required').max(200),
  contact_email: z.email('Contact email must be an email address').max(254),
  contact_phone: text().trim().max(40),
});
export type TLaunchCompany = z.output<typeof ZLaunchCompany>;

/** Review Carriers (submit carrier verification): the carriers the launch is for. */
export const ZLaunchCarriersRequest = z.object({
  carrier_ids: z.array(rowId()).min(1, 'choose at least one carrier').max(50),
});
/** Business Verification: the carriers that already verified the business (among those chosen). */
export const ZLaunchVerifiedCarriersRequest = z.object({ carrier_ids: z.array(rowId()).max(50) });
/** /u/update-carrier after submission: add or remove carriers not yet decided. */
export const ZLaunchUpdateCarriersRequest = z
  .object({ add: z.array(rowId()).max(50).default([]), remove: z.array(rowId()).max(50).default([]) })
  .refine((v) => v.add.length + v.remove.length > 0, 'add or remove at least one carrier');
export const ZLaunchPaymentRequest = z.object({ idempotency_key: ZIdempotencyKey });

export const ZLaunchCarrierOption = z.object({
  carrier_id: z.number().int(),
  name: z.string(),
  country_id: z.string(),
  /** Verification price from the current rate plan, null when none is in force. */
  price: z.string().nullable(),
  chosen: z.boolean(),
});
export const ZLaunchCarrierList = z.object({ currency: z.string(), items: z.array(ZLaunchCarrierOption) });
export type TLaunchCarrierList = z.output<typeof ZLaunchCarrierList>;

export const ZLaunchPreflightItem = z.object({
  code: z.string(),
  message: z.string(),
  step: ZLaunchStep,
  field: z.string(),
});
export const ZLaunchPreflight = z.object({
  ok: z.boolean(),
  items: z.array(ZLaunchPreflightItem),
  checked_at: z.string(),
});
export type TLaunchPreflight = z.output<typeof ZLaunchPreflight>;

/** A stored document behind a short-lived signed link. */
export const ZLaunchDocument = z.object({
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});
export type TLaunchDocument = z.output<typeof ZLaunchDocument>;

/**
 * What submitting the launch does to one of its carriers (BOT_CARRIER_MACHINE): `submit` (chosen,
 * or its launch failed), `resubmit` (it rejected the launch: a new review round), or `keep` (under
 * review, approved, launching or launched: left as it is).
 */
export const ZLaunchOnSubmit = z.enum(['submit', 'resubmit', 'keep']);
export type TLaunchOnSubmit = z.output<typeof ZLaunchOnSubmit>;
export function launchOnSubmit(state: BotCarrierState | undefined): TLaunchOnSubmit {
  if (state === undefined) return 'keep';
  if (BOT_CARRIER_MACHINE.transitions.submit.from.includes(state)) return 'submit';
  if (BOT_CARRIER_MACHINE.transitions.resubmit.from.includes(state)) return 'resubmit';
  return 'keep';
}

/** A carrier of the launch as the stepper shows it: its state, the reason of a rejection, what submitting does. */
export const ZLaunchDraftCarrier = z.object({
  carrier_id: z.number().int(),
  name: z.string(),
  status: ZBotStatus,
  reason: z.string().nullable(),
  on_submit: ZLaunchOnSubmit,
});
export type TLaunchDraftCarrier = z.output<typeof ZLaunchDraftCarrier>;

/** Initial details: what the stepper saved so far (kept between visits). */
export const ZLaunchDraft = z.object({
  bot_id: z.string(),
  bot_name: z.string(),
  status: ZBotStatus,
  step_reached: ZLaunchStep,
  carrier_ids: z.array(z.number().int()),
  /** The launch's carriers with their state (a resubmission sends those that rejected it back for review). */
  carriers: z.array(ZLaunchDraftCarrier),
  verified_carrier_ids: z.array(z.number().int()),
  questionnaire: ZLaunchQuestionnaire,
  company: ZLaunchCompany.nullable(),
  screenshots: z.array(ZLaunchDocument),
  video: ZLaunchDocument.nullable(),
  loa: ZLaunchDocument.nullable(),
  hold: ZHold.nullable(),
  submitted_at: z.string().nullable(),
  /** Whether the developer may still change the stepper (drafts, failed or rejected launches). */
  editable: z.boolean(),
});
export type TLaunchDraft = z.output<typeof ZLaunchDraft>;

export const ZLaunchSummaryCarrier = z.object({
  carrier_id: z.number().int(),
  name: z.string(),
  country_id: z.string(),
  /** The carrier's state (BOT_CARRIER_MACHINE), with the reason of a rejection or failed launch. */
  status: ZBotStatus,
  reason: z.string().nullable(),
  price: z.string().nullable(),
  verified: z.boolean(),
  updated_at: z.string(),
});
export type TLaunchSummaryCarrier = z.output<typeof ZLaunchSummaryCarrier>;

/** The launch summary: everything submitted, for the developer (/u/launch-details) and the reviewers. */
export const ZLaunchSummary = z.object({
  bot: z.object({
    bot_id: z.string(),
    name: z.string(),
    partner_id: z.string(),
    partner_name: z.string(),
    channels: z.array(ZBotChannel),
    status: ZBotStatus,
    logo_url: z.string().nullable(),
    banner_url: z.string().nullable(),
    privacy_url: z.string().nullable(),
    terms_url: z.string().nullable(),
    /**
     * What a user's handset shows of the bot (issue 26: the reviewers see the agent as users will):
     * the RCS agent's card and the WhatsApp business profile, when the bot has that channel.
     */
    rcs_profile: z
      .object({
        display_name: z.string(),
        description: z.string(),
        brand_color: z.string(),
        phones: z.array(z.object({ number: z.string(), label: z.string() })),
        emails: z.array(z.object({ address: z.string(), label: z.string() })),
        websites: z.array(z.object({ url: z.string(), label: z.string() })),
      })
      .nullable()
      .default(null),
    whatsapp_profile: z
      .object({
        display_name: z.string(),
        about: z.string(),
        category: z.string(),
        phone: z.string(),
        photo_url: z.string().nullable(),
      })
      .nullable()
      .default(null),
  }),
  brand: z
    .object({
      brand_id: z.string(),
      name: z.string(),
      status: ZBotStatus,
      documents: z.array(ZLaunchDocument),
    })
    .nullable(),
  carriers: z.array(ZLaunchSummaryCarrier),
  questionnaire: ZLaunchQuestionnaire,
  company: ZLaunchCompany.nullable(),
  documents: z.object({
    loa: ZLaunchDocument.nullable(),
    screenshots: z.array(ZLaunchDocument),
    video: ZLaunchDocument.nullable(),
  }),
  preflight: ZLaunchPreflight,
  hold: ZHold.nullable(),
  pricing: ZVerificationPricing.nullable(),
  submitted_at: z.string().nullable(),
  step_reached: ZLaunchStep,
  history: z.array(ZReviewHistoryEntry),
});
export type TLaunchSummary = z.output<typeof ZLaunchSummary>;

/** GET /launches/:botId/summary/export?format=pdf (xlsx too): the launch summary as a file. */
export const ZLaunchSummaryExportQuery = z.object({ format: ZExportFormat });
