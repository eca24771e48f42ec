import { DEVELOPER_WRITERS, type MatrixEntry, NO_SUCH_ID, S, WALLET_READERS } from './common.ts';

/**
 * The partner-webhooks routes: a bot's webhook URL, signing secret, ping, delivery log and replay.
 * Readers are every developer-side account (partner-webhooks.read), changers the writers
 * (partner-webhooks.write); the bot named here belongs to nobody, so allowed callers get a 404.
 */
const WEBHOOK = `${S}/bots/${NO_SUCH_ID}/webhook`;

export const AUTHZ_MATRIX_PARTNER_WEBHOOKS: readonly MatrixEntry[] = [
  {
    method: 'GET',
    url: `${S}/bots/:botId/webhook`,
    path: WEBHOOK,
    action: 'partner-webhooks.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/bots/:botId/webhook`,
    path: WEBHOOK,
    action: 'partner-webhooks.write',
    allowed: DEVELOPER_WRITERS,
    payload: { url: 'https://example.com/hook' },
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/webhook/secret`,
    path: `${WEBHOOK}/secret`,
    action: 'partner-webhooks.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/webhook/ping`,
    path: `${WEBHOOK}/ping`,
    action: 'partner-webhooks.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/webhook/deliveries`,
    path: `${WEBHOOK}/deliveries`,
    action: 'partner-webhooks.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/webhook/deliveries/export`,
    path: `${WEBHOOK}/deliveries/export?format=xlsx`,
    action: 'partner-webhooks.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/webhook/deliveries/:deliveryId/replay`,
    path: `${WEBHOOK}/deliveries/${NO_SUCH_ID}/replay`,
    action: 'partner-webhooks.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
];
