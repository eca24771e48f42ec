import { USER_DETAILS_NOT_PRESENT, ZEnvelope, ZPartnerDetails, ZReferenceToken } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failed, ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { PartnersService } from './partners.service.ts';

const tags = ['partners'];

/** Secure partner routes (mounted under /api/v1/secure). */
export function partnersRoutes(partners: PartnersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/partner-details',
      {
        config: { action: 'partner-details.read' },
        schema: {
          tags,
          summary:
            "The caller's partner details. While user details are not set up: HTTP 200 with status_code 11, 'User details not present', data null.",
          response: { 200: ZEnvelope(ZPartnerDetails.nullable()) },
        },
      },
      async (request) => {
        const result = await partners.partnerDetails(userOf(request));
        return result.present ? ok(result.details) : failed(USER_DETAILS_NOT_PRESENT, null);
      },
    );

    app.get(
      '/reference-token',
      {
        config: { action: 'reference-token.issue' },
        schema: {
          tags,
          summary:
            'An encoded, short-lived reference token for the external analytics dashboard and firewall links',
          response: { 200: ZEnvelope(ZReferenceToken) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await partners.referenceToken(userOf(request)));
      },
    );
  };
}
