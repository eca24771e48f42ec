import { ZEnvelope, ZPartnerUsage, ZPartnerUsageExportQuery, ZPartnerUsageQuery } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { usageTable } from './partner-usage.export.ts';
import type { PartnerUsageService } from './partner-usage.service.ts';

const tags = ['partner-credentials'];
const base = '/partner-api/usage';

/** Secure routes: a bot's usage of the partner API (per day, status and carrier, the money charged). */
export function partnerUsageRoutes(service: PartnerUsageService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      base,
      {
        config: { action: 'partner-api.usage' },
        schema: {
          tags,
          summary:
            "A bot's API usage in a window of days (default the last 30): messages sent and failed, delivered and read receipts, other events and the money charged, per day and per carrier",
          querystring: ZPartnerUsageQuery,
          response: { 200: ZEnvelope(ZPartnerUsage) },
        },
      },
      async (request) => ok((await service.usage(userOf(request), request.query)).usage),
    );

    app.get(
      `${base}/export`,
      {
        config: { action: 'partner-api.usage' },
        schema: {
          tags,
          summary:
            "The bot's API usage as Excel (xlsx) or PDF: a row per day, the total and a row per carrier",
          querystring: ZPartnerUsageExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const { botName, usage } = await service.usage(userOf(request), query);
        return sendTable(reply, format, 'api-usage', usageTable(usage, { botName, generatedAt: new Date() }));
      },
    );
  };
}
