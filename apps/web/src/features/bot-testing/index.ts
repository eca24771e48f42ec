import { defineFeature, screen } from '@/lib/feature';

/** Test devices, test messages and the live bot console (issue 13). */
export const botTestingFeature = defineFeature({
  name: 'bot-testing',
  screens: {
    'bot-testing.console': screen(() => import('./pages/BotConsolePage')),
  },
});
