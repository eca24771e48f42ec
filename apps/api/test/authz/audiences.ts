import { DEVELOPER_WRITERS, type MatrixEntry, NO_SUCH_ID, S, WALLET_READERS } from './common.ts';

/**
 * The audiences module: audiences and the opt-out list. Readers are every developer-side account
 * (audiences.read), changers the writers (audiences.write, opt-outs.write). The audience and the number
 * named here are nobody's, so allowed callers get a 404; an upload that is not multipart is 415.
 */
const AUDIENCE = `${S}/audiences/${NO_SUCH_ID}`;
const UPLOAD_ID = '0000000000004000800000000000dead';
export const AUTHZ_MATRIX_AUDIENCES: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/opt-outs`, action: 'audiences.read', allowed: WALLET_READERS },
  {
    method: 'GET',
    url: `${S}/opt-outs/export`,
    path: `${S}/opt-outs/export?format=xlsx`,
    action: 'audiences.read',
    allowed: WALLET_READERS,
    download: true,
  },
  {
    method: 'POST',
    url: `${S}/opt-outs`,
    action: 'opt-outs.write',
    allowed: DEVELOPER_WRITERS,
    payload: { msisdn: '+919800000999' },
  },
  {
    method: 'DELETE',
    url: `${S}/opt-outs/:msisdn`,
    path: `${S}/opt-outs/%2B919800000998`,
    action: 'opt-outs.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  { method: 'GET', url: `${S}/audiences`, action: 'audiences.read', allowed: WALLET_READERS },
  {
    method: 'GET',
    url: `${S}/audiences/export`,
    path: `${S}/audiences/export?format=pdf`,
    action: 'audiences.read',
    allowed: WALLET_READERS,
    download: true,
  },
  {
    method: 'POST',
    url: `${S}/audiences`,
    action: 'audiences.write',
    allowed: DEVELOPER_WRITERS,
    payload: { not: 'multipart' },
    okStatus: 415,
  },
  {
    method: 'GET',
    url: `${S}/audiences/:audienceId`,
    path: AUDIENCE,
    action: 'audiences.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/audiences/:audienceId/recipients`,
    path: `${AUDIENCE}/recipients`,
    action: 'audiences.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/audiences/:audienceId/refused-lines`,
    path: `${AUDIENCE}/refused-lines?format=csv`,
    action: 'audiences.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/audiences/:audienceId/reach`,
    path: `${AUDIENCE}/reach`,
    action: 'audiences.read',
    allowed: WALLET_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/audiences/:audienceId/reach`,
    path: `${AUDIENCE}/reach`,
    action: 'audiences.write',
    allowed: DEVELOPER_WRITERS,
    payload: { bot_id: NO_SUCH_ID },
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: `${S}/audiences/:audienceId`,
    path: AUDIENCE,
    action: 'audiences.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  // Resumable uploads (tus): without Upload-Length the creation is 400; the upload named is nobody's (404).
  {
    method: 'POST',
    url: `${S}/audiences/uploads`,
    action: 'audiences.write',
    allowed: DEVELOPER_WRITERS,
    payload: {},
    okStatus: 400,
  },
  {
    method: 'PATCH',
    url: `${S}/audiences/uploads/:uploadId`,
    path: `${S}/audiences/uploads/${UPLOAD_ID}`,
    action: 'audiences.write',
    allowed: DEVELOPER_WRITERS,
    payload: {},
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: `${S}/audiences/uploads/:uploadId`,
    path: `${S}/audiences/uploads/${UPLOAD_ID}`,
    action: 'audiences.write',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
];
