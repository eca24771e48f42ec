import multipart from '@fastify/multipart';
import {
  TEMPLATE_MACHINE,
  ZActiveTemplateList,
  ZActiveTemplatesQuery,
  ZEnvelope,
  ZNoData,
  ZReviewDecisionRequest,
  ZTemplate,
  ZTemplateCreateRequest,
  ZTemplateHistory,
  ZTemplateHistoryQuery,
  ZTemplateImport,
  ZTemplateImportRequest,
  ZTemplateJson,
  ZTemplateJsonQuery,
  ZTemplateList,
  ZTemplateMediaUpload,
  ZTemplateParams,
  ZTemplatesExportQuery,
  ZTemplatesQuery,
  ZTemplateTestRequest,
  ZTemplateTestRun,
  ZTemplateTestSummary,
  ZTemplateUpdateRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { multipartLimits } from '../../platform/uploads/receive.ts';
import { templatesTable } from './templates.export.ts';
import { mediaUploaded, receiveTemplateMedia, TEMPLATE_MEDIA_FORM } from './templates.media.ts';
import type { TemplatesService } from './templates.service.ts';

const tags = ['templates'];

/** Secure template routes (under /api/v1/secure): scoped to the caller's partner, admins see submitted ones. */
export function templatesRoutes(
  templates: TemplatesService,
  options: { brandName: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/templates',
      {
        config: { action: 'templates.read' },
        schema: {
          tags,
          summary:
            'Templates (per bot with bot_id): search by name, channel, type, language, status, sort, window',
          querystring: ZTemplatesQuery,
          response: { 200: ZEnvelope(ZTemplateList) },
        },
      },
      async (request) => {
        const { start, end, ...filters } = request.query;
        return ok(await templates.list(userOf(request), filters, { start, end }));
      },
    );

    app.get(
      '/templates/export',
      {
        config: { action: 'templates.read' },
        schema: {
          tags,
          summary: 'The same list as Excel (xlsx) or PDF, filters applied',
          querystring: ZTemplatesExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await templates.exportRows(userOf(request), filters);
        const described = [
          filters.status ? `Status ${TEMPLATE_MACHINE.states[filters.status].label}` : 'All statuses',
          filters.channel ? `channel ${filters.channel === 'rcs' ? 'RCS' : 'WhatsApp'}` : null,
          filters.type ? `type ${filters.type.replace('_', ' ')}` : null,
          filters.language ? `language ${filters.language}` : null,
          filters.search ? `search "${filters.search}"` : null,
        ]
          .filter(Boolean)
          .join(', ');
        const table = templatesTable(items, {
          brandName: options.brandName,
          filters: described,
          generatedAt: new Date(),
        });
        return sendTable(reply, format, 'templates', table);
      },
    );

    app.get(
      '/templates/active',
      {
        config: { action: 'templates.read' },
        schema: {
          tags,
          summary: 'The active bot template list: approved templates of launched bots (what campaigns send)',
          querystring: ZActiveTemplatesQuery,
          response: { 200: ZEnvelope(ZActiveTemplateList) },
        },
      },
      async (request) => {
        const { start, end, ...filters } = request.query;
        return ok(await templates.active(userOf(request), filters, { start, end }));
      },
    );

    app.post(
      '/templates/import',
      {
        config: { action: 'templates.write' },
        schema: {
          tags,
          summary:
            "Reads the network's JSON (RBM AgentMessage, Meta's template) into a template to start from; saves nothing",
          body: ZTemplateImportRequest,
          response: { 200: ZEnvelope(ZTemplateImport) },
        },
      },
      async (request) => ok(templates.importJson(request.body.channel, request.body.json)),
    );

    app.post(
      '/templates',
      {
        config: { action: 'templates.write' },
        schema: {
          tags,
          summary: 'Creates a template of a bot (a draft; submit: true also submits it for approval)',
          body: ZTemplateCreateRequest,
          response: { 201: ZEnvelope(ZTemplate) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await templates.create(userOf(request), request.body), 'Template saved')),
    );

    app.get(
      '/templates/:templateId',
      {
        config: { action: 'templates.read' },
        schema: {
          tags,
          summary: 'A template with its versions',
          params: ZTemplateParams,
          response: { 200: ZEnvelope(ZTemplate) },
        },
      },
      async (request) => ok(await templates.get(userOf(request), request.params.templateId)),
    );

    app.put(
      '/templates/:templateId',
      {
        config: { action: 'templates.write' },
        schema: {
          tags,
          summary:
            'Edits a template: a draft or rejected version in place; an approved one gets a new version (the old stays in use); pending: 409',
          params: ZTemplateParams,
          body: ZTemplateUpdateRequest,
          response: { 200: ZEnvelope(ZTemplate) },
        },
      },
      async (request) =>
        ok(
          await templates.update(userOf(request), request.params.templateId, request.body),
          'Template saved',
        ),
    );

    app.delete(
      '/templates/:templateId',
      {
        config: { action: 'templates.write' },
        schema: {
          tags,
          summary: 'Deletes a template (a WhatsApp one on Meta too)',
          params: ZTemplateParams,
          response: { 200: ZEnvelope(ZNoData) },
        },
      },
      async (request) => {
        await templates.remove(userOf(request), request.params.templateId);
        return ok(null, 'Template deleted');
      },
    );

    app.post(
      '/templates/:templateId/submit',
      {
        config: { action: 'templates.write' },
        schema: {
          tags,
          summary: 'Submits the latest version for approval: RCS to the platform, WhatsApp to Meta',
          params: ZTemplateParams,
          response: { 200: ZEnvelope(ZTemplate) },
        },
      },
      async (request) =>
        ok(await templates.submit(userOf(request), request.params.templateId), 'Template submitted'),
    );

    for (const action of ['approve', 'reject'] as const) {
      app.post(
        `/templates/:templateId/${action}`,
        {
          config: { action: 'templates.review' },
          schema: {
            tags,
            summary: `${action === 'approve' ? 'Approves' : 'Rejects (with a reason)'} an RCS template for the platform`,
            params: ZTemplateParams,
            body: ZReviewDecisionRequest,
            response: { 200: ZEnvelope(ZTemplate) },
          },
        },
        async (request) =>
          ok(
            await templates.decide(userOf(request), request.params.templateId, action, request.body.reason),
            action === 'approve' ? 'Template approved' : 'Template rejected',
          ),
      );
    }

    app.get(
      '/templates/:templateId/history',
      {
        config: { action: 'templates.read' },
        schema: {
          tags,
          summary: 'The history of a template: every change and decision',
          params: ZTemplateParams,
          querystring: ZTemplateHistoryQuery,
          response: { 200: ZEnvelope(ZTemplateHistory) },
        },
      },
      async (request) =>
        ok(await templates.history(userOf(request), request.params.templateId, request.query)),
    );

    app.post(
      '/templates/:templateId/tests',
      {
        config: { action: 'templates.test' },
        schema: {
          tags,
          summary: "Sends the template to the bot's chosen test devices, variables filled",
          params: ZTemplateParams,
          body: ZTemplateTestRequest,
          response: { 200: ZEnvelope(ZTemplateTestRun) },
        },
      },
      async (request) =>
        ok(await templates.test(userOf(request), request.params.templateId, request.body), 'Test sent'),
    );

    app.post(
      '/templates/:templateId/retest',
      {
        config: { action: 'templates.test' },
        schema: {
          tags,
          summary: 'Sends the latest version again to the last test’s devices with its values',
          params: ZTemplateParams,
          response: { 200: ZEnvelope(ZTemplateTestRun) },
        },
      },
      async (request) => ok(await templates.retest(userOf(request), request.params.templateId), 'Test sent'),
    );

    app.get(
      '/templates/:templateId/test-summary',
      {
        config: { action: 'templates.read' },
        schema: {
          tags,
          summary: 'The latest tests per device: sent, delivered, read, failed, and what was tapped',
          params: ZTemplateParams,
          response: { 200: ZEnvelope(ZTemplateTestSummary) },
        },
      },
      async (request) => ok(await templates.testSummary(userOf(request), request.params.templateId)),
    );

    app.get(
      '/templates/:templateId/json',
      {
        config: { action: 'templates.read' },
        schema: {
          tags,
          summary: "A version as the network's JSON (RBM AgentMessage, Meta's message template body)",
          params: ZTemplateParams,
          querystring: ZTemplateJsonQuery,
          response: { 200: ZEnvelope(ZTemplateJson) },
        },
      },
      async (request) =>
        ok(await templates.json(userOf(request), request.params.templateId, request.query.version)),
    );

    // The media upload: multipart, in a scope of its own with the form's limits.
    await app.register(async (scope) => {
      const uploads = scope.withTypeProvider<ZodTypeProvider>();
      await scope.register(multipart, multipartLimits(TEMPLATE_MEDIA_FORM));
      uploads.post(
        '/templates/media',
        {
          config: { action: 'templates.write' },
          schema: {
            tags,
            summary:
              "A card's or header's media (multipart: file, channel): checked by content and the network's size limit, then stored",
            consumes: ['multipart/form-data'],
            response: { 201: ZEnvelope(ZTemplateMediaUpload) },
          },
        },
        async (request, reply) => {
          const { bytes, media } = await receiveTemplateMedia(request);
          const stored = await templates.storeMedia(bytes, media.contentType, media.extension);
          return reply.code(201).send(ok(mediaUploaded(stored, media, bytes), 'Media uploaded'));
        },
      );
    });
  };
}
