import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const launchesFeature = defineFeature({
  name: 'launches',
  screens: {
    'launches.stepper': lazy(() => import('./pages/LaunchPage')),
    'launches.details': lazy(() => import('./pages/LaunchDetailsPage')),
    'launches.update-carrier': lazy(() => import('./pages/UpdateCarrierPage')),
  },
});
