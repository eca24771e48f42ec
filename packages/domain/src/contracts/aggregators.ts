import { z } from 'zod';
import {
  AGGREGATOR_CARRIER_ACTIONS,
  AGGREGATOR_CARRIER_MACHINE,
  AGGREGATOR_MACHINE,
} from '../review/aggregator.ts';
import { zE164 } from '../rules/phone-numbers.ts';
import { ZAddressDetails, ZAddressDetailsView } from './accounts.ts';
import { ZListWindowQuery, ZTabbedListResult } from './envelope.ts';
import { rowId, searchText, text } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';

export const AGGREGATOR_STATUS_FILTERS = Object.keys(AGGREGATOR_MACHINE.states) as [
  keyof typeof AGGREGATOR_MACHINE.states,
  ...(keyof typeof AGGREGATOR_MACHINE.states)[],
];

export const AGGREGATOR_REVIEW_FILTERS = Object.keys(AGGREGATOR_CARRIER_MACHINE.states) as [
  keyof typeof AGGREGATOR_CARRIER_MACHINE.states,
  ...(keyof typeof AGGREGATOR_CARRIER_MACHINE.states)[],
];
type AggregatorStatusFilter = (typeof AGGREGATOR_STATUS_FILTERS)[number];
type AggregatorReviewFilter = (typeof AGGREGATOR_REVIEW_FILTERS)[number];

const aggregatorListFilters = {
  search: searchText(),
  status: z.enum(AGGREGATOR_STATUS_FILTERS, 'status is not an aggregator state').optional(),
  /** A carrier's own review of the aggregators (ignored for the platform). */
  review: z.enum(AGGREGATOR_REVIEW_FILTERS, 'review is not a carrier review state').optional(),
  ...sortQuery(['created_at', 'name'], 'created_at'),
};
export const ZAggregatorsQuery = ZListWindowQuery({ start: 0, end: 10 }, aggregatorListFilters);
export const ZAggregatorsExportQuery = z.object({ format: ZExportFormat, ...aggregatorListFilters });
export type TAggregatorFilters = Omit<z.output<typeof ZAggregatorsExportQuery>, 'format'>;

/** GET /aggregators/:partnerId/history: one window of it. */
export const ZAggregatorHistoryQuery = ZListWindowQuery({ start: 0, end: 50 }, {});

export const ZAggregatorParams = z.object({ partnerId: z.uuid('is not an aggregator id') });
export const ZAggregatorReviewParams = ZAggregatorParams.extend({
  action: z.enum(['forward', 'approve', 'reject'], 'action must be forward, approve or reject'),
});
export const ZAggregatorCarrierReviewParams = ZAggregatorParams.extend({
  action: z.enum(AGGREGATOR_CARRIER_ACTIONS, 'action must be approve or reject'),
});

const requiredText = (label: string, max: number) =>
  text().trim().min(1, `${label} is required.`).max(max, `${label} is at most ${max} characters.`);

/** PUT /aggregators/mine/billing: the aggregator's billing info (spec: "Aggregators: ... billing info"). */
export const ZAggregatorBillingRequest = z.object({
  contact_name: requiredText('Billing contact name', 80),
  contact_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Billing contact email is at most 254 characters.')
    .pipe(z.email('Enter a valid billing contact email address.')),
  contact_phone: zE164({ trim: true }),
  tax_id: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'Tax id is required (GSTIN, VAT or EIN).')
    .max(30, 'Tax id is at most 30 characters.')
    .regex(/^[A-Z0-9][A-Z0-9 ./-]*$/, 'Tax id has letters, digits, spaces, dots, slashes or hyphens only.'),
  address: ZAddressDetails,
  billing_category_id: z.coerce.number('Choose a billing category.').pipe(rowId()),
});
export type TAggregatorBillingRequest = z.input<typeof ZAggregatorBillingRequest>;
export type TAggregatorBillingRequestParsed = z.output<typeof ZAggregatorBillingRequest>;

/** The billing info as saved, read back (null fields before the aggregator sets it up). */
export const ZAggregatorBilling = z.object({
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  tax_id: z.string(),
  address: ZAddressDetailsView,
  billing_category: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type TAggregatorBilling = z.output<typeof ZAggregatorBilling>;
/** GET /aggregators/mine/billing: the caller's aggregator and its billing info, null until set up. */
export const ZMyAggregatorBilling = z.object({
  name: z.string(),
  billing: ZAggregatorBilling.nullable(),
  can_edit: z.boolean(),
});
export type TMyAggregatorBilling = z.output<typeof ZMyAggregatorBilling>;

const ZAggregatorStatus = z.object({ key: z.string(), code: z.number().int(), label: z.string() });

export const ZAggregatorListItem = z.object({
  partner_id: z.string(),
  name: z.string(),
  owner_email: z.string().nullable(),
  status: ZAggregatorStatus,
  launch_approved: z.boolean(),
  child_users: z.number().int(),
  /** For a carrier: its own network's review of the aggregator; null for the platform. */
  carrier_status: ZAggregatorStatus.nullable(),
  created_at: z.string(),
});
export type TAggregatorListItem = z.output<typeof ZAggregatorListItem>;

/** The platform's tabs of the aggregator list: a `status` each (`all`: none). */
export const AGGREGATOR_PLATFORM_TABS = [
  'awaiting_approval',
  'forwarded',
  'approved',
  'rejected',
  'all',
] as const satisfies readonly (AggregatorStatusFilter | 'all')[];
/** A carrier's tabs: a `review` each, its own network's review of the aggregator (`all`: none). */
export const AGGREGATOR_CARRIER_TABS = [
  'to_be_approved_by_carrier',
  'approved',
  'rejected',
  'all',
] as const satisfies readonly (AggregatorReviewFilter | 'all')[];

/**
 * GET /aggregators: the window, the total and how many aggregators each of the caller's tabs holds
 * under the other filters (the platform's tabs, or a carrier's).
 */
export const ZAggregatorList = z.union([
  ZTabbedListResult(ZAggregatorListItem, AGGREGATOR_PLATFORM_TABS),
  ZTabbedListResult(ZAggregatorListItem, AGGREGATOR_CARRIER_TABS),
]);
export type TAggregatorList = z.output<typeof ZAggregatorList>;

export const ZAggregator = ZAggregatorListItem.extend({
  website: z.string().nullable(),
  registration_number: z.string().nullable(),
  address: z.string(),
  owner_name: z.string().nullable(),
  users: z.array(
    z.object({ email: z.string(), name: z.string(), role: z.string().nullable(), status: z.string() }),
  ),
  billing: ZAggregatorBilling.nullable(),
  /** The carriers it was forwarded to and their decisions (a carrier sees its own network only). */
  carriers: z.array(
    z.object({
      carrier_id: z.number().int(),
      name: z.string(),
      country_id: z.string(),
      status: ZAggregatorStatus,
    }),
  ),
  /** The platform's decisions (admins) or the carrier's own (carriers) the caller may take now. */
  allowed_actions: z.array(z.string()),
});
export type TAggregator = z.output<typeof ZAggregator>;

/** An aggregator's approval state as the screens show it. */
export function aggregatorStatusOf(code: number) {
  const entry = Object.entries(AGGREGATOR_MACHINE.states).find(([, state]) => state.code === code);
  return entry ? { key: entry[0], ...entry[1] } : { key: String(code), code, label: String(code) };
}

/** A carrier's review of an aggregator as the screens show it. */
export function aggregatorCarrierStatusOf(code: number) {
  const entry = Object.entries(AGGREGATOR_CARRIER_MACHINE.states).find(([, state]) => state.code === code);
  return entry ? { key: entry[0], ...entry[1] } : { key: String(code), code, label: String(code) };
}
