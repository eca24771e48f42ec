import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const legalFeature = defineFeature({
  name: 'legal',
  screens: {
    'legal.privacy': lazy(() => import('./pages/PolicyPage').then((m) => ({ default: m.PrivacyPolicyPage }))),
    'legal.terms': lazy(() => import('./pages/PolicyPage').then((m) => ({ default: m.TermsOfServicePage }))),
    'legal.messaging-terms': lazy(() =>
      import('./pages/PolicyPage').then((m) => ({ default: m.MessagingTermsPage })),
    ),
    'legal.messaging-policies': lazy(() =>
      import('./pages/PolicyPage').then((m) => ({ default: m.MessagingPoliciesPage })),
    ),
  },
});
