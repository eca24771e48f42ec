import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const botReviewFeature = defineFeature({
  name: 'bot-review',
  screens: {
    'bot-review.list': lazy(() => import('./pages/BotReviewsPage')),
    'bot-review.dashboard': lazy(() => import('./pages/ReviewDashboardPage')),
  },
});
