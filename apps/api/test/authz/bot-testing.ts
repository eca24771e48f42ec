import { DEVELOPER_WRITERS, type MatrixEntry, NO_SUCH_ID, S, WALLET_READERS } from './common.ts';

/**
 * The bot-testing routes: a bot's test devices, invites, capability, test messages and console.
 * Readers are every developer-side account (bots.read), changers the writers (bots.test); the
 * bot named here belongs to nobody, so allowed callers get the service's 404.
 */
const DEVICES = `${S}/bots/${NO_SUCH_ID}/test-devices`;
const DEVICE = `${DEVICES}/${NO_SUCH_ID}`;
const TEXT = { content: { kind: 'text', text: 'Matrix test' } };

export const AUTHZ_MATRIX_BOT_TESTING: readonly MatrixEntry[] = [
  {
    method: 'GET',
    url: `${S}/bots/:botId/testing`,
    path: `${S}/bots/${NO_SUCH_ID}/testing`,
    action: 'bots.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/test-devices`,
    path: DEVICES,
    action: 'bots.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/test-devices/export`,
    path: `${DEVICES}/export?format=pdf`,
    action: 'bots.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/test-devices`,
    path: DEVICES,
    action: 'bots.test',
    allowed: DEVELOPER_WRITERS,
    payload: { msisdn: '+919800000011', channel: 'rcs' },
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: `${S}/bots/:botId/test-devices/:deviceId`,
    path: DEVICE,
    action: 'bots.test',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  ...(['invite', 'refresh', 'capability'] as const).map(
    (step): MatrixEntry => ({
      method: 'POST',
      url: `${S}/bots/:botId/test-devices/:deviceId/${step}`,
      path: `${DEVICE}/${step}`,
      action: 'bots.test',
      allowed: DEVELOPER_WRITERS,
      okStatus: 404,
    }),
  ),
  {
    method: 'POST',
    url: `${S}/bots/:botId/test-devices/:deviceId/messages`,
    path: `${DEVICE}/messages`,
    action: 'bots.test',
    allowed: DEVELOPER_WRITERS,
    payload: TEXT,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/test-devices/:deviceId/price`,
    path: `${DEVICE}/price`,
    action: 'bots.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/test-devices/:deviceId/conversation`,
    path: `${DEVICE}/conversation`,
    action: 'bots.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/bots/:botId/test-devices/:deviceId/stream`,
    path: `${DEVICE}/stream`,
    action: 'bots.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
];
