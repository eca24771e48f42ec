import { z } from 'zod';
import {
  BOT_MESSAGE_CATEGORIES,
  BOT_STATUS,
  type BotStatusName,
  CHANNEL_TYPE,
} from '../constants/statuses.ts';
import { BOT_CARRIER_MACHINE, BOT_MACHINE } from '../review/bot.ts';
import {
  brandColourProblem,
  contactLabelProblem,
  e164Problem,
  httpsUrlProblem,
  RBM_AGENT_LIMITS,
  rbmDescriptionProblem,
  rbmDisplayNameProblem,
  rbmPhoneProblem,
  WHATSAPP_CATEGORY_CODES,
  wabaIdProblem,
  whatsappAboutProblem,
  whatsappDisplayNameProblem,
} from '../rules/bot-fields.ts';
import { ZBrandRequest } from './brands.ts';
import { ZListWindowQuery } from './envelope.ts';
import { rowId, searchText, text } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';
import { ZReviewHistory } from './review.ts';

/* ------------------------------------------------------------------ Status */

/** How a person reads each bot status code (spec section 4; `{product}` read as "the platform"). */
export const BOT_STATUS_LABELS: Record<BotStatusName, string> = Object.fromEntries(
  Object.entries(BOT_MACHINE.states).map(([key, state]) => [key, state.label]),
) as Record<BotStatusName, string>;
export const BOT_STATUS_NAMES = Object.keys(BOT_STATUS) as [BotStatusName, ...BotStatusName[]];

export const ZBotStatus = z.object({ key: z.string(), code: z.number().int(), label: z.string() });
export type TBotStatus = z.output<typeof ZBotStatus>;

/** The label of a bot status code (an unknown code reads as itself). */
export function botStatusLabel(code: number): string {
  return botStatusOf(code).label;
}
/** A bot status code as the list and the screens show it. */
export function botStatusOf(code: number): TBotStatus {
  const key = BOT_STATUS_NAMES.find((name) => BOT_STATUS[name] === code);
  return key
    ? { key, code, label: BOT_STATUS_LABELS[key] }
    : { key: String(code), code, label: String(code) };
}

/** The drafts: still being filled in by the developer (resumable from MY BOTS, deletable). */
export const BOT_DRAFT_STATUSES: readonly number[] = [
  BOT_STATUS.in_progress,
  BOT_STATUS.in_progress_carrier_submission,
];

/**
 * Where a bot may be deleted: a draft, or a bot whose launch failed or that the platform rejected
 * (nothing is under review or live on a network then).
 */
export const BOT_DELETABLE_STATUSES: readonly number[] = [
  ...BOT_DRAFT_STATUSES,
  BOT_STATUS.launch_failed,
  BOT_STATUS.bot_rejected_by_portico,
];
export function canDeleteBot(status: number): boolean {
  return BOT_DELETABLE_STATUSES.includes(status);
}

/**
 * One carrier's state for a bot (carrier selection, then the launch on that network): the states of
 * BOT_CARRIER_MACHINE (review/bot.ts), under the names the bots module seeds with.
 */
export const BOT_CARRIER_STATES = {
  selected: BOT_CARRIER_MACHINE.states.pending,
  submitted: BOT_CARRIER_MACHINE.states.submitted,
  to_be_approved_by_carrier: BOT_CARRIER_MACHINE.states.to_be_approved_by_carrier,
  launched: BOT_CARRIER_MACHINE.states.launched,
  launch_failed: BOT_CARRIER_MACHINE.states.launch_failed,
  rejected: BOT_CARRIER_MACHINE.states.rejected,
} as const;
export function botCarrierStatusOf(code: number): TBotStatus {
  const entry = Object.entries(BOT_CARRIER_MACHINE.states).find(([, state]) => state.code === code);
  return entry ? { key: entry[0], ...entry[1] } : { key: String(code), code, label: String(code) };
}

/* ------------------------------------------------------------------ Field choices */

export const BOT_REGIONS = ['India', 'Rest of World'] as const;
/** How the RCS bot reaches the network: Google's RBM API or a GSMA MaaP. */
export const BOT_API_TYPES = { GOOGLE: 'Google API', GSMA: 'GSMA API' } as const;
export type BotApiType = keyof typeof BOT_API_TYPES;
export const BOT_CHANNELS = ['rcs', 'whatsapp'] as const;
export type BotChannel = (typeof BOT_CHANNELS)[number];
export const BOT_CHANNEL_TYPES: Record<BotChannel, number> = CHANNEL_TYPE;

const keysOf = <T extends Record<string, string>>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

/* ------------------------------------------------------------------ Requests */

/** A code of a reference list (billing category, hosting region): the API checks it exists. */
const lookupCode = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{1,59}$/, message);

/** A zod string checked by one of the bot-fields rules (the rule's message is the error). */
const ruled = (problem: (value: string) => string | null) =>
  text()
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value.trim());

const label = ruled(contactLabelProblem);
const listOf = <T extends z.ZodType>(item: T, noun: string) =>
  z
    .array(item)
    .max(RBM_AGENT_LIMITS.contactsMax, `At most ${RBM_AGENT_LIMITS.contactsMax} ${noun}.`)
    .default([]);

export const ZBotPhone = z.object({ number: ruled(rbmPhoneProblem), label });
export const ZBotEmail = z.object({
  address: z
    .string()
    .trim()
    .toLowerCase()
    .max(RBM_AGENT_LIMITS.emailMax)
    .pipe(z.email('Enter a valid email address.')),
  label,
});
export const ZBotWebsite = z.object({ url: ruled((v) => httpsUrlProblem(v, 'Website')), label });

/**
 * POST /bots/rcs (create the draft) and PUT /bots/:botId/rcs: the "RCS Bot Details" step. Saving
 * it with `submit: true` completes the step: the agent is registered on the network.
 */
export const ZRcsBotDetailsRequest = z
  .object({
    display_name: ruled(rbmDisplayNameProblem),
    description: ruled(rbmDescriptionProblem),
    brand_color: ruled(brandColourProblem).transform((v) => v.toUpperCase()),
    phones: listOf(ZBotPhone, 'phone numbers'),
    emails: listOf(ZBotEmail, 'email addresses'),
    websites: listOf(ZBotWebsite, 'websites'),
    privacy_policy_url: ruled((v) => httpsUrlProblem(v, 'Privacy policy URL')),
    terms_url: ruled((v) => httpsUrlProblem(v, 'Terms of service URL')),
    message_category: z.enum(BOT_MESSAGE_CATEGORIES, 'Choose a message category.'),
    region: z.enum(BOT_REGIONS, 'Choose the region: India or Rest of World.'),
    /** A code of the reference list /reference/billing-categories (checked by the API). */
    billing_category: lookupCode('Choose a billing category.'),
    api_type: z.enum(keysOf(BOT_API_TYPES), 'Choose the API type: Google API or GSMA API.'),
    /** A code of the reference list /reference/hosting-regions (checked by the API). */
    hosting_region: lookupCode('Choose a hosting region.'),
    /** An id of the reference list /reference/chatbot-platforms, or null. */
    chatbot_platform_id: z.coerce.number().pipe(rowId()).nullable().default(null),
    /** Complete the step: register the agent (or MaaP bot) on the network; else only save the draft. */
    submit: z.boolean().default(false),
  })
  .refine((v) => v.phones.length + v.emails.length + v.websites.length > 0, {
    path: ['phones'],
    message: 'Add at least one phone number, email address or website.',
  });
export type TRcsBotDetailsRequest = z.input<typeof ZRcsBotDetailsRequest>;
export type TRcsBotDetails = z.output<typeof ZRcsBotDetailsRequest>;

/** POST /bots/whatsapp and PUT /bots/:botId/whatsapp: the WhatsApp sender's details. */
export const ZWhatsappBotDetailsRequest = z.object({
  // Not trimmed: Meta refuses leading/trailing spaces, so the rule reports them.
  display_name: text().superRefine((value, ctx) => {
    const message = whatsappDisplayNameProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  phone: ruled(e164Problem),
  about: ruled(whatsappAboutProblem),
  category: z.enum(WHATSAPP_CATEGORY_CODES, 'Choose a category.'),
  waba_id: ruled(wabaIdProblem),
  /** Register the sender on the network now (else the draft is only saved). */
  submit: z.boolean().default(false),
});
export type TWhatsappBotDetailsRequest = z.input<typeof ZWhatsappBotDetailsRequest>;
export type TWhatsappBotDetails = z.output<typeof ZWhatsappBotDetailsRequest>;

/** PUT /bots/:botId/brand: pick one of the partner's brands, or create one (through the brands module). */
export const ZBotBrandRequest = z
  .object({
    brand_id: z.uuid('is not a brand id').optional(),
    brand: ZBrandRequest.optional(),
  })
  .refine((v) => (v.brand_id === undefined) !== (v.brand === undefined), {
    path: ['brand_id'],
    message: 'Pick a brand or fill in a new one (not both).',
  });
export type TBotBrandRequest = z.input<typeof ZBotBrandRequest>;

export const BOT_CARRIERS_MAX = 50;
/** PUT /bots/:botId/carriers: the "Carrier Selection" step. */
export const ZBotCarriersRequest = z.object({
  carrier_ids: z
    .array(rowId(), 'Choose the carriers to launch on.')
    .min(1, 'Choose at least one carrier.')
    .max(BOT_CARRIERS_MAX, `Choose at most ${BOT_CARRIERS_MAX} carriers.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A carrier is chosen twice.'),
});
export type TBotCarriersRequest = z.input<typeof ZBotCarriersRequest>;

/** PUT /bots/:botId/chatbot-platform: associate the bot with a supported chatbot platform (or none). */
export const ZBotChatbotPlatformRequest = z.object({
  chatbot_platform_id: z.coerce.number().pipe(rowId()).nullable(),
});

/** PUT /bots/:botId/listing: the bot's store listing. */
export const BOT_LISTING_LIMITS = {
  taglineMax: 100,
  descriptionMax: 1000,
  keywordsMax: 10,
  keywordMax: 30,
} as const;
export const ZBotListingRequest = z.object({
  tagline: text()
    .trim()
    .min(1, 'Tagline is required.')
    .max(BOT_LISTING_LIMITS.taglineMax, `Tagline is at most ${BOT_LISTING_LIMITS.taglineMax} characters.`),
  description: text()
    .trim()
    .min(1, 'Listing description is required.')
    .max(
      BOT_LISTING_LIMITS.descriptionMax,
      `Listing description is at most ${BOT_LISTING_LIMITS.descriptionMax} characters.`,
    ),
  keywords: z
    .array(
      text()
        .trim()
        .min(1)
        .max(
          BOT_LISTING_LIMITS.keywordMax,
          `A keyword is at most ${BOT_LISTING_LIMITS.keywordMax} characters.`,
        ),
    )
    .max(BOT_LISTING_LIMITS.keywordsMax, `At most ${BOT_LISTING_LIMITS.keywordsMax} keywords.`)
    .default([]),
});
export type TBotListingRequest = z.input<typeof ZBotListingRequest>;
/** PUT /bots/:botId/store: list the bot in the store or remove it. */
export const ZBotStoreRequest = z.object({ listed: z.boolean('listed must be true or false') });

export const ZBotParams = z.object({ botId: z.uuid('is not a bot id') });
/** POST /bots/:botId/images/:kind (multipart, file field `image`). */
export const ZBotImageParams = ZBotParams.extend({
  kind: z.enum(['logo', 'banner', 'photo'], 'kind must be logo, banner or photo'),
});

/* ------------------------------------------------------------------ Lists */

const botListFilters = {
  search: searchText(),
  status: z.enum(BOT_STATUS_NAMES, 'status is not a bot status').optional(),
  channel: z.enum(BOT_CHANNELS, 'channel must be rcs or whatsapp').optional(),
  carrier_id: z.coerce.number().pipe(rowId()).optional(),
  ...sortQuery(['updated_at', 'created_at', 'name', 'status'], 'updated_at'),
};
/** GET /bots: the MY BOTS list (window like the brands list). */
export const ZBotsQuery = ZListWindowQuery({ start: 0, end: 10 }, botListFilters);
export type TBotsQuery = z.output<typeof ZBotsQuery>;
export const ZBotsExportQuery = z.object({ format: ZExportFormat, ...botListFilters });
export type TBotsExportQuery = z.output<typeof ZBotsExportQuery>;
export type TBotFilters = Omit<TBotsExportQuery, 'format'>;

export const ZBotChannel = z.object({ channel_type: z.number().int() });
export const ZBotBrandRef = z.object({ brand_id: z.string(), name: z.string() });
export const ZBotCarrier = z.object({
  carrier_id: z.number().int(),
  name: z.string(),
  country_id: z.string(),
  status: ZBotStatus,
  reason: z.string().nullable(),
  updated_at: z.string(),
});
export type TBotCarrier = z.output<typeof ZBotCarrier>;

export const ZBotListItem = z.object({
  bot_id: z.string(),
  name: z.string(),
  partner_name: z.string(),
  channels: z.array(ZBotChannel),
  status: ZBotStatus,
  brand: ZBotBrandRef.nullable(),
  carriers: z.array(ZBotCarrier),
  logo_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBotListItem = z.output<typeof ZBotListItem>;

/* ------------------------------------------------------------------ Details */

export const ZRcsBotDetails = z.object({
  display_name: z.string(),
  description: z.string(),
  brand_color: z.string(),
  phones: z.array(z.object({ number: z.string(), label: z.string() })),
  emails: z.array(z.object({ address: z.string(), label: z.string() })),
  websites: z.array(z.object({ url: z.string(), label: z.string() })),
  privacy_policy_url: z.string(),
  terms_url: z.string(),
  message_category: z.enum(BOT_MESSAGE_CATEGORIES),
  region: z.enum(BOT_REGIONS),
  billing_category: z.string(),
  api_type: z.enum(keysOf(BOT_API_TYPES)),
  hosting_region: z.string(),
});
export type TRcsBotDetailsView = z.output<typeof ZRcsBotDetails>;

export const ZWhatsappBotDetails = z.object({
  display_name: z.string(),
  phone: z.string(),
  about: z.string(),
  category: z.enum(WHATSAPP_CATEGORY_CODES),
  waba_id: z.string(),
});
export type TWhatsappBotDetailsView = z.output<typeof ZWhatsappBotDetails>;

/** The network's names of the bot (null until registered there). */
export const ZBotNetworkIds = z.object({
  rbm_brand: z.string().nullable(),
  rbm_agent: z.string().nullable(),
  maap_bot_id: z.string().nullable(),
  whatsapp_phone_number_id: z.string().nullable(),
});

export const ZBotListing = z.object({
  tagline: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
});

/** Fields a developer may not change now (a live bot's, per the network), with why. */
export const BOT_RCS_AGENT_FIELDS = [
  'display_name',
  'description',
  'brand_color',
  'phones',
  'emails',
  'websites',
  'privacy_policy_url',
  'terms_url',
  'message_category',
  'region',
  'billing_category',
  'api_type',
  'hosting_region',
  'logo',
  'banner',
] as const;
export const BOT_WHATSAPP_LOCKED_WHEN_LIVE = ['display_name', 'phone', 'waba_id'] as const;
export type BotLockedField =
  | (typeof BOT_RCS_AGENT_FIELDS)[number]
  | `whatsapp.${(typeof BOT_WHATSAPP_LOCKED_WHEN_LIVE)[number]}`;

/**
 * What the network lets a bot in this status change. Google's RBM Management API refuses edits of
 * the agent's information once the agent is pending verification/launch or launched
 * (brands.agents.patch), so every RBM agent field is locked from submission on, except after a
 * failed launch or a rejection. WhatsApp keeps the business profile (about, category, photo)
 * editable on a live sender; its display name goes through Meta's review, and the phone number and
 * WABA are the sender itself: those are locked once the sender is registered and live.
 */
export function botLockedFields(status: number): BotLockedField[] {
  if (BOT_DELETABLE_STATUSES.includes(status)) return [];
  return [
    ...BOT_RCS_AGENT_FIELDS,
    ...BOT_WHATSAPP_LOCKED_WHEN_LIVE.map((field) => `whatsapp.${field}` as const),
  ];
}

export const ZBot = z.object({
  bot_id: z.string(),
  partner_id: z.string(),
  partner_name: z.string(),
  name: z.string(),
  channels: z.array(ZBotChannel),
  status: ZBotStatus,
  rcs: ZRcsBotDetails.nullable(),
  whatsapp: ZWhatsappBotDetails.nullable(),
  brand: ZBotBrandRef.nullable(),
  carriers: z.array(ZBotCarrier),
  chatbot_platform: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  logo_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  photo_url: z.string().nullable(),
  network: ZBotNetworkIds,
  /** The network's reason of the last failed registration or deletion (the draft was kept), if any. */
  network_error: z.string().nullable().optional(),
  listing: ZBotListing.nullable(),
  listed_in_store: z.boolean(),
  locked_fields: z.array(z.string()),
  can_delete: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBot = z.output<typeof ZBot>;

/** GET /bots/:botId/history: one window of the bot's review history. */
export const ZBotHistoryQuery = ZListWindowQuery({ start: 0, end: 50 }, {});
export const ZBotHistory = ZReviewHistory;

/** GET /bots/dashboard: the partner's bots counted by status. */
export const ZBotDashboard = z.object({
  total: z.number().int(),
  by_status: z.array(ZBotStatus.extend({ count: z.number().int() })),
});
export type TBotDashboard = z.output<typeof ZBotDashboard>;
