import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const aggregatorsFeature = defineFeature({
  name: 'aggregators',
  screens: {
    'aggregators.list': lazy(() => import('./pages/AggregatorsPage')),
    'aggregators.details': lazy(() => import('./pages/AggregatorDetailsPage')),
    'aggregators.billing-info': lazy(() => import('./pages/BillingInfoPage')),
  },
});
