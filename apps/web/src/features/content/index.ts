import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const contentFeature = defineFeature({
  name: 'content',
  screens: {
    'content.developer-assets': lazy(() => import('./pages/DeveloperAssetsPage')),
    'content.press-release-cms': lazy(() => import('./pages/PressReleaseCmsPage')),
    'content.press': lazy(() => import('./pages/PressPage')),
  },
});
