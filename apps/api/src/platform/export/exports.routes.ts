import { ZEnvelope, ZExportParams, ZExportStatus } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope.ts';
import { NotFoundError } from '../http/errors.ts';
import { userOf } from '../http/secure-scope.ts';
import type { BackgroundExports } from './background-exports.ts';

/** GET /api/v1/secure/exports/:exportId: how far the caller's large export is, and its link once ready. */
export function exportRoutes(exports: BackgroundExports): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/exports/:exportId',
      {
        config: { action: 'exports.read' },
        schema: {
          tags: ['exports'],
          summary:
            "A large export's progress (rows rendered of the total) and, once ready, a signed link to its file valid a few minutes; only its requester sees it",
          params: ZExportParams,
          response: { 200: ZEnvelope(ZExportStatus) },
        },
      },
      async (request) => {
        const status = await exports.status(userOf(request).userId, request.params.exportId);
        if (!status) throw new NotFoundError('Export not found.');
        return ok(status);
      },
    );
  };
}
