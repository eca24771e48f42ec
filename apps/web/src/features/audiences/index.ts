import { defineFeature, screen } from '@/lib/feature';

/** Audiences (issue 27) under MY CAMPAIGNS: upload with the live check, the audiences list, the opt-out list. */
export const audiencesFeature = defineFeature({
  name: 'audiences',
  screens: {
    'audiences.audiences': screen(() => import('./pages/AudiencesPage')),
    'audiences.opt-outs': screen(() => import('./pages/OptOutsPage')),
  },
});
