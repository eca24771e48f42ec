import { defineFeature, screen } from '@/lib/feature';

/** Billing analytics (issue 29): MY BILLING, the carriers' BILLING and the platform's BILLING. */
export const analyticsFeature = defineFeature({
  name: 'analytics',
  screens: {
    'analytics.billing': screen(() => import('./pages/BillingAnalyticsPage')),
  },
});
