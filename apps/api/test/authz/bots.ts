import type { MatrixEntry } from './common.ts';
import { DEVELOPER_WRITERS, NO_SUCH_ID, S, WALLET_READERS } from './common.ts';

/**
 * The bots' routes: MY BOTS (read by every developer-side account, the read-only child included),
 * drafts and their steps, images, deletion, history, listing, store and chatbot platform (writers).
 */
const BOT_READERS = WALLET_READERS;
const BOT = `${S}/bots/${NO_SUCH_ID}`;
/** Valid by its schema; the billing category names nothing, so an allowed create is refused by the service (400). */
const RCS_BODY = {
  display_name: 'Matrix Bot',
  description: 'A bot of the authorisation matrix.',
  brand_color: '#1A73E8',
  phones: [{ number: '+919876543210', label: 'Support' }],
  privacy_policy_url: 'https://matrix.example/privacy',
  terms_url: 'https://matrix.example/terms',
  message_category: 'Transactional',
  region: 'India',
  billing_category: 'NO_SUCH_CATEGORY',
  api_type: 'GOOGLE',
  hosting_region: 'ASIA_PACIFIC',
};
const WHATSAPP_BODY = {
  display_name: 'Matrix Bot',
  phone: '+919876500001',
  about: 'A bot of the authorisation matrix.',
  category: 'OTHER',
  waba_id: '104996122399160',
};

export const AUTHZ_MATRIX_BOTS: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/bots`, action: 'bots.read', allowed: BOT_READERS },
  {
    method: 'GET',
    url: `${S}/bots/export`,
    path: `${S}/bots/export?format=pdf`,
    action: 'bots.read',
    allowed: BOT_READERS,
    download: true,
  },
  { method: 'GET', url: `${S}/bots/dashboard`, action: 'bots.read', allowed: BOT_READERS },
  {
    method: 'POST',
    url: `${S}/bots/rcs`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: RCS_BODY,
    okStatus: 400,
    okMessage: /billing category/,
  },
  {
    method: 'POST',
    url: `${S}/bots/whatsapp`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: WHATSAPP_BODY,
    okStatus: 201,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId`,
    path: BOT,
    action: 'bots.read',
    allowed: BOT_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/history`,
    path: `${BOT}/history`,
    action: 'bots.read',
    allowed: BOT_READERS,
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/rcs`,
    path: `${BOT}/rcs`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: { ...RCS_BODY, billing_category: 'CONVERSATIONAL' },
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/whatsapp`,
    path: `${BOT}/whatsapp`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: WHATSAPP_BODY,
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/brand`,
    path: `${BOT}/brand`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: { brand_id: NO_SUCH_ID },
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/carriers`,
    path: `${BOT}/carriers`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: { carrier_ids: [1] },
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: `${S}/bots/:botId`,
    path: BOT,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/listing`,
    path: `${BOT}/listing`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: { tagline: 'Matrix', description: 'A matrix listing.' },
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/store`,
    path: `${BOT}/store`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: { listed: false },
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/chatbot-platform`,
    path: `${BOT}/chatbot-platform`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    payload: { chatbot_platform_id: null },
    okStatus: 404,
  },
  // Allowed through the policy, then refused for not being multipart/form-data (415).
  {
    method: 'POST',
    url: `${S}/bots/:botId/images/:kind`,
    path: `${BOT}/images/logo`,
    action: 'bots.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 415,
  },
];
