import { ROLES } from '@portico/domain';
import type { Subject } from '../factories.ts';
import { type MatrixEntry, S, SUBJECTS } from './common.ts';

/** The content routes: downloads, FAQs, videos, sample files and press releases. */
const CONTENT_MANAGERS: readonly Subject[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
const MARKETING: readonly Subject[] = [ROLES.MARKETING_ADMIN];
const NO_SUCH_ROW = 2_000_000_000;
const FAQ_INPUT = { category: 'rcs', question: 'Matrix question?', answer_html: '<p>Matrix answer</p>' };
const PRESS_INPUT = { title: 'Matrix release', body_html: '<p>Body</p>', publish_date: '2026-01-01' };
export const AUTHZ_MATRIX_CONTENT: readonly MatrixEntry[] = [
  ...(['downloads', 'faqs', 'videos'] as const).flatMap((kind): MatrixEntry[] => [
    {
      method: 'PUT',
      url: `${S}/content/${kind}/order`,
      action: 'content.manage',
      allowed: CONTENT_MANAGERS,
      payload: { ids: [NO_SUCH_ROW] },
      okStatus: 404,
    },
    ...(['publish', 'unpublish'] as const).map(
      (change): MatrixEntry => ({
        method: 'POST',
        url: `${S}/content/${kind}/:id/${change}`,
        path: `${S}/content/${kind}/${NO_SUCH_ROW}/${change}`,
        action: 'content.manage',
        allowed: CONTENT_MANAGERS,
        okStatus: 404,
      }),
    ),
    {
      method: 'DELETE',
      url: `${S}/content/${kind}/:id`,
      path: `${S}/content/${kind}/${NO_SUCH_ROW}`,
      action: 'content.manage',
      allowed: CONTENT_MANAGERS,
      okStatus: 404,
    },
  ]),
  { method: 'GET', url: `${S}/content/downloads`, action: 'content.read', allowed: SUBJECTS },
  {
    method: 'GET',
    url: `${S}/content/downloads/:id/file`,
    path: `${S}/content/downloads/${NO_SUCH_ROW}/file`,
    action: 'content.read',
    allowed: SUBJECTS,
    okStatus: 404,
  },
  // Allowed callers get 415 for a body that is not multipart/form-data.
  {
    method: 'POST',
    url: `${S}/content/downloads`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    okStatus: 415,
  },
  {
    method: 'PUT',
    url: `${S}/content/downloads/:id`,
    path: `${S}/content/downloads/${NO_SUCH_ROW}`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: { category: 'guide', name: 'Matrix' },
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/content/sample-files/:kind`,
    path: `${S}/content/sample-files/audience?format=xlsx`,
    action: 'content.read',
    allowed: SUBJECTS,
    download: true,
  },
  { method: 'GET', url: `${S}/content/faqs`, action: 'content.read', allowed: SUBJECTS },
  {
    method: 'POST',
    url: `${S}/content/faqs`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: FAQ_INPUT,
    okStatus: 201,
  },
  {
    method: 'PUT',
    url: `${S}/content/faqs/:id`,
    path: `${S}/content/faqs/${NO_SUCH_ROW}`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: FAQ_INPUT,
    okStatus: 404,
  },
  { method: 'GET', url: `${S}/content/videos`, action: 'content.read', allowed: SUBJECTS },
  {
    method: 'POST',
    url: `${S}/content/videos`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    okStatus: 415,
  },
  {
    method: 'PUT',
    url: `${S}/content/videos/:id`,
    path: `${S}/content/videos/${NO_SUCH_ROW}`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: { title: 'Matrix', duration_seconds: 5 },
    okStatus: 404,
  },
  { method: 'GET', url: `${S}/press-releases`, action: 'press-releases.manage', allowed: MARKETING },
  {
    method: 'GET',
    url: `${S}/press-releases/export`,
    path: `${S}/press-releases/export?format=xlsx`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/press-releases/:id`,
    path: `${S}/press-releases/${NO_SUCH_ROW}`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/press-releases`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    payload: PRESS_INPUT,
    okStatus: 201,
  },
  {
    method: 'PUT',
    url: `${S}/press-releases/:id`,
    path: `${S}/press-releases/${NO_SUCH_ROW}`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    payload: PRESS_INPUT,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/press-releases/:id/image`,
    path: `${S}/press-releases/${NO_SUCH_ROW}/image`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    okStatus: 415,
  },
  ...(['submit', 'unpublish'] as const).map(
    (change): MatrixEntry => ({
      method: 'POST',
      url: `${S}/press-releases/:id/${change}`,
      path: `${S}/press-releases/${NO_SUCH_ROW}/${change}`,
      action: 'press-releases.manage',
      allowed: MARKETING,
      okStatus: 404,
    }),
  ),
  {
    method: 'DELETE',
    url: `${S}/press-releases/:id`,
    path: `${S}/press-releases/${NO_SUCH_ROW}`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    okStatus: 404,
  },
];
