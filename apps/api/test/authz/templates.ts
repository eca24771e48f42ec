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

/**
 * The templates' routes: read by every developer-side account (the read-only child included) and
 * by the provider's admins (read-only ones too); changed and tested by the developer writers;
 * RCS templates approved or rejected by the read-write and super admins. The template and bot
 * named here belong to nobody, so allowed callers get the service's 404.
 */
const TEMPLATE_READERS: readonly Subject[] = [...WALLET_READERS, ...PROVIDER_ADMINS];
const TEMPLATE_REVIEWERS: readonly Subject[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
const TEMPLATE = `${S}/templates/${NO_SUCH_ID}`;
const RCS_TEXT = {
  channel: 'rcs',
  name: 'Matrix template',
  language: 'en',
  content: { kind: 'text', text: 'Hello {{first_name}}' },
};

export const AUTHZ_MATRIX_TEMPLATES: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/templates`, action: 'templates.read', allowed: TEMPLATE_READERS },
  {
    method: 'GET',
    url: `${S}/templates/export`,
    path: `${S}/templates/export?format=xlsx`,
    action: 'templates.read',
    allowed: TEMPLATE_READERS,
    download: true,
  },
  { method: 'GET', url: `${S}/templates/active`, action: 'templates.read', allowed: TEMPLATE_READERS },
  {
    method: 'POST',
    url: `${S}/templates/import`,
    action: 'templates.write',
    allowed: DEVELOPER_WRITERS,
    payload: { channel: 'rcs', json: { contentMessage: { text: 'Hello' } } },
  },
  {
    method: 'POST',
    url: `${S}/templates`,
    action: 'templates.write',
    allowed: DEVELOPER_WRITERS,
    payload: { ...RCS_TEXT, bot_id: NO_SUCH_ID },
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/templates/:templateId`,
    path: TEMPLATE,
    action: 'templates.read',
    allowed: TEMPLATE_READERS,
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/templates/:templateId`,
    path: TEMPLATE,
    action: 'templates.write',
    allowed: DEVELOPER_WRITERS,
    payload: RCS_TEXT,
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: `${S}/templates/:templateId`,
    path: TEMPLATE,
    action: 'templates.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/templates/:templateId/submit`,
    path: `${TEMPLATE}/submit`,
    action: 'templates.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  ...(['approve', 'reject'] as const).map(
    (action): MatrixEntry => ({
      method: 'POST',
      url: `${S}/templates/:templateId/${action}`,
      path: `${TEMPLATE}/${action}`,
      action: 'templates.review',
      allowed: TEMPLATE_REVIEWERS,
      payload: { reason: 'Matrix reason' },
      okStatus: 404,
    }),
  ),
  {
    method: 'GET',
    url: `${S}/templates/:templateId/history`,
    path: `${TEMPLATE}/history`,
    action: 'templates.read',
    allowed: TEMPLATE_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/templates/:templateId/tests`,
    path: `${TEMPLATE}/tests`,
    action: 'templates.test',
    allowed: DEVELOPER_WRITERS,
    payload: { device_ids: [NO_SUCH_ID], values: {} },
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/templates/:templateId/retest`,
    path: `${TEMPLATE}/retest`,
    action: 'templates.test',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/templates/:templateId/test-summary`,
    path: `${TEMPLATE}/test-summary`,
    action: 'templates.read',
    allowed: TEMPLATE_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/templates/:templateId/json`,
    path: `${TEMPLATE}/json`,
    action: 'templates.read',
    allowed: TEMPLATE_READERS,
    okStatus: 404,
  },
  // Allowed through the policy, then refused for not being multipart/form-data (415).
  {
    method: 'POST',
    url: `${S}/templates/media`,
    action: 'templates.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 415,
  },
];
