import { ZAuditLog, ZAuditLogQuery, ZEnvelope } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope.ts';
import type { AuditService } from './audit.service.ts';

/** GET /api/v1/secure/audit-log: the security records, newest first (provider admins). */
export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit-log',
      {
        config: { action: 'audit-log.read' },
        schema: {
          tags: ['audit'],
          summary:
            'Security records (sign-in, sign-out, failed sign-in, password change, invitations, role changes), newest first; filtered by action, part of an email (who acted or whom it concerned) and an inclusive from/to date range (UTC).',
          querystring: ZAuditLogQuery,
          response: { 200: ZEnvelope(ZAuditLog) },
        },
      },
      async (request) => ok(await audit.list(request.query)),
    );
  };
}
