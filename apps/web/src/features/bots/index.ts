import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const botsFeature = defineFeature({
  name: 'bots',
  screens: {
    'bots.my-bots': lazy(() => import('./pages/MyBotsPage')),
    'bots.create-rcs': lazy(() => import('./pages/CreateRcsBotPage')),
    'bots.brand-details': lazy(() => import('./pages/BrandDetailsPage')),
    'bots.select-carriers': lazy(() => import('./pages/SelectCarriersPage')),
    'bots.create-whatsapp': lazy(() => import('./pages/CreateWhatsappBotPage')),
    'bots.view': lazy(() => import('./pages/ViewBotPage')),
    'bots.update-rcs': lazy(() => import('./pages/UpdateRcsBotPage')),
    'bots.update-whatsapp': lazy(() => import('./pages/UpdateWhatsappBotPage')),
    'bots.listing': lazy(() => import('./pages/ListingPage')),
  },
});
