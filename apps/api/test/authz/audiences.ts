import { DEVELOPER_WRITERS, type MatrixEntry, S, WALLET_READERS } from './common.ts';

/**
 * The audiences module: the opt-out list. Readers are every developer-side account
 * (audiences.read), changers the writers (opt-outs.write). The number removed here is on nobody's
 * list, so allowed callers get a 404.
 */
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
];
