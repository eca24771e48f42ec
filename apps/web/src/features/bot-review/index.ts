import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const botReviewFeature = defineFeature({
  name: 'bot-review',
  screens: {
    'bot-review.list': lazy(() => import('./pages/BotReviewsPage')),
    // One page under two titles (a screen id has one title): the verification and the bot's details.
    'bot-review.verification': lazy(() => import('./pages/BotReviewDetailsPage')),
    'bot-review.details': lazy(() => import('./pages/BotReviewDetailsPage')),
    'bot-review.dashboard': lazy(() => import('./pages/ReviewDashboardPage')),
  },
});
