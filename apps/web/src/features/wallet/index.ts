import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const walletFeature = defineFeature({
  name: 'wallet',
  screens: {
    'wallet.my-wallet': lazy(() => import('./pages/WalletPage')),
    'wallet.pricing': lazy(() => import('./pages/PricingPage')),
    'wallet.rate-plans': lazy(() => import('./pages/RatePlansPage')),
  },
});
