import multipart from '@fastify/multipart';
import {
  BRAND_DOCUMENT_MAX_BYTES,
  BRAND_LOGO,
  ZBrand,
  ZBrandCarrierReviewParams,
  ZBrandDocumentFields,
  ZBrandDocumentLink,
  ZBrandDocumentParams,
  ZBrandHistoryQuery,
  ZBrandList,
  ZBrandParams,
  ZBrandRequest,
  ZBrandReviewParams,
  ZBrandsExportQuery,
  ZBrandsQuery,
  ZBulkDecisionRequest,
  ZBulkDecisionResult,
  ZEnvelope,
  ZReviewDecisionRequest,
  ZReviewHistory,
} from '@portico/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { decideEach } from '../../platform/review/bulk.ts';
import { multipartLimits, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';
import { brandsTable } from './brands.export.ts';
import type { BrandsService } from './brands.service.ts';

const tags = ['brands'];

const LOGO_FORM: UploadSpec = { files: { logo: { label: 'Logo', maxBytes: BRAND_LOGO.maxBytes } } };
const DOCUMENT_FORM: UploadSpec = {
  files: { document: { label: 'Business document', maxBytes: BRAND_DOCUMENT_MAX_BYTES } },
  fields: ['document_type_id'],
};

/** Secure brand routes (mounted under /api/v1/secure): each audience is scoped by the service. */
export function brandsRoutes(brands: BrandsService, options: { brandName: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/brands',
      {
        config: { action: 'brands.read' },
        schema: {
          tags,
          summary:
            "Brands the caller sees (own partner's; every submitted one for admins; its network's for carriers): search, status, sort; reviewers get how many each of their tabs holds (tabCounts)",
          querystring: ZBrandsQuery,
          response: { 200: ZEnvelope(ZBrandList) },
        },
      },
      async (request) => {
        const { start, end, ...filters } = request.query;
        return ok(await brands.list(userOf(request), filters, { start, end }));
      },
    );

    app.get(
      '/brands/export',
      {
        config: { action: 'brands.read' },
        schema: {
          tags,
          summary: 'The same list as Excel (xlsx) or PDF, filters applied',
          querystring: ZBrandsExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await brands.exportRows(userOf(request), filters);
        const described = [
          filters.status ? `Status ${filters.status.replaceAll('_', ' ')}` : 'All statuses',
          filters.search ? `search "${filters.search}"` : null,
        ]
          .filter(Boolean)
          .join(', ');
        const table = brandsTable(items, {
          brandName: options.brandName,
          filters: described,
          generatedAt: new Date(),
        });
        return sendTable(reply, format, 'brands', table);
      },
    );

    app.post(
      '/brands',
      {
        config: { action: 'brands.write' },
        schema: {
          tags,
          summary: 'Creates a brand (a draft)',
          body: ZBrandRequest,
          response: { 201: ZEnvelope(ZBrand) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await brands.create(userOf(request), request.body), 'Brand created')),
    );

    app.get(
      '/brands/:brandId',
      {
        config: { action: 'brands.read' },
        schema: {
          tags,
          summary: 'One brand with its carriers, documents and verification',
          params: ZBrandParams,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) => ok(await brands.get(userOf(request), request.params.brandId)),
    );

    app.put(
      '/brands/:brandId',
      {
        config: { action: 'brands.write' },
        schema: {
          tags,
          summary: "Updates a brand (a verified brand's name, website and industry are locked)",
          params: ZBrandParams,
          body: ZBrandRequest,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) =>
        ok(await brands.update(userOf(request), request.params.brandId, request.body), 'Brand updated'),
    );

    app.delete(
      '/brands/:brandId',
      {
        config: { action: 'brands.write' },
        schema: {
          tags,
          summary: 'Deletes a draft or rejected brand (never one with a launched bot)',
          params: ZBrandParams,
        },
      },
      async (request) => {
        await brands.remove(userOf(request), request.params.brandId);
        return ok(null, 'Brand deleted');
      },
    );

    app.get(
      '/brands/:brandId/history',
      {
        config: { action: 'brands.read' },
        schema: {
          tags,
          summary: 'The brand history: who, when, from, to, why (a carrier reads its own network only)',
          params: ZBrandParams,
          querystring: ZBrandHistoryQuery,
          response: { 200: ZEnvelope(ZReviewHistory) },
        },
      },
      async (request) => {
        const { start, end } = request.query;
        return ok(await brands.history(userOf(request), request.params.brandId, { start, end }));
      },
    );

    app.post(
      '/brands/:brandId/submit',
      {
        config: { action: 'brands.write' },
        schema: {
          tags,
          summary: 'Independent brand submission (without a bot)',
          params: ZBrandParams,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) => ok(await brands.submit(userOf(request), request.params.brandId), 'Brand submitted'),
    );

    app.post(
      '/brands/:brandId/verification',
      {
        config: { action: 'brands.write' },
        schema: {
          tags,
          summary: 'Asks the network (Business Communications API) to verify the brand',
          params: ZBrandParams,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) => ok(await brands.requestVerification(userOf(request), request.params.brandId)),
    );

    app.post(
      '/brands/:brandId/verification/refresh',
      {
        config: { action: 'brands.write' },
        schema: {
          tags,
          summary: "Reads the network's verification state again",
          params: ZBrandParams,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) => ok(await brands.refreshVerification(userOf(request), request.params.brandId)),
    );

    app.post(
      '/brands/:brandId/review/:action',
      {
        config: { action: 'brands.review' },
        schema: {
          tags,
          summary: 'The platform forwards, approves or rejects (with a reason) a submitted brand',
          params: ZBrandReviewParams,
          body: ZReviewDecisionRequest,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) =>
        ok(
          await brands.decide(
            userOf(request),
            request.params.brandId,
            request.params.action,
            request.body.reason,
          ),
        ),
    );

    app.post(
      '/brands/:brandId/carrier-review/:action',
      {
        config: { action: 'brands.carrier-review' },
        schema: {
          tags,
          summary: 'A carrier approves or rejects (with a reason) a brand for its own network',
          params: ZBrandCarrierReviewParams,
          body: ZReviewDecisionRequest,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) =>
        ok(
          await brands.carrierDecide(
            userOf(request),
            request.params.brandId,
            request.params.action,
            request.body.reason,
          ),
        ),
    );

    app.post(
      '/brands/bulk-review',
      {
        config: { action: 'brands.review' },
        schema: {
          tags,
          summary:
            'The platform approves, or rejects with one reason, each chosen brand: each as one decision in its own unit of work, each outcome reported',
          body: ZBulkDecisionRequest,
          response: { 200: ZEnvelope(ZBulkDecisionResult) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { action, ids, reason } = request.body;
        const result = await decideEach(ids, (id) => brands.decide(user, id, action, reason), request.log);
        return ok(result, `${result.done} decided, ${result.refused} refused`);
      },
    );

    app.post(
      '/brands/bulk-carrier-review',
      {
        config: { action: 'brands.carrier-review' },
        schema: {
          tags,
          summary:
            "A carrier approves, or rejects with one reason, each chosen brand for its own network (another network's brand: refused as not found), each in its own unit of work",
          body: ZBulkDecisionRequest,
          response: { 200: ZEnvelope(ZBulkDecisionResult) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { action, ids, reason } = request.body;
        const result = await decideEach(
          ids,
          (id) => brands.carrierDecide(user, id, action, reason),
          request.log,
        );
        return ok(result, `${result.done} decided, ${result.refused} refused`);
      },
    );

    app.get(
      '/brands/:brandId/documents/:documentId/link',
      {
        config: { action: 'brands.read' },
        schema: {
          tags,
          summary: 'A short-lived signed download link of a business document',
          params: ZBrandDocumentParams,
          response: { 200: ZEnvelope(ZBrandDocumentLink) },
        },
      },
      async (request) =>
        ok(await brands.documentLink(userOf(request), request.params.brandId, request.params.documentId)),
    );

    app.delete(
      '/brands/:brandId/documents/:documentId',
      {
        config: { action: 'brands.write' },
        schema: {
          tags,
          summary: 'Removes a business document',
          params: ZBrandDocumentParams,
          response: { 200: ZEnvelope(ZBrand) },
        },
      },
      async (request) =>
        ok(
          await brands.removeDocument(userOf(request), request.params.brandId, request.params.documentId),
          'Document removed',
        ),
    );

    // The uploads: multipart, in a scope of their own with the form's limits.
    await app.register(async (scope) => {
      const uploads = scope.withTypeProvider<ZodTypeProvider>();
      await scope.register(
        multipart,
        multipartLimits({
          files: { ...LOGO_FORM.files, ...DOCUMENT_FORM.files },
          fields: DOCUMENT_FORM.fields ?? [],
        }),
      );

      uploads.post(
        '/brands/:brandId/logo',
        {
          config: { action: 'brands.write' },
          schema: {
            tags,
            summary: 'The brand logo (multipart: logo; PNG/JPEG/WebP/GIF of 224 x 224 px, at most 50 KB)',
            consumes: ['multipart/form-data'],
            params: ZBrandParams,
            response: { 200: ZEnvelope(ZBrand) },
          },
        },
        async (request) => {
          const { files } = await receiveUpload(request, LOGO_FORM);
          if (!files.logo)
            throw new BadRequestError('Choose a logo image.', [
              { field: 'logo', message: 'Choose a logo image.' },
            ]);
          return ok(
            await brands.setLogo(userOf(request), request.params.brandId, files.logo.bytes),
            'Logo saved',
          );
        },
      );

      uploads.post(
        '/brands/:brandId/documents',
        {
          config: { action: 'brands.write' },
          schema: {
            tags,
            summary:
              'Adds a business document (multipart: document_type_id, document; a PDF checked by content, at most 5 MB)',
            consumes: ['multipart/form-data'],
            params: ZBrandParams,
            response: { 200: ZEnvelope(ZBrand) },
          },
        },
        async (request) => {
          const { files, fields } = await receiveUpload(request, DOCUMENT_FORM);
          const parsed = ZBrandDocumentFields.safeParse(fields);
          if (!parsed.success) {
            const message = 'Choose a document type.';
            throw new BadRequestError(message, [{ field: 'document_type_id', message }]);
          }
          if (!files.document) {
            throw new BadRequestError('Choose a PDF document.', [
              { field: 'document', message: 'Choose a PDF document.' },
            ]);
          }
          return ok(
            await brands.addDocument(
              userOf(request),
              request.params.brandId,
              parsed.data.document_type_id,
              files.document,
            ),
            'Document added',
          );
        },
      );
    });
  };
}
