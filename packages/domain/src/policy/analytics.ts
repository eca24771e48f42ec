import { definePolicy } from './role-groups.ts';

/**
 * Billing analytics (issue 29): developers and aggregators (child users read-only) see their own
 * partner, carrier roles their own network, the provider's admins everything; the marketing admin
 * sees nothing of billing.
 */
export const ANALYTICS_POLICY = definePolicy({
  'analytics.read': ['developer', 'carrier', 'providerAdmin'],
  /** The monthly statement: a partner's own (child users too), or any partner's for the platform. */
  'analytics.statement': ['developer', 'providerAdmin'],
});
