import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

/** Billing analytics (issue 29): MY BILLING, the carriers' BILLING and the platform's BILLING. */
export const analyticsFeature = defineFeature({
  name: 'analytics',
  screens: {
    'analytics.billing': lazy(() => import('./pages/BillingAnalyticsPage')),
  },
});
