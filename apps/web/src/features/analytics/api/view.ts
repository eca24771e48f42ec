import {
  ANALYTICS_PRESETS,
  type AnalyticsDimension,
  type AnalyticsPreset,
  TIME_ZONE_OFFSETS,
} from '@portico/domain';
import { saveExport } from '@/lib/http/save-file';
import { BILLING_ANALYTICS_URL } from '@/lib/queries/billing-analytics';

/** The address's query keys a view reads (slug=billing stays as the spec's routes have it). */
export const FILTER_KEYS = [
  'bot_id',
  'carrier_id',
  'country_id',
  'region',
  'channel',
  'billing_category',
  'message_type',
  'partner_id',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Which filter a click on a breakdown's bar or row sets. */
export const FILTER_OF: Readonly<Record<AnalyticsDimension, FilterKey>> = {
  bot: 'bot_id',
  carrier: 'carrier_id',
  country: 'country_id',
  region: 'region',
  channel: 'channel',
  billing_category: 'billing_category',
  message_type: 'message_type',
  partner: 'partner_id',
};

export const FILTER_LABELS: Readonly<Record<FilterKey, string>> = {
  bot_id: 'Bot',
  carrier_id: 'Carrier',
  country_id: 'Country',
  region: 'Region',
  channel: 'Channel',
  billing_category: 'Billing category',
  message_type: 'Message type',
  partner_id: 'Partner',
};

/** The default zone: Indian Standard Time (the product's home market), until one is chosen. */
export const DEFAULT_ZONE = '+05:30';
export const DEFAULT_PRESET: AnalyticsPreset = '30d';

/** A breakdown row's key as its filter's value (a channel's code becomes its name); null: not drillable. */
export function filterValue(dimension: AnalyticsDimension, key: string): string | null {
  if (key === '' || (dimension === 'carrier' && key === '0')) return null;
  if (dimension === 'channel') return key === '1' ? 'rcs' : key === '2' ? 'whatsapp' : null;
  return key;
}

export interface AnalyticsView {
  preset: AnalyticsPreset;
  from: string;
  to: string;
  zone: string;
  filters: Partial<Record<FilterKey, string>>;
}

/** The view the address names (unknown values fall back to the defaults; the server checks the rest). */
export function viewOf(search: URLSearchParams): AnalyticsView {
  const preset = search.get('preset');
  const zone = search.get('zone');
  const filters: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  return {
    preset: (ANALYTICS_PRESETS as readonly string[]).includes(preset ?? '')
      ? (preset as AnalyticsPreset)
      : DEFAULT_PRESET,
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    zone: TIME_ZONE_OFFSETS.some((z) => z.offset === zone) ? (zone as string) : DEFAULT_ZONE,
    filters,
  };
}

/** The call's parameters of a view. */
export function paramsOf(view: AnalyticsView): Record<string, string> {
  return {
    preset: view.preset,
    zone: view.zone,
    ...(view.preset === 'custom' ? { from: view.from, to: view.to } : {}),
    ...(view.filters as Record<string, string>),
  };
}

/** The view as Excel or PDF, with the filters it shows. */
export function exportView(view: AnalyticsView, format: 'xlsx' | 'pdf') {
  return saveExport(`${BILLING_ANALYTICS_URL}/export`, format, paramsOf(view), 'billing-analytics');
}
