import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

/** Campaigns (issue 28): MY CAMPAIGNS with each campaign's details, the create/edit form, the platform admin's CAMPAIGNS. */
export const campaignsFeature = defineFeature({
  name: 'campaigns',
  screens: {
    'campaigns.my-campaigns': lazy(() => import('./pages/MyCampaignsPage')),
    'campaigns.form': lazy(() => import('./pages/CampaignFormPage')),
    'campaigns.admin': lazy(() => import('./pages/AdminCampaignsPage')),
  },
});
