import { defineFeature, screen } from '@/lib/feature';

export const legalFeature = defineFeature({
  name: 'legal',
  screens: {
    'legal.privacy': screen(() =>
      import('./pages/PolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })),
    ),
    'legal.terms': screen(() =>
      import('./pages/PolicyPage').then((m) => ({ default: m.TermsOfServicePage })),
    ),
    'legal.messaging-terms': screen(() =>
      import('./pages/PolicyPage').then((m) => ({ default: m.MessagingTermsPage })),
    ),
    'legal.messaging-policies': screen(() =>
      import('./pages/PolicyPage').then((m) => ({ default: m.MessagingPoliciesPage })),
    ),
  },
});
