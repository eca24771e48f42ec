import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const templatesFeature = defineFeature({
  name: 'templates',
  screens: {
    'templates.list': lazy(() => import('./pages/TemplatesPage')),
    'templates.builder': lazy(() => import('./pages/AddTemplatePage')),
    'templates.details': lazy(() => import('./pages/TemplateDetailsPage')),
    'templates.review': lazy(() => import('./pages/ReviewTemplatesPage')),
    'templates.review-details': lazy(() => import('./pages/TemplateDetailsPage')),
  },
});
