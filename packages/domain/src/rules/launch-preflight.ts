import { LAUNCH_STEPS } from '../constants/statuses.ts';
import { type BotImageSpec, type ImageFacts, RBM_BANNER, RBM_LOGO } from './bot-fields.ts';

/**
 * The launch pre-flight (issue 14): everything a carrier would reject a launch for, found before the
 * developer submits. Pure: the launches service gathers the facts (the bot, its brand, the carriers
 * chosen, the questionnaire, the LOA, the wallet, the stored images, the privacy URL's answer) and
 * each problem names the stepper step (LAUNCH_STEPS) and field that fixes it.
 */
export type LaunchStepSlug = 'carriers' | 'experience' | 'brand' | 'verification' | 'payment';
/** The stepper's steps in order: slug (the URL /u/launch/<slug>) and the spec's title. */
export const LAUNCH_STEP_SLUGS: readonly LaunchStepSlug[] = [
  'carriers',
  'experience',
  'brand',
  'verification',
  'payment',
];
export function launchStepTitle(step: LaunchStepSlug): (typeof LAUNCH_STEPS)[number] {
  return LAUNCH_STEPS[LAUNCH_STEP_SLUGS.indexOf(step)] as (typeof LAUNCH_STEPS)[number];
}

/** Bounds of the questionnaire's answers (characters) and of the screenshots. */
export const LAUNCH_TEXT_MIN = 20;
export const LAUNCH_TEXT_MAX = 2000;
export const LAUNCH_SCREENSHOTS_MAX = 6;

export const LAUNCH_QUESTION_FIELDS = [
  'use_case',
  'opt_in',
  'trigger',
  'interactions',
  'opt_out',
  'reviewer_instructions',
] as const;
export type LaunchQuestionField = (typeof LAUNCH_QUESTION_FIELDS)[number];
export const LAUNCH_QUESTION_LABELS: Readonly<Record<LaunchQuestionField, string>> = {
  use_case: 'Use case',
  opt_in: 'How users opt in',
  trigger: 'What triggers the first message',
  interactions: 'The interactions',
  opt_out: 'How users opt out',
  reviewer_instructions: 'Access instructions for reviewers',
};

export type PrivacyUrlCheck =
  | { state: 'ok'; status: number }
  | { state: 'missing' }
  | { state: 'failed'; detail: string };

export interface LaunchPreflightInput {
  bot: {
    /** RCS agent (logo and banner checked) or not. */
    rcs: boolean;
    /** Stored logo and banner facts (null when none). */
    logo: ImageFacts | null;
    banner: ImageFacts | null;
    privacyUrl: string | null;
    termsUrl: string | null;
  };
  brand: { name: string; verified: boolean; stateLabel: string } | null;
  carriers: readonly { id: number; name: string; hasPrice: boolean }[];
  questionnaire: Readonly<Partial<Record<LaunchQuestionField, string | null>>>;
  media: { screenshots: number; video: boolean };
  loa: boolean;
  /** The carriers the developer says verified the business (must be among those chosen). */
  verifiedCarriers: readonly number[];
  /** Micro-units; `heldAlready` when this launch's hold is already taken (nothing more to hold). */
  wallet: { exists: boolean; available: bigint; price: bigint; heldAlready: boolean };
  privacy: PrivacyUrlCheck;
}

export interface LaunchPreflightItem {
  code: string;
  message: string;
  step: LaunchStepSlug;
  field: string;
}

function imageProblem(
  spec: BotImageSpec,
  facts: ImageFacts | null,
  field: string,
): LaunchPreflightItem | null {
  const name = spec.label.charAt(0).toUpperCase() + spec.label.slice(1);
  if (!facts) {
    return {
      code: `${field}-missing`,
      message: `${name} missing: upload it on the bot.`,
      step: 'experience',
      field,
    };
  }
  if (facts.width !== spec.width || facts.height !== spec.height || facts.bytes > spec.maxBytes) {
    return {
      code: `${field}-limits`,
      message: `${name} outside the limits: ${facts.width} x ${facts.height} px, ${Math.ceil(facts.bytes / 1000)} KB; the network wants ${spec.width} x ${spec.height} px, at most ${spec.maxBytes / 1000} KB.`,
      step: 'experience',
      field,
    };
  }
  return null;
}

/** Every problem a carrier would reject the launch for, in stepper order; empty when it may be submitted. */
export function launchPreflight(input: LaunchPreflightInput): LaunchPreflightItem[] {
  const items: LaunchPreflightItem[] = [];
  const add = (item: LaunchPreflightItem | null) => {
    if (item) items.push(item);
  };
  // Review Carriers
  if (input.carriers.length === 0) {
    add({ code: 'no-carrier', message: 'No carrier chosen.', step: 'carriers', field: 'carrier_ids' });
  }
  for (const carrier of input.carriers.filter((c) => !c.hasPrice)) {
    add({
      code: 'carrier-no-price',
      message: `${carrier.name} has no rate plan in force: choose another carrier.`,
      step: 'carriers',
      field: 'carrier_ids',
    });
  }
  // Bot Details & Experience
  for (const field of LAUNCH_QUESTION_FIELDS) {
    const value = input.questionnaire[field]?.trim() ?? '';
    const label = LAUNCH_QUESTION_LABELS[field];
    if (value.length === 0) {
      add({ code: `${field}-missing`, message: `${label}: not described.`, step: 'experience', field });
    } else if (value.length < LAUNCH_TEXT_MIN) {
      add({
        code: `${field}-short`,
        message: `${label}: too short to review (at least ${LAUNCH_TEXT_MIN} characters).`,
        step: 'experience',
        field,
      });
    }
  }
  if (input.media.screenshots === 0 && !input.media.video) {
    add({
      code: 'media-missing',
      message: 'No screenshots or video of the conversation.',
      step: 'experience',
      field: 'screenshots',
    });
  }
  if (input.bot.rcs) {
    add(imageProblem(RBM_LOGO, input.bot.logo, 'logo'));
    add(imageProblem(RBM_BANNER, input.bot.banner, 'banner'));
  }
  if (input.privacy.state === 'missing') {
    add({
      code: 'privacy-missing',
      message: 'The bot has no privacy policy URL.',
      step: 'experience',
      field: 'privacy_url',
    });
  } else if (input.privacy.state === 'failed') {
    add({
      code: 'privacy-unreachable',
      message: `The privacy policy URL does not answer (${input.privacy.detail}).`,
      step: 'experience',
      field: 'privacy_url',
    });
  }
  if (input.bot.rcs && !input.bot.termsUrl) {
    add({
      code: 'terms-missing',
      message: 'The bot has no terms of service URL.',
      step: 'experience',
      field: 'terms_url',
    });
  }
  // Brand Details
  if (!input.brand) {
    add({ code: 'brand-missing', message: 'The bot has no brand.', step: 'brand', field: 'brand_id' });
  } else if (!input.brand.verified) {
    add({
      code: 'brand-not-verified',
      message: `The brand ${input.brand.name} is not verified (${input.brand.stateLabel}).`,
      step: 'brand',
      field: 'brand_id',
    });
  }
  // Business Verification
  if (!input.loa) {
    add({
      code: 'loa-missing',
      message: 'The letter of authorisation (PDF) is missing.',
      step: 'verification',
      field: 'loa',
    });
  }
  const chosen = new Set(input.carriers.map((c) => c.id));
  if (input.verifiedCarriers.some((id) => !chosen.has(id))) {
    add({
      code: 'verified-carrier-not-chosen',
      message: 'A verified carrier is not among the carriers chosen.',
      step: 'verification',
      field: 'verified_carrier_ids',
    });
  }
  // Payment
  if (!input.wallet.exists) {
    add({
      code: 'no-wallet',
      message: 'This account has no wallet to pay the verification from.',
      step: 'payment',
      field: 'wallet',
    });
  } else if (!input.wallet.heldAlready && input.wallet.available < input.wallet.price) {
    add({
      code: 'wallet-too-low',
      message: 'The wallet is too low for the verification hold: top it up.',
      step: 'payment',
      field: 'wallet',
    });
  }
  return items;
}
