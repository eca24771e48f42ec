import { definePolicy } from './role-groups.ts';

/**
 * Billing analytics (issue 29): developers and aggregators (child users read-only) see their own
 * partner, carrier roles their own network, the provider's admins everything; the marketing admin
 * sees nothing of billing.
 */
export const ANALYTICS_POLICY = definePolicy({
  'analytics.read': ['developer', 'carrier', 'providerAdmin'],
  /**
   * The monthly statement: a partner's own (child users too), any partner's for the platform; for a
   * carrier, the billing report of an aggregator forwarded to it (its network's charges only).
   */
  'analytics.statement': ['developer', 'carrier', 'providerAdmin'],
});
