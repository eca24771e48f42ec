import {
  auditActionLabel,
  auditSentence,
  formatDateTime,
  ZAuditLog,
  ZAuditLogExportQuery,
  ZAuditLogQuery,
  ZEnvelope,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTable } from '../export/tables.ts';
import { ok } from '../http/envelope.ts';
import type { AuditService } from './audit.service.ts';

const tags = ['audit'];

/** GET /api/v1/secure/audit-log (+ /export): the security records (provider admins). */
export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit-log',
      {
        config: { action: 'audit-log.read' },
        schema: {
          tags,
          summary:
            'Security records (sign-in, sign-out, failed sign-in, password change, invitations, role changes), newest first unless sorted otherwise; filtered by action, part of an email (who acted or whom it concerned) and an inclusive from/to date range (UTC).',
          querystring: ZAuditLogQuery,
          response: { 200: ZEnvelope(ZAuditLog) },
        },
      },
      async (request) => ok(await audit.list(request.query)),
    );

    app.get(
      '/audit-log/export',
      {
        config: { action: 'audit-log.read' },
        schema: {
          tags,
          summary:
            'The same records as Excel (xlsx) or PDF, filters and sort applied; each record as a sentence',
          querystring: ZAuditLogExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const { items, total } = await audit.exportRows(filters);
        return sendTable(reply, format, 'security-records', {
          title: 'Security records',
          subtitle: [
            filters.action ? auditActionLabel(filters.action) : 'All actions',
            ...(filters.email ? [`Email contains "${filters.email}"`] : []),
            ...(filters.from || filters.to
              ? [`${filters.from ?? '…'} to ${filters.to ?? '…'} (UTC days)`]
              : []),
            items.length < total
              ? `The first ${items.length} of ${total} records`
              : `${total} record${total === 1 ? '' : 's'}`,
            'Times in UTC',
          ].join(' · '),
          columns: [
            { header: 'When (UTC)', width: 110 },
            { header: 'Action', width: 120 },
            { header: 'What happened', width: 330 },
            { header: 'IP address', width: 100 },
          ],
          rows: items.map((record) => [
            String(formatDateTime(record.createdAt, '+00:00')),
            auditActionLabel(record.action),
            auditSentence(record),
            record.ip ?? '',
          ]),
          emptyText: 'No security records match the filters.',
        });
      },
    );
  };
}
