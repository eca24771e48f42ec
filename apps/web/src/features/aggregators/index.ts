import { defineFeature, screen } from '@/lib/feature';

export const aggregatorsFeature = defineFeature({
  name: 'aggregators',
  screens: {
    'aggregators.list': screen(() => import('./pages/AggregatorsPage')),
    'aggregators.details': screen(() => import('./pages/AggregatorDetailsPage')),
    'aggregators.billing-info': screen(() => import('./pages/BillingInfoPage')),
  },
});
