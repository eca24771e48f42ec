import { defineFeature, screen } from '@/lib/feature';

export const contentFeature = defineFeature({
  name: 'content',
  screens: {
    'content.developer-assets': screen(() => import('./pages/DeveloperAssetsPage')),
    'content.press-release-cms': screen(() => import('./pages/PressReleaseCmsPage')),
    'content.press': screen(() => import('./pages/PressPage')),
  },
});
