import { LIST_WINDOW, ZAuditRecord, ZEnvelope, ZListResult, ZListWindowQuery } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { AUDIT_ACTIONS, type AuditService } from './audit.service.ts';

/** GET /api/v1/secure/audit-log: the security records, newest first (platform admins). */
export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit-log',
      {
        config: { action: 'audit-log.read' },
        schema: {
          tags: ['audit'],
          summary:
            'Security records: sign-in, sign-out, failed sign-in, password change, invitations, role changes.',
          querystring: ZListWindowQuery(LIST_WINDOW, { action: z.enum(AUDIT_ACTIONS).optional() }),
          response: { 200: ZEnvelope(ZListResult(ZAuditRecord)) },
        },
      },
      async (request) => {
        const { items, total } = await audit.list(request.query);
        return ok({
          items: items.map((row) => ({
            id: row.id,
            action: row.action,
            actorEmail: row.actorEmail,
            subjectEmail: row.subjectEmail,
            partnerId: row.partnerId,
            ip: row.ip,
            detail: row.detail ?? null,
            createdAt: row.createdAt.toISOString(),
          })),
          total,
        });
      },
    );
  };
}
