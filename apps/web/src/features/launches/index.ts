import { defineFeature, screen } from '@/lib/feature';

export const launchesFeature = defineFeature({
  name: 'launches',
  screens: {
    'launches.stepper': screen(() => import('./pages/LaunchPage')),
    'launches.details': screen(() => import('./pages/LaunchDetailsPage')),
    'launches.update-carrier': screen(() => import('./pages/UpdateCarrierPage')),
  },
});
