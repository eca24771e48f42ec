import multipart from '@fastify/multipart';
import {
  AUDIENCE_MAX_BYTES,
  AUDIENCE_REFUSAL_LABELS,
  AUDIENCE_STATUS_LABELS,
  type AudienceRefusalReason,
  ZAudience,
  ZAudienceDetails,
  ZAudienceExportQuery,
  ZAudienceList,
  ZAudienceListQuery,
  ZAudienceParams,
  ZAudienceReachCheck,
  ZAudienceReachList,
  ZAudienceReachRequest,
  ZAudienceRecipientList,
  ZAudienceRecipientsQuery,
  ZAudienceUploadQuery,
  ZEnvelope,
  ZNoData,
  ZRefusedLinesQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStreamedSheet } from '../../platform/export/streamed-sheet.ts';
import { neutraliseFormula, sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError, UnsupportedMediaTypeError } from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { UPLOAD_BROKEN } from '../../platform/uploads/receive.ts';
import { audiencesTable } from './audiences.export.ts';
import type { AudiencesService } from './audiences.service.ts';

const tags = ['audiences'];
const REFUSED_HEADER = ['line', 'reason', 'detail', 'content'];

/** Secure routes of audiences: upload, list, export, one audience, its recipients and refused lines, delete. */
export function audiencesRoutes(service: AudiencesService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: AUDIENCE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });

    app.post(
      '/audiences',
      {
        config: { action: 'audiences.write' },
        schema: {
          tags,
          summary:
            'Uploads an audience file (multipart field `file`: CSV, TXT or XLSX, at most 100 MB, a name of at most 50 characters), streamed to storage; the check runs as a job',
          querystring: ZAudienceUploadQuery,
          response: { 200: ZEnvelope(ZAudience) },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new UnsupportedMediaTypeError('Send the file as multipart/form-data.');
        const multipartErrors = request.server.multipartErrors;
        try {
          const part = await request.file();
          if (!part) throw new BadRequestError('Choose a file to upload.');
          const audience = await service.upload(
            userOf(request),
            { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated },
            request.query.name,
          );
          return ok(audience, 'Uploaded: the check has started');
        } catch (error) {
          if (error instanceof multipartErrors.RequestFileTooLargeError)
            throw new BadRequestError('The file is larger than 100.0 MB.');
          if (
            error instanceof multipartErrors.FilesLimitError ||
            error instanceof multipartErrors.FieldsLimitError ||
            error instanceof multipartErrors.PartsLimitError
          )
            throw new BadRequestError('Send one file only, in the field `file`.');
          if (error instanceof multipartErrors.InvalidMultipartContentTypeError)
            throw new UnsupportedMediaTypeError('Send the file as multipart/form-data.');
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new BadRequestError('The file is larger than 100.0 MB.');
          if (
            error instanceof Error &&
            error.name === 'Error' &&
            /Unexpected end|boundary/i.test(error.message)
          )
            throw new BadRequestError(UPLOAD_BROKEN);
          throw error;
        }
      },
    );

    app.get(
      '/audiences',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary: "The partner's audiences, newest first (search by name or file, filter by status)",
          querystring: ZAudienceListQuery,
          response: { 200: ZEnvelope(ZAudienceList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.query)),
    );

    app.get(
      '/audiences/export',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary: 'The audiences as Excel (xlsx) or PDF, filters applied',
          querystring: ZAudienceExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await service.exportRows(userOf(request), filters);
        const described =
          [
            filters.search ? `containing "${filters.search}"` : null,
            filters.status ? AUDIENCE_STATUS_LABELS[filters.status] : null,
          ]
            .filter(Boolean)
            .join(', ') || 'All audiences';
        return sendTable(
          reply,
          format,
          'audiences',
          audiencesTable(items, { filters: described, generatedAt: new Date() }),
        );
      },
    );

    app.get(
      '/audiences/:audienceId',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary:
            'One audience with its live counts (read, kept, refused by reason) while its check runs, and its reach through each RCS bot checked',
          params: ZAudienceParams,
          response: { 200: ZEnvelope(ZAudienceDetails) },
        },
      },
      async (request) => ok(await service.details(userOf(request), request.params.audienceId)),
    );

    app.get(
      '/audiences/:audienceId/reach',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary:
            "The audience's reach through each RCS bot checked: running (counts growing), ready or failed",
          params: ZAudienceParams,
          response: { 200: ZEnvelope(ZAudienceReachList) },
        },
      },
      async (request) => ok({ items: await service.reachChecks(userOf(request), request.params.audienceId) }),
    );

    app.post(
      '/audiences/:audienceId/reach',
      {
        config: { action: 'audiences.write' },
        schema: {
          tags,
          summary:
            "Checks a ready audience's reach through one of the partner's RCS bots (the network's capability check, run as a job; replaces the previous result for that bot)",
          params: ZAudienceParams,
          body: ZAudienceReachRequest,
          response: { 200: ZEnvelope(ZAudienceReachCheck) },
        },
      },
      async (request) => {
        const { check, started } = await service.startReach(
          userOf(request),
          request.params.audienceId,
          request.body.bot_id,
        );
        return ok(check, started ? 'Reach check started' : 'The reach check is already running');
      },
    );

    app.get(
      '/audiences/:audienceId/recipients',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary: "The audience's kept recipients in file order, with their personalised values",
          params: ZAudienceParams,
          querystring: ZAudienceRecipientsQuery,
          response: { 200: ZEnvelope(ZAudienceRecipientList) },
        },
      },
      async (request) =>
        ok(await service.recipients(userOf(request), request.params.audienceId, request.query)),
    );

    app.get(
      '/audiences/:audienceId/refused-lines',
      {
        config: { action: 'audiences.read' },
        schema: {
          tags,
          summary: 'Every refused line with its line number and reason, as CSV or Excel (streamed)',
          params: ZAudienceParams,
          querystring: ZRefusedLinesQuery,
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const audience = await service.get(user, request.params.audienceId);
        const pages = service.refusedLines(user, audience.audience_id);
        const base = `${audience.name.replace(/[^\w.-]+/g, '-').slice(0, 40) || 'audience'}-refused-lines`;
        const label = (reason: string) => AUDIENCE_REFUSAL_LABELS[reason as AudienceRefusalReason] ?? reason;
        return sendStreamedSheet(reply, request.query.format, {
          base,
          sheetName: 'Refused lines',
          header: REFUSED_HEADER,
          widths: REFUSED_HEADER.map((header) => (header === 'line' ? 8 : 40)),
          pages,
          cells: (r) => [r.line, label(r.reason), neutraliseFormula(r.detail), neutraliseFormula(r.raw)],
        });
      },
    );

    app.delete(
      '/audiences/:audienceId',
      {
        config: { action: 'audiences.write' },
        schema: {
          tags,
          summary: 'Deletes the audience, its recipients, refused lines and file (a running check stops)',
          params: ZAudienceParams,
          response: { 200: ZEnvelope(ZNoData) },
        },
      },
      async (request) => {
        await service.remove(userOf(request), request.params.audienceId);
        return ok(null, 'Audience deleted');
      },
    );
  };
}
