import {
  OPT_OUT_SOURCE_LABELS,
  ZEnvelope,
  ZNoData,
  ZOptOut,
  ZOptOutAddRequest,
  ZOptOutExportQuery,
  ZOptOutList,
  ZOptOutListQuery,
  ZOptOutParams,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { optOutsTable } from './audiences.export.ts';
import type { OptOutsService } from './opt-outs.service.ts';

const tags = ['audiences'];

/** Secure routes of the partner's opt-out list: list, search, export, add, remove. */
export function optOutsRoutes(service: OptOutsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/opt-outs',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary: "The partner's opt-out list, newest first (search by number, filter by source)",
          querystring: ZOptOutListQuery,
          response: { 200: ZEnvelope(ZOptOutList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.query)),
    );

    app.get(
      '/opt-outs/export',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary: 'The opt-out list as Excel (xlsx) or PDF, filters applied',
          querystring: ZOptOutExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await service.exportRows(userOf(request), filters);
        const described =
          [
            filters.search ? `numbers containing "${filters.search}"` : null,
            filters.source ? OPT_OUT_SOURCE_LABELS[filters.source] : null,
          ]
            .filter(Boolean)
            .join(', ') || 'All numbers';
        return sendTable(
          reply,
          format,
          'opt-outs',
          optOutsTable(items, { filters: described, generatedAt: new Date() }),
        );
      },
    );

    app.post(
      '/opt-outs',
      {
        config: { action: 'opt-outs.write' },
        schema: {
          tags,
          summary: 'Adds a number to the opt-out list (a number already there keeps its first time)',
          body: ZOptOutAddRequest,
          response: { 200: ZEnvelope(ZOptOut) },
        },
      },
      async (request) => ok(await service.add(userOf(request), request.body.msisdn)),
    );

    app.delete(
      '/opt-outs/:msisdn',
      {
        config: { action: 'opt-outs.write' },
        schema: {
          tags,
          summary: "Removes a number from the opt-out list: the partner's bots may message it again",
          params: ZOptOutParams,
          response: { 200: ZEnvelope(ZNoData) },
        },
      },
      async (request) => {
        await service.remove(userOf(request), request.params.msisdn);
        return ok(null);
      },
    );
  };
}
