import {
  ZAnalyticsExportQuery,
  ZAnalyticsQuery,
  ZAnalyticsReport,
  ZEnvelope,
  ZStatementQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { analyticsTable } from './analytics.export.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { statementPdf } from './analytics.statement.ts';

const tags = ['analytics'];
const TITLES = {
  developer: 'My billing',
  carrier: 'Carrier billing',
  platform: 'Platform billing',
} as const;

/** Secure routes of billing analytics (mounted under /api/v1/secure); the audience follows the role. */
export function analyticsRoutes(
  analytics: AnalyticsService,
  options: { brandName: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/analytics/billing',
      {
        config: { action: 'analytics.read' },
        schema: {
          tags,
          summary:
            'Billing analytics of the caller (own partner, own network or the platform): traffic and money over a range of local days, the period before, breakdowns',
          querystring: ZAnalyticsQuery,
          response: { 200: ZEnvelope(ZAnalyticsReport) },
        },
      },
      async (request) => ok(await analytics.report(userOf(request), request.query)),
    );

    app.get(
      '/analytics/billing/export',
      {
        config: { action: 'analytics.read' },
        schema: {
          tags,
          summary: 'The billing analytics view as Excel (xlsx) or PDF, with the filters it shows',
          querystring: ZAnalyticsExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const report = await analytics.report(userOf(request), query);
        const table = analyticsTable(report, {
          title: `${options.brandName} ${TITLES[report.audience].toLowerCase()}`,
          generatedAt: new Date(),
        });
        return sendTable(reply, format, 'billing-analytics', table);
      },
    );

    app.get(
      '/analytics/statement',
      {
        config: { action: 'analytics.statement' },
        schema: {
          tags,
          summary:
            "A partner's monthly statement as PDF: billing information, opening balance, top-ups, charges by carrier and category, verification fees, closing balance",
          querystring: ZStatementQuery,
        },
      },
      async (request, reply) => {
        const statement = await analytics.statement(userOf(request), request.query);
        const body = await statementPdf(statement, { brandName: options.brandName, generatedAt: new Date() });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="statement-${statement.month}.pdf"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  };
}
