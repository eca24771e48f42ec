import { definePolicy } from './role-groups.ts';

/** Aggregator approval: the platform decides; carriers decide for their own network on those forwarded to them. */
export const AGGREGATORS_POLICY = definePolicy({
  /** Lists, details, history and exports of aggregators (carriers: those forwarded to their network). */
  'aggregators.read': ['providerAdmin', 'carrier'],
  /** Forward, approve or reject (read-only admins are refused). */
  'aggregators.review': ['providerReadWrite'],
  /** Approve or reject for the carrier's own network (the carrier's read-only admin is refused). */
  'aggregators.carrier-review': ['carrierReviewer'],
  /** The aggregator's own billing info (a developer that is no aggregator gets 404). */
  'aggregators.billing.read': ['developer'],
  /** The aggregator's own approval history: each decision with its reason (not an aggregator: 404). */
  'aggregators.mine.history': ['developer'],
  /** Set up or change the billing info: the aggregator's main account only, not its child users. */
  'aggregators.billing.write': ['developerOwner'],
});
