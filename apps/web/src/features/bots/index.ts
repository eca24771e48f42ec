import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const botsFeature = defineFeature({
  name: 'bots',
  screens: {
    'bots.my-bots': lazy(() => import('./pages/MyBotsPage')),
  },
});
