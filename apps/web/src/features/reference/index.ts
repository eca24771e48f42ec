import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const referenceFeature = defineFeature({
  name: 'reference',
  screens: {
    'reference.countries-carriers': lazy(() => import('./pages/CountryCarrierPage')),
  },
});
