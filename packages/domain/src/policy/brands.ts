import { definePolicy } from './role-groups.ts';

/** Brands: developers and aggregators register them; platform admins and carriers review them. */
export const BRANDS_POLICY = definePolicy({
  /**
   * Lists, views, history, documents and exports of brands, each audience scoped by the service:
   * a developer sees the partner's own brands, the provider's admins every submitted brand, a
   * carrier the brands forwarded to its own network.
   */
  'brands.read': ['developer', 'providerAdmin', 'carrier'],
  /** Create, update, delete, documents, logo, submission and network verification (own partner). */
  'brands.write': ['developerWriter'],
  /** Forward, approve or reject for the platform (read-only admins are refused). */
  'brands.review': ['providerReadWrite'],
  /** Approve or reject for the carrier's own network (the carrier's read-only admin is refused). */
  'brands.carrier-review': ['carrierReviewer'],
});
