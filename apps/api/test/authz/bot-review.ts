import { BILLING_ROLES, ROLES } from '@portico/domain';
import type { Subject } from '../factories.ts';
import { type MatrixEntry, NO_SUCH_ID, PROVIDER_ADMINS, S } from './common.ts';

/** The review of launches: the platform's and each carrier's lists, exports, decisions, retries and dashboards. */
const PLATFORM_DECIDERS: readonly Subject[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
const CARRIER_READERS: readonly Subject[] = BILLING_ROLES;
const CARRIER_DECIDERS: readonly Subject[] = [ROLES.ADMIN_BILLING, ROLES.MANAGER_BILLING];

export const AUTHZ_MATRIX_BOT_REVIEW: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/bot-reviews`, action: 'bot-review.read', allowed: PROVIDER_ADMINS },
  {
    method: 'GET',
    url: `${S}/bot-reviews/export`,
    path: `${S}/bot-reviews/export?format=pdf`,
    action: 'bot-review.read',
    allowed: PROVIDER_ADMINS,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/bot-reviews/:botId`,
    path: `${S}/bot-reviews/${NO_SUCH_ID}`,
    action: 'bot-review.read',
    allowed: PROVIDER_ADMINS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bot-reviews/:botId/:action`,
    path: `${S}/bot-reviews/${NO_SUCH_ID}/forward`,
    action: 'bot-review.decide',
    allowed: PLATFORM_DECIDERS,
    payload: {},
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bot-reviews/:botId/carriers/:carrierId/retry`,
    path: `${S}/bot-reviews/${NO_SUCH_ID}/carriers/1/retry`,
    action: 'bot-review.decide',
    allowed: PLATFORM_DECIDERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/carrier/bot-reviews`,
    action: 'bot-review.carrier.read',
    allowed: CARRIER_READERS,
  },
  {
    method: 'GET',
    url: `${S}/carrier/bot-reviews/export`,
    path: `${S}/carrier/bot-reviews/export?format=xlsx`,
    action: 'bot-review.carrier.read',
    allowed: CARRIER_READERS,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/carrier/bot-reviews/:botId`,
    path: `${S}/carrier/bot-reviews/${NO_SUCH_ID}`,
    action: 'bot-review.carrier.read',
    allowed: CARRIER_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/carrier/bot-reviews/:botId/:action`,
    path: `${S}/carrier/bot-reviews/${NO_SUCH_ID}/approve`,
    action: 'bot-review.carrier.decide',
    allowed: CARRIER_DECIDERS,
    payload: {},
    okStatus: 404,
  },
  // Bulk decisions: an unknown id is answered per item (refused, not found), so allowed callers get 200.
  {
    method: 'POST',
    url: `${S}/bot-reviews/bulk-decision`,
    action: 'bot-review.decide',
    allowed: PLATFORM_DECIDERS,
    payload: { action: 'approve', ids: [NO_SUCH_ID] },
  },
  {
    method: 'POST',
    url: `${S}/carrier/bot-reviews/bulk-decision`,
    action: 'bot-review.carrier.decide',
    allowed: CARRIER_DECIDERS,
    payload: { action: 'approve', ids: [NO_SUCH_ID] },
  },
  { method: 'GET', url: `${S}/review-dashboard`, action: 'bot-review.read', allowed: PROVIDER_ADMINS },
  {
    method: 'GET',
    url: `${S}/review-dashboard/export`,
    path: `${S}/review-dashboard/export?format=xlsx`,
    action: 'bot-review.read',
    allowed: PROVIDER_ADMINS,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/carrier/review-dashboard/export`,
    path: `${S}/carrier/review-dashboard/export?format=pdf`,
    action: 'bot-review.carrier.read',
    allowed: CARRIER_READERS,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/carrier/review-dashboard`,
    action: 'bot-review.carrier.read',
    allowed: CARRIER_READERS,
  },
];
