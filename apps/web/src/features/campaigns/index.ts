import { defineFeature, screen } from '@/lib/feature';

/** Campaigns (issue 28): MY CAMPAIGNS with each campaign's details, the create/edit form, the platform admin's CAMPAIGNS. */
export const campaignsFeature = defineFeature({
  name: 'campaigns',
  screens: {
    'campaigns.my-campaigns': screen(() => import('./pages/MyCampaignsPage')),
    'campaigns.form': screen(() => import('./pages/CampaignFormPage')),
    'campaigns.admin': screen(() => import('./pages/AdminCampaignsPage')),
  },
});
