import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { contentSecurityPolicy, cspHeaderValue } from '../security/headers.ts';
import { isPartnerRoute, PARTNER_DOCS_PREFIX, registerPartnerOpenApi } from './partner-openapi.ts';

export const DOCS_PREFIX = '/api/docs';
export const SECURE_PREFIX = '/api/v1/secure';

export interface OpenApiOptions {
  title: string;
  version: string;
  publicUrl: string;
  /** The brand the partner API's document is titled with. */
  brandName: string;
  /** The origin whose root answers in Google's shape (PARTNER_GOOGLE_URL), if there is one. */
  partnerGoogleUrl?: string | undefined;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * Routes that are not part of the portal's API contract: the identity provider, the sandbox, the
 * SPA's files, and the partner-facing API (documented once, in its own document: partner-openapi.ts).
 */
function isDocumented(url: string, tags: unknown): boolean {
  if (url.startsWith(PARTNER_DOCS_PREFIX) || isPartnerRoute(url, tags)) return false;
  return url.startsWith('/api/') || url === '/healthz' || url === '/readyz';
}

/**
 * OpenAPI 3 generated from the zod contracts of every route (fastify-type-provider-zod), served as
 * JSON at /api/docs/json and through Swagger UI at /api/docs. Secure routes are marked as needing
 * the Bearer token. The partner-facing API has a document of its own (partner-openapi.ts).
 */
export const openApi = fp(
  async (app: FastifyInstance, options: OpenApiOptions) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: options.title,
          version: options.version,
          description:
            'The directory API behind the partner portal. Every response is an envelope `{status_code, message, data}`: ' +
            'status_code 10 success, 11 failed, 13 custom. Mutating calls need the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN.',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: (input: TransformInput) => {
        if (input.url.startsWith(DOCS_PREFIX) || !isDocumented(input.url, input.schema?.tags)) {
          return { schema: { ...input.schema, hide: true }, url: input.url };
        }
        const transformed = zodTransform(input);
        if (input.url.startsWith(SECURE_PREFIX)) {
          return {
            ...transformed,
            schema: { ...transformed.schema, security: [{ bearerAuth: [] }] },
          };
        }
        return transformed;
      },
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Swagger UI loads only its own scripts and styles, so it runs under the site's strict policy.
      staticCSP: cspHeaderValue(contentSecurityPolicy()),
      uiConfig: { deepLinking: true },
    });

    await registerPartnerOpenApi(app, {
      version: options.version,
      brandName: options.brandName,
      publicUrl: options.publicUrl,
      googleUrl: options.partnerGoogleUrl,
    });
  },
  { name: 'portico-openapi' },
);
