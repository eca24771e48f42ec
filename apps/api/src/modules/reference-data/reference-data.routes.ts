import {
  LOOKUP_KINDS,
  type LookupKind,
  ZBillingCategory,
  ZCarrier,
  ZCarrierListQuery,
  ZCountry,
  ZEnvelope,
  ZIndustryTypesQuery,
  ZListResult,
  ZLookupValue,
  ZReferenceListQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import type { ReferenceDataService } from './reference-data.service.ts';

const tags = ['reference-data'];
const LABELS: Record<LookupKind, string> = {
  categories: 'Bot categories',
  'industry-types': 'Industry types (default window 0-500)',
  'hosting-regions': 'Agent hosting regions',
  'document-types': 'Business verification document types',
  'agent-message-types': 'Agent message types (Promotional, OTP, Multi-Use, Transactional)',
  'billing-categories': 'Billing categories',
  'supported-platforms': 'Supported messaging platforms',
  'chatbot-platforms': 'Chatbot platforms a bot can be associated with',
};

/** Public reference lists under /api/v1/reference: each takes start/end (max 500 apart) and returns {items, total}. */
export function referenceDataRoutes(service: ReferenceDataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/countries',
      {
        schema: {
          tags,
          summary: 'Countries with their dialling codes and region',
          querystring: ZReferenceListQuery,
          response: { 200: ZEnvelope(ZListResult(ZCountry)) },
        },
      },
      async (request) => ok(await service.countries(request.query)),
    );

    app.get(
      '/carriers',
      {
        schema: {
          tags,
          summary: 'Mobile network operators, optionally of one country (country_id)',
          querystring: ZCarrierListQuery,
          response: { 200: ZEnvelope(ZListResult(ZCarrier)) },
        },
      },
      async (request) => ok(await service.carriers(request.query)),
    );

    app.get(
      '/billing-categories',
      {
        schema: {
          tags,
          summary: LABELS['billing-categories'],
          querystring: ZReferenceListQuery,
          response: { 200: ZEnvelope(ZListResult(ZBillingCategory)) },
        },
      },
      async (request) => ok(await service.billingCategories(request.query)),
    );

    for (const kind of LOOKUP_KINDS) {
      if (kind === 'billing-categories') continue;
      app.get(
        `/${kind}`,
        {
          schema: {
            tags,
            summary: LABELS[kind],
            querystring: kind === 'industry-types' ? ZIndustryTypesQuery : ZReferenceListQuery,
            response: { 200: ZEnvelope(ZListResult(ZLookupValue)) },
          },
        },
        async (request) => ok(await service.lookups(kind, request.query)),
      );
    }
  };
}
