import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PARTNER_API_DOCS, type PartnerOperationDoc } from '@portico/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { contentSecurityPolicy, cspHeaderValue } from '../security/headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The partner OpenAPI (a second @fastify/swagger instance, decorator `partnerSwagger`). */
    partnerSwagger: () => Record<string, unknown>;
  }
}

/** Swagger UI of the partner API. */
export const PARTNER_DOCS_PREFIX = '/api/partner-docs';
/** The partner OpenAPI as JSON, next to the calls it documents. */
export const PARTNER_OPENAPI_PATH = '/api/v1/partner/openapi.json';
/** Every route under this prefix is a partner call, whichever module adds it. */
const PARTNER_PREFIX = '/api/v1/partner/';
const PARTNER_TAG = 'partner-api';
/** The partner's OAuth token endpoint (partner-credentials), under /api/v1. */
const TOKEN_PATH = '/api/v1/oauth/token';
const API_V1 = '/api/v1';

/**
 * A call of the partner-facing API: under /api/v1/partner/ (the networks' shapes), tagged
 * partner-api, or the token endpoint. The portal's OpenAPI leaves these out; the partner one has
 * only these.
 */
export function isPartnerRoute(url: string, tags: unknown): boolean {
  if (url === PARTNER_OPENAPI_PATH) return false;
  return (
    url.startsWith(PARTNER_PREFIX) ||
    url === TOKEN_PATH ||
    (Array.isArray(tags) && tags.includes(PARTNER_TAG))
  );
}

/** What a shape's base URL is for: the segment after /api/v1/partner/. */
const SHAPES: Readonly<Record<string, string>> = {
  rbm: "Google's RBM API and Business Communications (Google's clients: rootUrl)",
  whatsapp: "The WhatsApp Cloud API (Meta's clients: base URL, before /{version}/{phone-number-id}/messages)",
  maap: 'The GSMA MaaP chatbot API (base URL of the MaaP clients)',
};

export interface PartnerOpenApiOptions {
  version: string;
  brandName: string;
  publicUrl: string;
  /** The origin whose root answers in Google's shape (PARTNER_GOOGLE_URL), if there is one. */
  googleUrl?: string | undefined;
}

interface Server {
  url: string;
  description: string;
}

/**
 * Where a route is documented: a shape's call relative to that shape's base URL (the paths read as
 * the networks document them, `/v1/phones/{msisdn}/agentMessages`), with the shape's servers;
 * any other call relative to /api/v1 (the document's server).
 */
function placeOf(url: string, options: PartnerOpenApiOptions): { path: string; servers?: Server[] } {
  if (url.startsWith(PARTNER_PREFIX)) {
    const [shape = '', ...rest] = url.slice(PARTNER_PREFIX.length).split('/');
    const base = `${options.publicUrl}${PARTNER_PREFIX}${shape}`;
    const description = SHAPES[shape] ?? `The ${shape} shape`;
    const servers: Server[] = [{ url: base, description }];
    if (shape === 'rbm' && options.googleUrl)
      servers.unshift({
        url: options.googleUrl,
        description: `${description}, at the root of its own origin`,
      });
    return { path: `/${rest.join('/')}`, servers };
  }
  return { path: url.startsWith(`${API_V1}/`) ? url.slice(API_V1.length) : url };
}

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);

/** The route's documentation in PARTNER_API_DOCS, by `METHOD url`. */
function docOf(method: string | string[], url: string): PartnerOperationDoc | undefined {
  for (const m of methodsOf(method)) {
    const doc = PARTNER_API_DOCS[`${m} ${url}`];
    if (doc) return doc;
  }
  return undefined;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });
type TransformInput = Parameters<typeof zodTransform>[0] & {
  route: { method: string | string[] };
};
type JsonSchema = Record<string, unknown>;

/** A JSON schema with named examples (@fastify/swagger turns `x-examples` into the media's examples). */
const withExamples = (schema: unknown, examples: object | undefined): unknown =>
  examples && schema && typeof schema === 'object' ? { ...schema, 'x-examples': examples } : schema;

function description(options: PartnerOpenApiOptions): string {
  const shapes = Object.entries(SHAPES)
    .map(([shape, what]) => `- ${what}: \`${options.publicUrl}${PARTNER_PREFIX}${shape}\``)
    .join('\n');
  return [
    `The messaging API of ${options.brandName} for partners' servers: sends in the networks' own shapes`,
    "(Google's RBM, the GSMA MaaP chatbot API, Meta's WhatsApp Cloud API), priced and paid from the",
    "wallet, answered and refused in the network's own response and error shapes. A client written for",
    'the network keeps working: change its base URL and its credentials.',
    '',
    '**Authentication.** Create a credential for a bot on the API page of the portal (client id and',
    'secret, shown once), get an access token from the token endpoint with the OAuth 2.0',
    '`client_credentials` grant (HTTP Basic), and send it as `Authorization: Bearer <token>`. A token',
    "names one bot (scope `bot:<bot id>`); another partner's bot is not found.",
    '',
    '**Base URLs.**',
    shapes,
    ...(options.googleUrl
      ? [`- Google's generated clients (rootUrl, origin only): \`${options.googleUrl}\``]
      : []),
  ].join('\n');
}

/**
 * The partner OpenAPI, separate from the portal's: a second @fastify/swagger instance (decorator
 * `partnerSwagger`) on the same routes, keeping only the partner calls (isPartnerRoute, so new
 * shapes and calls are picked up with nothing per route), with the OAuth client-credentials scheme,
 * the shapes' base URLs as servers, and the bodies and examples of PARTNER_API_DOCS. Served as JSON
 * at PARTNER_OPENAPI_PATH and through Swagger UI at PARTNER_DOCS_PREFIX. Registered by openApi.
 */
export async function registerPartnerOpenApi(
  app: FastifyInstance,
  options: PartnerOpenApiOptions,
): Promise<void> {
  const tokenUrl = `${options.publicUrl}${TOKEN_PATH}`;
  await app.register(swagger, {
    decorator: 'partnerSwagger',
    stripBasePath: false,
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${options.brandName} partner messaging API`,
        version: options.version,
        description: description(options),
      },
      servers: [{ url: `${options.publicUrl}${API_V1}`, description: 'The token endpoint' }],
      components: {
        securitySchemes: {
          partnerOAuth: {
            type: 'oauth2',
            description: "A bot's credential: the token's scope is `bot:<bot id>`.",
            flows: { clientCredentials: { tokenUrl, scopes: {} } },
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description: "The credential's client id and secret (the token endpoint only).",
          },
        },
      },
      security: [{ partnerOAuth: [] }],
    },
    transform: (input: TransformInput) => {
      const hidden = { schema: { ...input.schema, hide: true }, url: input.url };
      if (!isPartnerRoute(input.url, input.schema?.tags)) return hidden;
      const doc = docOf(input.route.method, input.url);
      const own = input.schema ?? {};
      const transformed = zodTransform({
        ...input,
        schema: {
          ...own,
          ...(doc?.body && !own.body ? { body: doc.body } : {}),
          ...(doc?.consumes ? { consumes: [...doc.consumes] } : {}),
        },
      });
      const schema = transformed.schema as JsonSchema;
      if (schema.hide) return transformed;
      const { path, servers } = placeOf(input.url, options);
      return {
        url: path,
        schema: {
          ...schema,
          ...(schema.body ? { body: withExamples(schema.body, doc?.requestExamples) } : {}),
          ...(schema.response
            ? {
                response: Object.fromEntries(
                  Object.entries(schema.response as JsonSchema).map(([key, value]) => [
                    key,
                    // A 204 has no body: `type: 'null'` is how @fastify/swagger leaves its content out
                    // (the zod null of the route would read as a JSON body).
                    key === '204'
                      ? { type: 'null', description: 'No Content' }
                      : withExamples(value, doc?.responseExamples?.[key]),
                  ]),
                ),
              }
            : {}),
          ...(servers ? { servers } : {}),
          // The token endpoint takes the client's id and secret, every other call the bearer token.
          security: input.url === TOKEN_PATH ? [{ clientBasic: [] }, {}] : [{ partnerOAuth: [] }],
        },
      };
    },
  });

  app.get(PARTNER_OPENAPI_PATH, { schema: { hide: true } }, async () => app.partnerSwagger());

  // Swagger UI reads fastify.swagger(): in a context of its own it is handed the partner document.
  await app.register(async (docs) => {
    await docs.register(swaggerUi, {
      routePrefix: PARTNER_DOCS_PREFIX,
      staticCSP: cspHeaderValue(contentSecurityPolicy()),
      uiConfig: { deepLinking: true },
      transformSpecificationClone: false,
      transformSpecification: () => app.partnerSwagger(),
    });
  });
}
