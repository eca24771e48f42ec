import { ROLES } from '@portico/domain';
import type { Subject } from '../factories.ts';
import { DEVELOPER_OWNERS, type MatrixEntry, NO_SUCH_ID, PROVIDER_ADMINS, S } from './common.ts';

/** The aggregators' routes: lists, details, history, the reviews of an aggregator and its billing info. */
const AGGREGATOR_READERS: readonly Subject[] = [
  ...PROVIDER_ADMINS,
  ROLES.ADMIN_BILLING,
  ROLES.USER_BILLING,
  ROLES.MANAGER_BILLING,
];
const AGGREGATOR = `${S}/aggregators/${NO_SUCH_ID}`;
/** Every developer-side account. */
const DEVELOPERS: readonly Subject[] = [
  null,
  ROLES.DEVELOPER,
  ROLES.CHILD_AGGREGATOR_READONLY,
  ROLES.CHILD_AGGREGATOR_READWRITE,
];
const BILLING_INFO = {
  contact_name: 'Billing Person',
  contact_email: 'billing@aggregator.test',
  contact_phone: '+919876543210',
  tax_id: '27AACCO4321K1Z8',
  address: { line1: '1 Billing Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
  billing_category_id: 1,
};
export const AUTHZ_MATRIX_AGGREGATORS: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/aggregators`, action: 'aggregators.read', allowed: AGGREGATOR_READERS },
  {
    method: 'GET',
    url: `${S}/aggregators/export`,
    path: `${S}/aggregators/export?format=xlsx`,
    action: 'aggregators.read',
    allowed: AGGREGATOR_READERS,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/aggregators/:partnerId`,
    path: AGGREGATOR,
    action: 'aggregators.read',
    allowed: AGGREGATOR_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/aggregators/:partnerId/history`,
    path: `${AGGREGATOR}/history`,
    action: 'aggregators.read',
    allowed: AGGREGATOR_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/aggregators/:partnerId/review/:action`,
    path: `${AGGREGATOR}/review/approve`,
    action: 'aggregators.review',
    allowed: [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE],
    payload: {},
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/aggregators/:partnerId/carrier-review/:action`,
    path: `${AGGREGATOR}/carrier-review/approve`,
    action: 'aggregators.carrier-review',
    allowed: [ROLES.ADMIN_BILLING, ROLES.MANAGER_BILLING],
    payload: {},
    okStatus: 404,
  },
  // Bulk reviews: an unknown id is answered per item (refused, not found), so allowed callers get 200.
  {
    method: 'POST',
    url: `${S}/aggregators/bulk-review`,
    action: 'aggregators.review',
    allowed: [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE],
    payload: { action: 'approve', ids: [NO_SUCH_ID] },
  },
  {
    method: 'POST',
    url: `${S}/aggregators/bulk-carrier-review`,
    action: 'aggregators.carrier-review',
    allowed: [ROLES.ADMIN_BILLING, ROLES.MANAGER_BILLING],
    payload: { action: 'approve', ids: [NO_SUCH_ID] },
  },
  {
    method: 'GET',
    url: `${S}/aggregators/mine/billing`,
    action: 'aggregators.billing.read',
    allowed: DEVELOPERS,
    // The matrix's child users belong to an aggregator; its owners' partners are no aggregators.
    okStatus: (subject) =>
      subject === ROLES.CHILD_AGGREGATOR_READONLY || subject === ROLES.CHILD_AGGREGATOR_READWRITE ? 200 : 404,
  },
  {
    method: 'GET',
    url: `${S}/aggregators/mine/history`,
    action: 'aggregators.mine.history',
    allowed: DEVELOPERS,
    okStatus: (subject) =>
      subject === ROLES.CHILD_AGGREGATOR_READONLY || subject === ROLES.CHILD_AGGREGATOR_READWRITE ? 200 : 404,
  },
  {
    method: 'PUT',
    url: `${S}/aggregators/mine/billing`,
    action: 'aggregators.billing.write',
    allowed: DEVELOPER_OWNERS,
    payload: BILLING_INFO,
    okStatus: 404,
  },
];
