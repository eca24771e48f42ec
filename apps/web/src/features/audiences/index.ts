import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

/** Audiences (issue 27) under MY CAMPAIGNS: upload with the live check, the audiences list, the opt-out list. */
export const audiencesFeature = defineFeature({
  name: 'audiences',
  screens: {
    'audiences.audiences': lazy(() => import('./pages/AudiencesPage')),
    'audiences.opt-outs': lazy(() => import('./pages/OptOutsPage')),
  },
});
