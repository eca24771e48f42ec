import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

/** Test devices, test messages and the live bot console (issue 13). */
export const botTestingFeature = defineFeature({
  name: 'bot-testing',
  screens: {
    'bot-testing.console': lazy(() => import('./pages/BotConsolePage')),
  },
});
