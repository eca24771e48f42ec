import { z } from 'zod';
import { BRAND_CARRIER_MACHINE, BRAND_MACHINE } from '../review/brand.ts';
import { zE164 } from '../rules/phone-numbers.ts';
import { ZAddressDetails } from './accounts.ts';
import { ZListResult, ZListWindowQuery, ZTabbedListResult } from './envelope.ts';
import { optionalText, rowId, searchText, text } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';

/** A brand's logo: what RBM shows beside the agent (224 x 224 px, at most 50 KB). */
export const BRAND_LOGO = { maxBytes: 50_000, width: 224, height: 224 } as const;
/** A business document: a PDF of at most 5 MB; at most 10 per brand. */
export const BRAND_DOCUMENT_MAX_BYTES = 5_000_000;
export const BRAND_DOCUMENTS_MAX = 10;
/** At most this many carriers per brand. */
export const BRAND_CARRIERS_MAX = 50;

/** The network's verification states (Business Communications API) and how a person reads them. */
export const BRAND_VERIFICATION_LABELS = {
  VERIFICATION_STATE_UNSPECIFIED: 'Not requested',
  VERIFICATION_STATE_UNVERIFIED: 'Not verified',
  VERIFICATION_STATE_PENDING: 'Verification pending',
  VERIFICATION_STATE_VERIFIED: 'Verified',
  VERIFICATION_STATE_SUSPENDED_IN_GMB: 'Suspended',
} as const;
export type BrandVerificationState = keyof typeof BRAND_VERIFICATION_LABELS;
export const BRAND_VERIFICATION_STATES = Object.keys(BRAND_VERIFICATION_LABELS) as [
  BrandVerificationState,
  ...BrandVerificationState[],
];

/** The fields a verified brand keeps: the network verified the brand under them. */
export const BRAND_LOCKED_FIELDS = ['name', 'website', 'industry_type_id'] as const;

const requiredText = (label: string, max: number) =>
  text().trim().min(1, `${label} is required.`).max(max, `${label} is at most ${max} characters.`);

/** POST /brands and PUT /brands/:brandId: what the developer fills in. */
export const ZBrandRequest = z.object({
  name: requiredText('Brand name', 100).min(2, 'Brand name is at least 2 characters.'),
  industry_type_id: z.coerce.number('Choose an industry.').pipe(rowId()),
  website: z
    .string()
    .trim()
    .max(200, 'Website is at most 200 characters.')
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter the website as https://example.com.' })),
  description: optionalText(500),
  contact_name: requiredText('Contact name', 80),
  contact_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email('Enter a valid contact email address.')),
  contact_phone: zE164({ trim: true }),
  address: ZAddressDetails,
  carrier_ids: z
    .array(rowId(), 'Choose the carriers the brand is for.')
    .min(1, 'Choose at least one carrier.')
    .max(BRAND_CARRIERS_MAX, `Choose at most ${BRAND_CARRIERS_MAX} carriers.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A carrier is chosen twice.'),
});
export type TBrandRequest = z.input<typeof ZBrandRequest>;
export type TBrandRequestParsed = z.output<typeof ZBrandRequest>;

export const ZBrandParams = z.object({ brandId: z.uuid('is not a brand id') });
export const ZBrandDocumentParams = ZBrandParams.extend({ documentId: z.uuid('is not a document id') });
export const ZBrandReviewParams = ZBrandParams.extend({
  action: z.enum(['forward', 'approve', 'reject'], 'action must be forward, approve or reject'),
});
export const ZBrandCarrierReviewParams = ZBrandParams.extend({
  action: z.enum(['approve', 'reject'], 'action must be approve or reject'),
});

/** The multipart text field of a document upload (beside the `document` file). */
export const ZBrandDocumentFields = z.object({
  document_type_id: z.coerce.number('Choose a document type.').pipe(rowId()),
});

/** Every state key a list may filter on: the brand's, or for carriers their own review's. */
export const BRAND_STATUS_FILTERS = [
  ...(Object.keys(BRAND_MACHINE.states) as (keyof typeof BRAND_MACHINE.states)[]),
  'to_be_approved_by_carrier',
] as const;
export type BrandStatusFilter = (typeof BRAND_STATUS_FILTERS)[number];

const brandListFilters = {
  search: searchText(),
  status: z.enum(BRAND_STATUS_FILTERS, 'status is not a brand state').optional(),
  ...sortQuery(['updated_at', 'created_at', 'name', 'status', 'partner_name'], 'updated_at'),
};
export const ZBrandsQuery = ZListWindowQuery({ start: 0, end: 10 }, brandListFilters);
export type TBrandsQuery = z.output<typeof ZBrandsQuery>;
export const ZBrandsExportQuery = z.object({ format: ZExportFormat, ...brandListFilters });
export type TBrandsExportQuery = z.output<typeof ZBrandsExportQuery>;
export type TBrandFilters = Omit<TBrandsExportQuery, 'format'>;

export const ZBrandStatus = z.object({ key: z.string(), code: z.number().int(), label: z.string() });
export type TBrandStatus = z.output<typeof ZBrandStatus>;

/** The latest decision of a reviewer (the platform, or one carrier) since the brand was last submitted. */
export const ZBrandDecision = z.object({
  action: z.string(),
  label: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type TBrandDecision = z.output<typeof ZBrandDecision>;

export const ZBrandCarrier = z.object({
  carrier_id: z.number().int(),
  name: z.string(),
  country_id: z.string(),
  status: ZBrandStatus,
  /** The carrier's latest decision (with its reason) since the last submission, or null. */
  decision: ZBrandDecision.nullable(),
});

export const ZBrandDocument = z.object({
  document_id: z.string(),
  document_type_id: z.number().int(),
  document_type: z.string(),
  filename: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int(),
  uploaded_at: z.string(),
});
export type TBrandDocument = z.output<typeof ZBrandDocument>;

export const ZBrandVerification = z.object({
  state: z.enum(BRAND_VERIFICATION_STATES),
  label: z.string(),
  checked_at: z.string().nullable(),
});

export const ZBrandListItem = z.object({
  brand_id: z.string(),
  name: z.string(),
  partner_name: z.string(),
  industry_type: z.string(),
  status: ZBrandStatus,
  /** The caller's own carrier's review of it (carrier users), else null. */
  carrier_status: ZBrandStatus.nullable(),
  carriers: z.array(z.string()),
  verification_state: z.enum(BRAND_VERIFICATION_STATES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBrandListItem = z.output<typeof ZBrandListItem>;

/**
 * The reviewers' tabs of the brand list, each a status filter (`all`: none): the platform's by the
 * brand's state, a carrier's by its own network's review. The developer's list has a status filter, no tabs.
 */
export const BRAND_PLATFORM_TABS = [
  'submitted',
  'forwarded',
  'approved_pending_carrier',
  'approved',
  'rejected',
  'all',
] as const satisfies readonly (BrandStatusFilter | 'all')[];
export const BRAND_CARRIER_TABS = [
  'to_be_approved_by_carrier',
  'approved',
  'rejected',
  'all',
] as const satisfies readonly (BrandStatusFilter | 'all')[];
export type BrandTabKey = (typeof BRAND_PLATFORM_TABS)[number] | (typeof BRAND_CARRIER_TABS)[number];
/** The status filter a tab stands for. */
export const brandTabStatus = (tab: BrandTabKey): BrandStatusFilter | undefined =>
  tab === 'all' ? undefined : tab;

/**
 * GET /brands: the window, the total and, for reviewers, how many brands each of their tabs holds
 * under the other filters (the platform's tabs, or a carrier's); a developer's list has no tabs.
 */
export const ZBrandList = z.union([
  ZTabbedListResult(ZBrandListItem, BRAND_PLATFORM_TABS),
  ZTabbedListResult(ZBrandListItem, BRAND_CARRIER_TABS),
  ZListResult(ZBrandListItem),
]);
export type TBrandList = z.output<typeof ZBrandList>;

export const ZBrand = z.object({
  brand_id: z.string(),
  partner_id: z.string(),
  partner_name: z.string(),
  name: z.string(),
  industry_type_id: z.number().int(),
  industry_type: z.string(),
  website: z.string(),
  description: z.string().nullable(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    state: z.string().optional(),
    postalCode: z.string(),
    countryId: z.string(),
  }),
  logo_url: z.string().nullable(),
  status: ZBrandStatus,
  carrier_status: ZBrandStatus.nullable(),
  carriers: z.array(ZBrandCarrier),
  /** The platform's latest decision (forward, approve, reject with its reason) since the last submission. */
  platform_decision: ZBrandDecision.nullable(),
  documents: z.array(ZBrandDocument),
  verification: ZBrandVerification.nullable(),
  /** The fields the developer can no longer change (a verified brand's), with why. */
  locked_fields: z.array(z.enum(BRAND_LOCKED_FIELDS)),
  /** Whether a bot launched for this brand (it can then not be deleted). */
  bot_launched: z.boolean(),
  /** The review decisions the caller may take now (platform: forward/approve/reject; carrier: approve/reject). */
  allowed_actions: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type TBrand = z.output<typeof ZBrand>;

/** GET /brands/:brandId/history: one window of the history. */
export const ZBrandHistoryQuery = ZListWindowQuery({ start: 0, end: 50 }, {});

export const ZBrandDocumentLink = z.object({ url: z.string(), expires_at: z.string() });

/** The state of a brand as the list and the screens show it. */
export function brandStatusOf(code: number): TBrandStatus {
  const entry = Object.entries(BRAND_MACHINE.states).find(([, state]) => state.code === code);
  return entry ? { key: entry[0], ...entry[1] } : { key: String(code), code, label: String(code) };
}
/** The state of one carrier's review of a brand. */
export function brandCarrierStatusOf(code: number): TBrandStatus {
  const entry = Object.entries(BRAND_CARRIER_MACHINE.states).find(([, state]) => state.code === code);
  return entry ? { key: entry[0], ...entry[1] } : { key: String(code), code, label: String(code) };
}
