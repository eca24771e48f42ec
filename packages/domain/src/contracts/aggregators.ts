import { z } from 'zod';
import { AGGREGATOR_MACHINE } from '../review/aggregator.ts';
import { ZListWindowQuery } from './envelope.ts';
import { searchText } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';

export const AGGREGATOR_STATUS_FILTERS = Object.keys(AGGREGATOR_MACHINE.states) as [
  keyof typeof AGGREGATOR_MACHINE.states,
  ...(keyof typeof AGGREGATOR_MACHINE.states)[],
];

const aggregatorListFilters = {
  search: searchText(),
  status: z.enum(AGGREGATOR_STATUS_FILTERS, 'status is not an aggregator state').optional(),
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

const ZAggregatorStatus = z.object({ key: z.string(), code: z.number().int(), label: z.string() });

export const ZAggregatorListItem = z.object({
  partner_id: z.string(),
  name: z.string(),
  owner_email: z.string().nullable(),
  status: ZAggregatorStatus,
  launch_approved: z.boolean(),
  child_users: z.number().int(),
  created_at: z.string(),
});
export type TAggregatorListItem = z.output<typeof ZAggregatorListItem>;

export const ZAggregator = ZAggregatorListItem.extend({
  website: z.string().nullable(),
  registration_number: z.string().nullable(),
  address: z.string(),
  owner_name: z.string().nullable(),
  users: z.array(
    z.object({ email: z.string(), name: z.string(), role: z.string().nullable(), status: z.string() }),
  ),
  allowed_actions: z.array(z.string()),
});
export type TAggregator = z.output<typeof ZAggregator>;

/** An aggregator's approval state as the screens show it. */
export function aggregatorStatusOf(code: number) {
  const entry = Object.entries(AGGREGATOR_MACHINE.states).find(([, state]) => state.code === code);
  return entry ? { key: entry[0], ...entry[1] } : { key: String(code), code, label: String(code) };
}
