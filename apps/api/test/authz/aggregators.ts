import { ROLES } from '@portico/domain';
import type { Subject } from '../factories.ts';
import { type MatrixEntry, NO_SUCH_ID, PROVIDER_ADMINS, S } from './common.ts';

/** The aggregators' routes: lists, details, history and the review of an aggregator. */
const AGGREGATOR_READERS: readonly Subject[] = [
  ...PROVIDER_ADMINS,
  ROLES.ADMIN_BILLING,
  ROLES.USER_BILLING,
  ROLES.MANAGER_BILLING,
];
const AGGREGATOR = `${S}/aggregators/${NO_SUCH_ID}`;
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
];
