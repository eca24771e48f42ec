import { defineFeature, screen } from '@/lib/feature';

/** The API page (issue 16): per bot, credentials and endpoints, the webhook and its delivery log. */
export const partnerApiFeature = defineFeature({
  name: 'partner-api',
  screens: {
    'partner-api.api': screen(() => import('./pages/ApiPage')),
  },
});
