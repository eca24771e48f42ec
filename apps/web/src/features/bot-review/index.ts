import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const botReviewFeature = defineFeature({
  name: 'bot-review',
  screens: {
    'bot-review.list': lazy(() => import('./pages/BotReviewsPage')),
    'bot-review.details': lazy(() => import('./pages/BotReviewDetailsPage')),
    'bot-review.dashboard': lazy(() => import('./pages/ReviewDashboardPage')),
  },
});
