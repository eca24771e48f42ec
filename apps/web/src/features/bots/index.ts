import { defineFeature, screen } from '@/lib/feature';

export const botsFeature = defineFeature({
  name: 'bots',
  screens: {
    'bots.my-bots': screen(() => import('./pages/MyBotsPage')),
    'bots.create-rcs': screen(() => import('./pages/CreateRcsBotPage')),
    'bots.brand-details': screen(() => import('./pages/BrandDetailsPage')),
    'bots.select-carriers': screen(() => import('./pages/SelectCarriersPage')),
    'bots.create-whatsapp': screen(() => import('./pages/CreateWhatsappBotPage')),
    'bots.view': screen(() => import('./pages/ViewBotPage')),
    'bots.update-rcs': screen(() => import('./pages/UpdateRcsBotPage')),
    'bots.update-whatsapp': screen(() => import('./pages/UpdateWhatsappBotPage')),
    'bots.listing': screen(() => import('./pages/ListingPage')),
  },
});
