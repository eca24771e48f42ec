import { defineFeature, screen } from '@/lib/feature';

export const brandsFeature = defineFeature({
  name: 'brands',
  screens: {
    'brands.my-brands': screen(() => import('./pages/MyBrandsPage')),
    'brands.update-brand': screen(() => import('./pages/UpdateBrandPage')),
    'brands.review': screen(() => import('./pages/ReviewBrandsPage')),
    'brands.view-brand': screen(() => import('./pages/ViewBrandPage')),
  },
});
