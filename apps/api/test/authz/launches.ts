import type { MatrixEntry } from './common.ts';
import { DEVELOPER_WRITERS, NO_SUCH_ID, S, WALLET_READERS } from './common.ts';

/**
 * The launches' routes (issue 14, the developer's side): every developer-side account reads (the
 * read-only child included); saving a step, paying and submitting take a writer. Allowed callers
 * reach the service, which answers 404 for a bot that is not theirs (here: nobody's).
 */
const LAUNCH_READERS = WALLET_READERS;
const LAUNCH = `${S}/launches/${NO_SUCH_ID}`;
/** A carrier id no carrier has: an allowed call is refused by the service (400), before any bot is read. */
const NO_SUCH_CARRIER = 999_999;

const notFound = (
  method: MatrixEntry['method'],
  call: string,
  action: MatrixEntry['action'],
  payload?: unknown,
): MatrixEntry => ({
  method,
  url: `${S}/launches/:botId${call}`,
  path: `${LAUNCH}${call}`,
  action,
  allowed: action === 'launches.read' ? LAUNCH_READERS : DEVELOPER_WRITERS,
  okStatus: 404,
  ...(payload !== undefined ? { payload } : {}),
});

export const AUTHZ_MATRIX_LAUNCHES: readonly MatrixEntry[] = [
  {
    method: 'GET',
    url: `${S}/launches/verification-pricing`,
    path: `${S}/launches/verification-pricing?bot_id=${NO_SUCH_ID}`,
    action: 'launches.read',
    allowed: LAUNCH_READERS,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/launches/payment`,
    path: `${S}/launches/payment?bot_id=${NO_SUCH_ID}`,
    action: 'launches.submit',
    allowed: DEVELOPER_WRITERS,
    payload: { idempotency_key: 'matrix-payment-1' },
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/launches/submit-verification`,
    path: `${S}/launches/submit-verification?bot_id=${NO_SUCH_ID}`,
    action: 'launches.submit',
    allowed: DEVELOPER_WRITERS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/launches/confirm-verification`,
    path: `${S}/launches/confirm-verification?bot_id=${NO_SUCH_ID}`,
    action: 'launches.read',
    allowed: LAUNCH_READERS,
    okStatus: 404,
  },
  notFound('GET', '', 'launches.read'),
  notFound('GET', '/carriers', 'launches.read'),
  {
    method: 'PUT',
    url: `${S}/launches/:botId/carriers`,
    path: `${LAUNCH}/carriers`,
    action: 'launches.write',
    allowed: DEVELOPER_WRITERS,
    payload: { carrier_ids: [NO_SUCH_CARRIER] },
    okStatus: 400,
    okMessage: /Choose carriers from the list/,
  },
  notFound('PUT', '/questionnaire', 'launches.write', { use_case: 'Parcel tracking for our customers.' }),
  notFound('PUT', '/company', 'launches.write', {
    company_name: 'Matrix Ltd',
    website: 'https://matrix.example',
    contact_name: 'Ann Matrix',
    contact_email: 'ann@matrix.example',
    contact_phone: '+919876543210',
  }),
  notFound('PUT', '/verified-carriers', 'launches.write', { carrier_ids: [] }),
  notFound('DELETE', '/loa', 'launches.write'),
  {
    ...notFound('DELETE', '/screenshots/0', 'launches.write'),
    url: `${S}/launches/:botId/screenshots/:index`,
  },
  notFound('DELETE', '/video', 'launches.write'),
  notFound('GET', '/preflight', 'launches.read'),
  notFound('GET', '/summary', 'launches.read'),
  {
    method: 'GET',
    url: `${S}/launches/:botId/summary/export`,
    path: `${LAUNCH}/summary/export?format=pdf`,
    action: 'launches.read',
    allowed: LAUNCH_READERS,
    okStatus: 404,
  },
  {
    method: 'PUT',
    url: `${S}/launches/:botId/carriers/update`,
    path: `${LAUNCH}/carriers/update`,
    action: 'launches.submit',
    allowed: DEVELOPER_WRITERS,
    payload: { add: [NO_SUCH_CARRIER] },
    okStatus: 400,
    okMessage: /Choose carriers from the list/,
  },
  // Allowed through the policy, then refused for not being multipart/form-data (415).
  ...(['loa', 'screenshots', 'video'] as const).map(
    (call): MatrixEntry => ({
      method: 'POST',
      url: `${S}/launches/:botId/${call}`,
      path: `${LAUNCH}/${call}`,
      action: 'launches.write',
      allowed: DEVELOPER_WRITERS,
      okStatus: 415,
    }),
  ),
];
