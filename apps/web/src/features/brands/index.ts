import { lazy } from 'react';
import { defineFeature } from '@/lib/feature';

export const brandsFeature = defineFeature({
  name: 'brands',
  screens: {
    'brands.my-brands': lazy(() => import('./pages/MyBrandsPage')),
    'brands.update-brand': lazy(() => import('./pages/UpdateBrandPage')),
    'brands.review': lazy(() => import('./pages/ReviewBrandsPage')),
    'brands.view-brand': lazy(() => import('./pages/ViewBrandPage')),
  },
});
