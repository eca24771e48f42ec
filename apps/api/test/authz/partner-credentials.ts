import { DEVELOPER_WRITERS, type MatrixEntry, NO_SUCH_ID, S, WALLET_READERS } from './common.ts';

/**
 * The partner-credentials routes: a bot's API credentials and its API usage. Readers are every developer-side account
 * (partner-credentials.read), changers the writers (partner-credentials.write, not the read-only
 * child user); the bot named here belongs to nobody, so allowed callers get a 404.
 */
const CREDENTIALS = `${S}/bots/${NO_SUCH_ID}/credentials`;

export const AUTHZ_MATRIX_PARTNER_CREDENTIALS: readonly MatrixEntry[] = [
  {
    method: 'GET',
    url: `${S}/bots/:botId/credentials`,
    path: CREDENTIALS,
    action: 'partner-credentials.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/credentials`,
    path: CREDENTIALS,
    action: 'partner-credentials.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/credentials/service-account-key`,
    path: `${CREDENTIALS}/service-account-key`,
    action: 'partner-credentials.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/credentials/:credentialId/rotate`,
    path: `${CREDENTIALS}/${NO_SUCH_ID}/rotate`,
    action: 'partner-credentials.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/bots/:botId/credentials/:credentialId/revoke`,
    path: `${CREDENTIALS}/${NO_SUCH_ID}/revoke`,
    action: 'partner-credentials.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  // The bot's API usage: the credentials' readers (the read-only child user too).
  {
    method: 'GET',
    url: `${S}/partner-api/usage`,
    path: `${S}/partner-api/usage?bot_id=${NO_SUCH_ID}`,
    action: 'partner-api.usage',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/partner-api/usage/export`,
    path: `${S}/partner-api/usage/export?bot_id=${NO_SUCH_ID}&format=xlsx`,
    action: 'partner-api.usage',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
];
