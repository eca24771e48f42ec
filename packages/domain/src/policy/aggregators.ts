import { definePolicy } from './role-groups.ts';

/** Aggregator approval: the platform decides; carriers see the aggregators forwarded to them. */
export const AGGREGATORS_POLICY = definePolicy({
  /** Lists, details, history and exports of aggregators (carriers: those forwarded or approved). */
  'aggregators.read': ['providerAdmin', 'carrier'],
  /** Forward, approve or reject (read-only admins are refused). */
  'aggregators.review': ['providerReadWrite'],
});
