import { defineFeature, screen } from '@/lib/feature';

export const templatesFeature = defineFeature({
  name: 'templates',
  screens: {
    'templates.list': screen(() => import('./pages/TemplatesPage')),
    'templates.builder': screen(() => import('./pages/AddTemplatePage')),
    'templates.details': screen(() => import('./pages/TemplateDetailsPage')),
    'templates.review': screen(() => import('./pages/ReviewTemplatesPage')),
    'templates.review-details': screen(() => import('./pages/TemplateDetailsPage')),
  },
});
