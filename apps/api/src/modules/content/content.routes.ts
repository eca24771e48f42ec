import multipart from '@fastify/multipart';
import {
  CONTENT_LIMITS,
  formatDate,
  formatDateTime,
  publicationPresentation,
  ZContentId,
  ZDownload,
  ZDownloadFields,
  ZDownloadsQuery,
  ZEnvelope,
  ZFaq,
  ZFaqInput,
  ZFaqList,
  ZFaqsQuery,
  ZListResult,
  ZNoData,
  ZPressRelease,
  ZPressReleaseInput,
  ZPressReleasesExportQuery,
  ZPressReleasesQuery,
  ZReorderRequest,
  ZSampleFileParams,
  ZSampleFileQuery,
  ZVideo,
  ZVideoFields,
  ZVideosQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { contentDisposition } from '../../platform/uploads/downloads.routes.ts';
import { multipartLimits, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';
import { type ContentService, ORDERED_KINDS } from './content.service.ts';

const tags = ['content'];

const DOWNLOAD_FORM: UploadSpec = {
  files: { file: { label: 'File', maxBytes: CONTENT_LIMITS.downloadBytes } },
  fields: ['category', 'name', 'description', 'published'],
};
const VIDEO_FORM: UploadSpec = {
  files: {
    video: { label: 'Video', maxBytes: CONTENT_LIMITS.videoBytes },
    poster: { label: 'Poster', maxBytes: CONTENT_LIMITS.posterBytes },
    captions: { label: 'Captions', maxBytes: CONTENT_LIMITS.captionsBytes },
  },
  fields: ['title', 'description', 'duration_seconds', 'published'],
};
const IMAGE_FORM: UploadSpec = { files: { image: { label: 'Image', maxBytes: CONTENT_LIMITS.imageBytes } } };

/** The text fields of a multipart form, checked by their contract (400 naming the first problem). */
function formFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BadRequestError(
      issue ? `${issue.path.join('.') || 'form'}: ${issue.message}` : 'Invalid form.',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/** Secure routes of developer assets and press releases (mounted under /api/v1/secure). */
export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    // Limits of the largest form; each file field's own limit is checked by receiveUpload.
    await app.register(multipart, multipartLimits(VIDEO_FORM));

    // ---- shared management of downloads, FAQs and videos ----
    for (const kind of ORDERED_KINDS) {
      app.put(
        `/content/${kind}/order`,
        {
          config: { action: 'content.manage' },
          schema: {
            tags,
            summary: `Reorders the ${kind}: ids in their new order`,
            body: ZReorderRequest,
            response: { 200: ZEnvelope(ZNoData) },
          },
        },
        async (request) => {
          await content.reorder(userOf(request), kind, request.body);
          return ok(null, 'Order saved');
        },
      );
      for (const published of [true, false]) {
        app.post(
          `/content/${kind}/:id/${published ? 'publish' : 'unpublish'}`,
          {
            config: { action: 'content.manage' },
            schema: {
              tags,
              summary: `${published ? 'Publishes' : 'Unpublishes'} one of the ${kind}`,
              params: ZContentId,
              response: { 200: ZEnvelope(ZNoData) },
            },
          },
          async (request) => {
            await content.setPublished(userOf(request), kind, request.params.id, published);
            return ok(null, published ? 'Published' : 'Unpublished');
          },
        );
      }
      app.delete(
        `/content/${kind}/:id`,
        {
          config: { action: 'content.manage' },
          schema: {
            tags,
            summary: `Deletes one of the ${kind}`,
            params: ZContentId,
            response: { 200: ZEnvelope(ZNoData) },
          },
        },
        async (request) => {
          await content.remove(userOf(request), kind, request.params.id);
          return ok(null, 'Deleted');
        },
      );
    }

    // ---- downloads ----
    app.get(
      '/content/downloads',
      {
        config: { action: 'content.read' },
        schema: {
          tags,
          summary: 'Developer assets: downloads by category (drafts too for admins with include_unpublished)',
          querystring: ZDownloadsQuery,
          response: { 200: ZEnvelope(ZListResult(ZDownload)) },
        },
      },
      async (request) => ok(await content.listDownloads(userOf(request), request.query)),
    );
    app.get(
      '/content/downloads/:id/file',
      {
        config: { action: 'content.read' },
        schema: { tags, summary: 'The file of a download, as an attachment', params: ZContentId },
      },
      async (request, reply) => {
        const file = await content.downloadFile(userOf(request), request.params.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.bytes.length)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );
    app.post(
      '/content/downloads',
      {
        config: { action: 'content.manage' },
        schema: {
          tags,
          summary:
            'Adds a download (multipart/form-data): file (PDF, ZIP, CSV or image by content, 20 MB), category, name, description, published',
          consumes: ['multipart/form-data'],
          response: { 201: ZEnvelope(ZDownload) },
        },
      },
      async (request, reply) => {
        const { files, fields } = await receiveUpload(request, DOWNLOAD_FORM);
        const created = await content.createDownload(
          userOf(request),
          formFields(ZDownloadFields, fields),
          files.file,
        );
        return reply.code(201).send(ok(created, 'Download added'));
      },
    );
    app.put(
      '/content/downloads/:id',
      {
        config: { action: 'content.manage' },
        schema: {
          tags,
          summary: 'Edits a download: category, name, description, published',
          params: ZContentId,
          body: ZDownloadFields,
          response: { 200: ZEnvelope(ZDownload) },
        },
      },
      async (request) => ok(await content.updateDownload(userOf(request), request.params.id, request.body)),
    );

    // ---- sample files ----
    app.get(
      '/content/sample-files/:kind',
      {
        config: { action: 'content.read' },
        schema: {
          tags,
          summary: 'The audience list sample or the personalised sample, as csv, xlsx or txt',
          params: ZSampleFileParams,
          querystring: ZSampleFileQuery,
        },
      },
      async (request, reply) => {
        const file = await content.sampleFile(request.params.kind, request.query.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .send(file.bytes);
      },
    );

    // ---- FAQs ----
    app.get(
      '/content/faqs',
      {
        config: { action: 'content.read' },
        schema: {
          tags,
          summary: 'FAQs: full-text search (websearch syntax), category, and the support mailbox',
          querystring: ZFaqsQuery,
          response: { 200: ZEnvelope(ZFaqList) },
        },
      },
      async (request) => ok(await content.listFaqs(userOf(request), request.query)),
    );
    app.post(
      '/content/faqs',
      {
        config: { action: 'content.manage' },
        schema: {
          tags,
          summary: 'Adds an FAQ (answer_html is sanitised to the allow-list)',
          body: ZFaqInput,
          response: { 201: ZEnvelope(ZFaq) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await content.createFaq(userOf(request), request.body), 'FAQ added')),
    );
    app.put(
      '/content/faqs/:id',
      {
        config: { action: 'content.manage' },
        schema: {
          tags,
          summary: 'Edits an FAQ',
          params: ZContentId,
          body: ZFaqInput,
          response: { 200: ZEnvelope(ZFaq) },
        },
      },
      async (request) => ok(await content.updateFaq(userOf(request), request.params.id, request.body)),
    );

    // ---- videos ----
    app.get(
      '/content/videos',
      {
        config: { action: 'content.read' },
        schema: {
          tags,
          summary: 'Videos with signed stream, poster and captions links (HTTP Range on the stream)',
          querystring: ZVideosQuery,
          response: { 200: ZEnvelope(ZListResult(ZVideo)) },
        },
      },
      async (request) => ok(await content.listVideos(userOf(request), request.query)),
    );
    app.post(
      '/content/videos',
      {
        config: { action: 'content.manage' },
        schema: {
          tags,
          summary:
            'Adds a video (multipart/form-data): video (MP4 or WebM, 50 MB), poster (image), captions (WebVTT), title, description, duration_seconds, published',
          consumes: ['multipart/form-data'],
          response: { 201: ZEnvelope(ZVideo) },
        },
      },
      async (request, reply) => {
        const { files, fields } = await receiveUpload(request, VIDEO_FORM);
        const created = await content.createVideo(userOf(request), formFields(ZVideoFields, fields), files);
        return reply.code(201).send(ok(created, 'Video added'));
      },
    );
    app.put(
      '/content/videos/:id',
      {
        config: { action: 'content.manage' },
        schema: {
          tags,
          summary: 'Edits a video',
          params: ZContentId,
          body: ZVideoFields,
          response: { 200: ZEnvelope(ZVideo) },
        },
      },
      async (request) => ok(await content.updateVideo(userOf(request), request.params.id, request.body)),
    );

    // ---- press releases (the marketing admin) ----
    app.get(
      '/press-releases',
      {
        config: { action: 'press-releases.manage' },
        schema: {
          tags,
          summary:
            'Press releases, drafts and published, searched by title or summary; newest publish date first unless sorted otherwise',
          querystring: ZPressReleasesQuery,
          response: { 200: ZEnvelope(ZListResult(ZPressRelease)) },
        },
      },
      async (request) => ok(await content.listPressReleases(request.query)),
    );
    app.get(
      '/press-releases/export',
      {
        config: { action: 'press-releases.manage' },
        schema: {
          tags,
          summary: 'The same list as Excel (xlsx) or PDF, search, status and sort applied',
          querystring: ZPressReleasesExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await content.exportPressReleases(filters);
        return sendTable(reply, format, 'press-releases', {
          title: 'Press releases',
          subtitle: [
            filters.status
              ? publicationPresentation(filters.status === 'published').short
              : 'Drafts and published',
            ...(filters.search ? [`Search "${filters.search}"`] : []),
            `${items.length} press release${items.length === 1 ? '' : 's'}`,
            'Times in UTC',
          ].join(' · '),
          columns: [
            { header: 'Title', width: 250 },
            { header: 'Summary', width: 250 },
            { header: 'Status', width: 70 },
            { header: 'Publish date', width: 80 },
            { header: 'Last changed (UTC)', width: 110 },
          ],
          rows: items.map((item) => [
            item.title,
            item.summary,
            publicationPresentation(item.status === 'published').short,
            String(formatDate(item.publish_date)),
            String(formatDateTime(item.updated_at, '+00:00')),
          ]),
          emptyText: 'No press releases match the filters.',
        });
      },
    );
    app.get(
      '/press-releases/:id',
      {
        config: { action: 'press-releases.manage' },
        schema: {
          tags,
          summary: 'One press release',
          params: ZContentId,
          response: { 200: ZEnvelope(ZPressRelease) },
        },
      },
      async (request) => ok(await content.pressRelease(request.params.id)),
    );
    app.post(
      '/press-releases',
      {
        config: { action: 'press-releases.manage' },
        schema: {
          tags,
          summary: 'A new draft press release (body_html is sanitised to the allow-list)',
          body: ZPressReleaseInput,
          response: { 201: ZEnvelope(ZPressRelease) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(ok(await content.createPressRelease(userOf(request), request.body), 'Draft saved')),
    );
    app.put(
      '/press-releases/:id',
      {
        config: { action: 'press-releases.manage' },
        schema: {
          tags,
          summary: 'Edits a press release',
          params: ZContentId,
          body: ZPressReleaseInput,
          response: { 200: ZEnvelope(ZPressRelease) },
        },
      },
      async (request) =>
        ok(await content.updatePressRelease(userOf(request), request.params.id, request.body)),
    );
    app.post(
      '/press-releases/:id/image',
      {
        config: { action: 'press-releases.manage' },
        schema: {
          tags,
          summary: 'Sets the image of a press release (multipart/form-data: image, PNG/JPEG/WebP/GIF, 2 MB)',
          params: ZContentId,
          consumes: ['multipart/form-data'],
          response: { 200: ZEnvelope(ZPressRelease) },
        },
      },
      async (request) => {
        const { files } = await receiveUpload(request, IMAGE_FORM);
        return ok(await content.setPressReleaseImage(userOf(request), request.params.id, files.image));
      },
    );
    for (const status of ['published', 'draft'] as const) {
      app.post(
        `/press-releases/:id/${status === 'published' ? 'submit' : 'unpublish'}`,
        {
          config: { action: 'press-releases.manage' },
          schema: {
            tags,
            summary:
              status === 'published'
                ? 'Press release submit: publishes it (public from its publish date)'
                : 'Takes a press release back to draft',
            params: ZContentId,
            response: { 200: ZEnvelope(ZPressRelease) },
          },
        },
        async (request) =>
          ok(
            await content.setPressReleaseStatus(userOf(request), request.params.id, status),
            status === 'published' ? 'Press release published' : 'Press release unpublished',
          ),
      );
    }
    app.delete(
      '/press-releases/:id',
      {
        config: { action: 'press-releases.manage' },
        schema: {
          tags,
          summary: 'Deletes a press release',
          params: ZContentId,
          response: { 200: ZEnvelope(ZNoData) },
        },
      },
      async (request) => {
        await content.removePressRelease(userOf(request), request.params.id);
        return ok(null, 'Deleted');
      },
    );
  };
}
