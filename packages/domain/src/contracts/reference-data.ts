import { z } from 'zod';
import { INDUSTRY_TYPES_WINDOW, LIST_WINDOW } from '../constants/product.ts';
import { ZListWindowQuery } from './envelope.ts';
import { searchText } from './fields.ts';
import { sortQuery } from './list-filters.ts';

export const ZCountry = z.object({
  country_id: z.string().length(2),
  name: z.string(),
  dialling_code: z.string(),
  region: z.enum(['India', 'Rest of World']),
});
export type TCountry = z.infer<typeof ZCountry>;

export const ZCarrier = z.object({
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  country_id: z.string(),
  country_name: z.string(),
  mcc_mnc: z.string().nullable(),
});
export type TCarrier = z.infer<typeof ZCarrier>;

/** The small lookup lists of reference data; each is served at /api/v1/reference/{kind}. */
export const LOOKUP_KINDS = [
  'categories',
  'industry-types',
  'hosting-regions',
  'document-types',
  'agent-message-types',
  'billing-categories',
  'supported-platforms',
  'chatbot-platforms',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

export const ZLookupValue = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TLookupValue = z.infer<typeof ZLookupValue>;

/** Billing categories are named billingCategoryName in the spec's entities. */
export const ZBillingCategory = z.object({
  id: z.number().int(),
  code: z.string(),
  billingCategoryName: z.string(),
});
export type TBillingCategory = z.infer<typeof ZBillingCategory>;

const ZSearch = searchText();

/** Query of a reference list: window 0-30 by default (spec section 9), optional name search. */
export const ZReferenceListQuery = ZListWindowQuery(LIST_WINDOW, { search: ZSearch });
export type TReferenceListQuery = z.output<typeof ZReferenceListQuery>;

/** Industry types default to the 0-500 window (spec section 9). */
export const ZIndustryTypesQuery = ZListWindowQuery(INDUSTRY_TYPES_WINDOW, { search: ZSearch });

export const CARRIER_SORTS = ['country', 'carrier', 'mcc_mnc'] as const;
export type CarrierSort = (typeof CARRIER_SORTS)[number];
export const ZCarrierListQuery = ZListWindowQuery(LIST_WINDOW, {
  country_id: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country_id must be a two-letter country code')
    .transform((v) => v.toUpperCase())
    .optional(),
  search: ZSearch,
  /** By country (the countries' own order, then name; each country's carriers by name), carrier or MCC-MNC. */
  ...sortQuery(CARRIER_SORTS, 'country', 'asc'),
});
export type TCarrierListQuery = z.output<typeof ZCarrierListQuery>;
