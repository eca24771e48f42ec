import { defineFeature, screen } from '@/lib/feature';

export const botReviewFeature = defineFeature({
  name: 'bot-review',
  screens: {
    'bot-review.list': screen(() => import('./pages/BotReviewsPage')),
    // One page under two titles (a screen id has one title): the verification and the bot's details.
    'bot-review.verification': screen(() => import('./pages/BotReviewDetailsPage')),
    'bot-review.details': screen(() => import('./pages/BotReviewDetailsPage')),
    'bot-review.dashboard': screen(() => import('./pages/ReviewDashboardPage')),
  },
});
