import { ROLES } from '@portico/domain';
import type { Subject } from '../factories.ts';
import {
  DEVELOPER_WRITERS,
  type MatrixEntry,
  NO_SUCH_ID,
  PROVIDER_ADMINS,
  S,
  WALLET_READERS,
} from './common.ts';

/** The brands' routes: the developer's brands, documents, submission and verification, and their review. */
const BRAND_READERS: readonly Subject[] = [
  ...WALLET_READERS,
  ...PROVIDER_ADMINS,
  ROLES.ADMIN_BILLING,
  ROLES.USER_BILLING,
  ROLES.MANAGER_BILLING,
];
const BRAND_REVIEWERS: readonly Subject[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
const BRAND_CARRIER_REVIEWERS: readonly Subject[] = [ROLES.ADMIN_BILLING, ROLES.MANAGER_BILLING];
const BRAND = `${S}/brands/${NO_SUCH_ID}`;
/** Valid by its schema; the industry id names nothing, so an allowed create is refused by the service (400). */
const BRAND_BODY = {
  name: 'Matrix Brand',
  industry_type_id: 2_147_483_000,
  website: 'https://matrix.example',
  contact_name: 'Matrix Person',
  contact_email: 'matrix@brand.test',
  contact_phone: '+919876543210',
  address: { line1: '1 Matrix Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
  carrier_ids: [1],
};
export const AUTHZ_MATRIX_BRANDS: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/brands`, action: 'brands.read', allowed: BRAND_READERS },
  {
    method: 'GET',
    url: `${S}/brands/export`,
    path: `${S}/brands/export?format=pdf`,
    action: 'brands.read',
    allowed: BRAND_READERS,
    download: true,
  },
  {
    method: 'POST',
    url: `${S}/brands`,
    action: 'brands.write',
    allowed: DEVELOPER_WRITERS,
    payload: BRAND_BODY,
    okStatus: 400,
    okMessage: /industry/,
  },
  {
    method: 'GET',
    url: `${S}/brands/:brandId`,
    path: BRAND,
    action: 'brands.read',
    allowed: BRAND_READERS,
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/brands/:brandId`,
    path: BRAND,
    action: 'brands.write',
    allowed: DEVELOPER_WRITERS,
    payload: BRAND_BODY,
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: `${S}/brands/:brandId`,
    path: BRAND,
    action: 'brands.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/brands/:brandId/history`,
    path: `${BRAND}/history`,
    action: 'brands.read',
    allowed: BRAND_READERS,
    okStatus: 404,
  },
  ...(['submit', 'verification', 'verification/refresh'] as const).map(
    (call): MatrixEntry => ({
      method: 'POST',
      url: `${S}/brands/:brandId/${call}`,
      path: `${BRAND}/${call}`,
      action: 'brands.write',
      allowed: DEVELOPER_WRITERS,
      okStatus: 404,
    }),
  ),
  {
    method: 'POST',
    url: `${S}/brands/:brandId/review/:action`,
    path: `${BRAND}/review/forward`,
    action: 'brands.review',
    allowed: BRAND_REVIEWERS,
    payload: {},
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/brands/:brandId/carrier-review/:action`,
    path: `${BRAND}/carrier-review/approve`,
    action: 'brands.carrier-review',
    allowed: BRAND_CARRIER_REVIEWERS,
    payload: {},
    okStatus: 404,
  },
  // Bulk reviews: an unknown id is answered per item (refused, not found), so allowed callers get 200.
  {
    method: 'POST',
    url: `${S}/brands/bulk-review`,
    action: 'brands.review',
    allowed: BRAND_REVIEWERS,
    payload: { action: 'approve', ids: [NO_SUCH_ID] },
  },
  {
    method: 'POST',
    url: `${S}/brands/bulk-carrier-review`,
    action: 'brands.carrier-review',
    allowed: BRAND_CARRIER_REVIEWERS,
    payload: { action: 'approve', ids: [NO_SUCH_ID] },
  },
  {
    method: 'GET',
    url: `${S}/brands/:brandId/documents/:documentId/link`,
    path: `${BRAND}/documents/${NO_SUCH_ID}/link`,
    action: 'brands.read',
    allowed: BRAND_READERS,
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: `${S}/brands/:brandId/documents/:documentId`,
    path: `${BRAND}/documents/${NO_SUCH_ID}`,
    action: 'brands.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  // Allowed through the policy, then refused for not being multipart/form-data (415).
  ...(['logo', 'documents'] as const).map(
    (call): MatrixEntry => ({
      method: 'POST',
      url: `${S}/brands/:brandId/${call}`,
      path: `${BRAND}/${call}`,
      action: 'brands.write',
      allowed: DEVELOPER_WRITERS,
      okStatus: 415,
    }),
  ),
];
