import { defineFeature, screen } from '@/lib/feature';

export const walletFeature = defineFeature({
  name: 'wallet',
  screens: {
    'wallet.my-wallet': screen(() => import('./pages/WalletPage')),
    'wallet.pricing': screen(() => import('./pages/PricingPage')),
    'wallet.rate-plans': screen(() => import('./pages/RatePlansPage')),
  },
});
