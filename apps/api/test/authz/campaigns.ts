import { ROLES } from '@portico/domain';
import {
  DEVELOPER_WRITERS,
  type MatrixEntry,
  NO_SUCH_ID,
  PROVIDER_ADMINS,
  S,
  WALLET_READERS,
} from './common.ts';

/**
 * The campaigns module: MY CAMPAIGNS (readers: every developer-side account, campaigns.read;
 * changers: the writers, campaigns.write) and the platform's CAMPAIGNS (every provider admin reads,
 * campaigns.admin-read; read-write and super admins stop, campaigns.stop). The campaign, bot,
 * template and audience named here are nobody's: allowed callers get the service's 404 (or 400 for
 * a form naming a template that is not theirs).
 */
const CAMPAIGN = `${S}/campaigns/${NO_SUCH_ID}`;
const ADMIN_CAMPAIGN = `${S}/admin/campaigns/${NO_SUCH_ID}`;
const FORM = { bot_id: NO_SUCH_ID, template_id: NO_SUCH_ID, audience_id: NO_SUCH_ID };
const STOPPERS = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];

export const AUTHZ_MATRIX_CAMPAIGNS: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/campaigns`, action: 'campaigns.read', allowed: WALLET_READERS },
  {
    method: 'GET',
    url: `${S}/campaigns/export`,
    path: `${S}/campaigns/export?format=xlsx`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    download: true,
  },
  {
    method: 'POST',
    url: `${S}/campaigns/estimate`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    payload: FORM,
    okStatus: 400,
  },
  // Allowed through the policy, then refused for not being multipart/form-data (415).
  {
    method: 'POST',
    url: `${S}/campaigns/media`,
    action: 'campaigns.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 415,
  },
  {
    method: 'POST',
    url: `${S}/campaigns`,
    action: 'campaigns.write',
    allowed: DEVELOPER_WRITERS,
    payload: { name: 'Matrix', ...FORM },
    okStatus: 400,
  },
  {
    method: 'GET',
    url: `${S}/campaigns/:campaignId`,
    path: CAMPAIGN,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'PATCH',
    url: `${S}/campaigns/:campaignId`,
    path: CAMPAIGN,
    action: 'campaigns.write',
    allowed: DEVELOPER_WRITERS,
    payload: { name: 'Renamed' },
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/campaigns/:campaignId/estimate`,
    path: `${CAMPAIGN}/estimate`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  ...(['start', 'unschedule', 'pause', 'resume'] as const).map(
    (move): MatrixEntry => ({
      method: 'POST',
      url: `${S}/campaigns/:campaignId/${move}`,
      path: `${CAMPAIGN}/${move}`,
      action: 'campaigns.write',
      allowed: DEVELOPER_WRITERS,
      okStatus: 404,
    }),
  ),
  {
    method: 'POST',
    url: `${S}/campaigns/:campaignId/cancel`,
    path: `${CAMPAIGN}/cancel`,
    action: 'campaigns.write',
    allowed: DEVELOPER_WRITERS,
    payload: {},
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/campaigns/:campaignId/history`,
    path: `${CAMPAIGN}/history`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/campaigns/:campaignId/recipients`,
    path: `${CAMPAIGN}/recipients`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/campaigns/:campaignId/recipients/export`,
    path: `${CAMPAIGN}/recipients/export?format=csv`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  // The stream and the summary of a campaign nobody may see answer 404 before any stream opens.
  {
    method: 'GET',
    url: `${S}/campaigns/:campaignId/events`,
    path: `${CAMPAIGN}/events`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/campaigns/:campaignId/export`,
    path: `${CAMPAIGN}/export?format=pdf`,
    action: 'campaigns.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  { method: 'GET', url: `${S}/admin/campaigns`, action: 'campaigns.admin-read', allowed: PROVIDER_ADMINS },
  {
    method: 'GET',
    url: `${S}/admin/campaigns/facets`,
    action: 'campaigns.admin-read',
    allowed: PROVIDER_ADMINS,
  },
  {
    method: 'GET',
    url: `${S}/admin/campaigns/:campaignId/events`,
    path: `${ADMIN_CAMPAIGN}/events`,
    action: 'campaigns.admin-read',
    allowed: PROVIDER_ADMINS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/admin/campaigns/:campaignId/export`,
    path: `${ADMIN_CAMPAIGN}/export?format=xlsx`,
    action: 'campaigns.admin-read',
    allowed: PROVIDER_ADMINS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/admin/campaigns/export`,
    path: `${S}/admin/campaigns/export?format=pdf`,
    action: 'campaigns.admin-read',
    allowed: PROVIDER_ADMINS,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/admin/campaigns/:campaignId`,
    path: ADMIN_CAMPAIGN,
    action: 'campaigns.admin-read',
    allowed: PROVIDER_ADMINS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/admin/campaigns/:campaignId/history`,
    path: `${ADMIN_CAMPAIGN}/history`,
    action: 'campaigns.admin-read',
    allowed: PROVIDER_ADMINS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/admin/campaigns/:campaignId/recipients/export`,
    path: `${ADMIN_CAMPAIGN}/recipients/export?format=xlsx`,
    action: 'campaigns.admin-read',
    allowed: PROVIDER_ADMINS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/admin/campaigns/:campaignId/stop`,
    path: `${ADMIN_CAMPAIGN}/stop`,
    action: 'campaigns.stop',
    allowed: STOPPERS,
    payload: { reason: 'Abuse reported' },
    okStatus: 404,
  },
];
