import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAAP_PREFIX } from './maap.routes.ts';
import { maapError } from './maap-shape.ts';
import { RBM_PREFIX } from './rbm.routes.ts';
import { googleError } from './rbm-shape.ts';
import { WHATSAPP_PREFIX } from './whatsapp.routes.ts';
import { cloudApiError } from './whatsapp-shape.ts';

/** A network's answer to a call Portico does not serve: HTTP status and body. */
type Unsupported = (method: string, path: string) => { status: number; body: object };

/**
 * Each shape's answer for "not supported", in the network's own error shape (decision 0034):
 * - Google: 501 UNIMPLEMENTED, google.rpc.Code 12 ("not implemented or not supported/enabled in
 *   this service"), `{error: {code, message, status}}`;
 * - Meta: HTTP 400 `(#100) Unsupported <method> request` with error_subcode 33, GraphMethodException,
 *   as the Graph API answers a call an object does not support, `{error: {message, type, code,
 *   error_subcode, fbtrace_id}}`;
 * - MaaP: 501 Not Implemented, `{error: {code, message}}` with the HTTP status as code (decision 0029).
 */
const UNSUPPORTED: Readonly<Record<'google' | 'whatsapp' | 'maap', Unsupported>> = {
  google: (method, path) => ({
    status: 501,
    body: googleError(501, 'UNIMPLEMENTED', `Method not supported by this service: ${method} ${path}`),
  }),
  whatsapp: (method, path) => ({
    status: 400,
    body: cloudApiError(
      100,
      `Unsupported ${method.toLowerCase()} request`,
      `${method} ${path} is not supported: the object does not exist or does not support this operation.`,
      33,
      'GraphMethodException',
    ),
  }),
  maap: (method, path) => ({
    status: 501,
    body: maapError(501, `Not supported: ${method} ${path}`),
  }),
};

/** The shapes' prefixes under /api/v1, each with its network's answer. */
const SHAPE_PREFIXES = [
  { prefix: RBM_PREFIX, shape: 'google' },
  { prefix: WHATSAPP_PREFIX, shape: 'whatsapp' },
  { prefix: MAAP_PREFIX, shape: 'maap' },
] as const;

/** The path as the partner's client called it: relative to the shape's base URL, without the query. */
function calledPath(request: FastifyRequest, prefix: string): string {
  const path = (request.url.split('?')[0] ?? '').slice(0, 200);
  const at = path.indexOf(prefix);
  return at < 0 ? path : path.slice(at + prefix.length) || '/';
}

/**
 * Every path under a shape's prefix (and so every path of the Google origin, whose root is the RBM
 * prefix) that no call of the shape serves: answered in the network's error shape before anything
 * else (no body read, no XSRF pair, no portal envelope, never the web app). The router tries these
 * wildcards last, so each implemented call, whatever module adds it, wins over them.
 */
export function unsupportedRoutes(): FastifyPluginAsync {
  return async (app) => {
    for (const { prefix, shape } of SHAPE_PREFIXES) {
      const answer = async (request: FastifyRequest, reply: FastifyReply) => {
        const { status, body } = UNSUPPORTED[shape](request.method, calledPath(request, prefix));
        request.log.info({ status, shape }, 'partner call not supported');
        return reply.code(status).type('application/json; charset=utf-8').send(body);
      };
      for (const url of [prefix, `${prefix}/*`])
        app.route({
          method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
          url,
          // Partners' servers call these: no XSRF pair, no per-client limit (nothing is done).
          config: { xsrf: false, rateLimit: false },
          schema: { hide: true },
          // Answered before the body is parsed: any content type and size gets the network's error.
          onRequest: answer,
          handler: answer,
        });
    }
  };
}

/**
 * Google's paths at the root of the portal's own origin (`/v1/...`, `/upload/v1/...`): where a
 * Google client lands when it is given the portal's URL (it keeps only the origin). Answered 404
 * NOT_FOUND in Google's shape, naming the base URL to use, never with the web app's page (whose 200
 * would look like a successful capability check).
 */
export function googlePathsAtPortalRoot(googleBaseUrl: string): FastifyPluginAsync {
  return async (app) => {
    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = (request.url.split('?')[0] ?? '').slice(0, 200);
      return reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send(
          googleError(
            404,
            'NOT_FOUND',
            `${request.method} ${path} is not served at the portal's address. Give Google's client ${googleBaseUrl} as its rootUrl.`,
          ),
        );
    };
    for (const url of ['/v1/*', '/upload/v1/*'])
      app.route({
        method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url,
        config: { xsrf: false, rateLimit: false },
        schema: { hide: true },
        onRequest: answer,
        handler: answer,
      });
  };
}
