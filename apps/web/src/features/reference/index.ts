import { defineFeature, screen } from '@/lib/feature';

export const referenceFeature = defineFeature({
  name: 'reference',
  screens: {
    'reference.countries-carriers': screen(() => import('./pages/CountryCarrierPage')),
  },
});
