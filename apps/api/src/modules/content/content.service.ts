import { randomUUID } from 'node:crypto';
import {
  type AudienceFileKind,
  CONTENT_LIMITS,
  can,
  type DownloadCategory,
  type FaqCategory,
  type PressReleaseStatus,
  type SampleFileFormat,
  type TDownload,
  type TDownloadFields,
  type TDownloadsQuery,
  type TFaq,
  type TFaqInput,
  type TFaqList,
  type TFaqsQuery,
  type TListResult,
  type TPressRelease,
  type TPressReleaseFilters,
  type TPressReleaseInput,
  type TPressReleasesQuery,
  type TReorderRequest,
  type TVideo,
  type TVideoFields,
  type TVideosQuery,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, NotFoundError } from '../../platform/http/errors.ts';
import { fileUrlOf, type Storage, type StoredFile } from '../../platform/storage/index.ts';
import type { StoredFiles } from '../../platform/storage/sweep.ts';
import type { SignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import type {
  ContentRepository,
  DownloadRow,
  FaqRow,
  OrderedTable,
  PressReleaseRow,
  VideoRow,
} from './content.repository.ts';
import {
  contentDownloads,
  contentFaqs,
  contentVideos,
  pressReleases as pressReleasesTable,
} from './content.schema.ts';
import { checkCaptions, checkDownload, checkPicture, checkVideo } from './media.ts';
import { sampleFile } from './sample-files.ts';
import { sanitizeStoredHtml } from './sanitize.ts';

/** The kinds managed alike (list order, publish, delete). */
export const ORDERED_KINDS = ['downloads', 'faqs', 'videos'] as const;
export type OrderedKind = (typeof ORDERED_KINDS)[number];
const TABLES: Readonly<Record<OrderedKind, OrderedTable>> = {
  downloads: contentDownloads,
  faqs: contentFaqs,
  videos: contentVideos,
};
const NOT_FOUND: Readonly<Record<OrderedKind | 'press-releases', string>> = {
  downloads: 'Download not found.',
  faqs: 'FAQ not found.',
  videos: 'Video not found.',
  'press-releases': 'Press release not found.',
};

/** Press releases in one export: years of them. */
const PRESS_RELEASES_EXPORT_LIMIT = 5_000;

/** Signed media links last long enough to watch a long video. */
const MEDIA_LINK_SECONDS = 4 * 60 * 60;
export const MEDIA_URL_PREFIX = '/api/v1/content/media';
const DOWNLOAD_PREFIX = 'private/content/downloads';
const VIDEO_PREFIX = 'private/content/videos';
const PRESS_IMAGE_PREFIX = 'public/press-releases';

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

export interface ContentServiceDeps {
  database: Database;
  repository: ContentRepository;
  storage: Storage;
  downloads: SignedDownloads;
  audit: AuditService;
  log: FastifyBaseLogger;
  supportEmail: string;
  /** Today's date (YYYY-MM-DD, UTC): published releases show from their publish date. */
  today?: () => string;
}

/** Developer assets and press releases: each use case in one unit of work, each change audited. */
export function createContentService(deps: ContentServiceDeps) {
  const { database, repository, storage, audit, log } = deps;
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));
  const canSeeDrafts = (user: AuthenticatedUser) => can(user.role, 'content.manage-view');

  async function record(user: AuthenticatedUser, kind: string, id: number, change: string, name?: string) {
    await audit.record('content.changed', {
      actorUserId: user.userId,
      actorEmail: user.email,
      partnerId: user.partnerId,
      detail: { kind, id, change, ...(name ? { name } : {}) },
    });
  }

  async function removeQuietly(key: string | null) {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not delete a stored file');
    }
  }

  async function mediaUrl(key: string | null, filename: string): Promise<string | null> {
    if (!key) return null;
    const { url } = await deps.downloads.url({ key, filename }, MEDIA_LINK_SECONDS);
    // The same signed token, served by our media route (inline, with Range) instead of as an attachment.
    return `${MEDIA_URL_PREFIX}/${url.slice(url.lastIndexOf('/') + 1)}`;
  }

  const presentDownload = (row: DownloadRow): TDownload => ({
    id: row.id,
    category: row.category as DownloadCategory,
    name: row.name,
    description: row.description,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    type: row.typeLabel,
    published: row.published,
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
    url: `/api/v1/secure/content/downloads/${row.id}/file`,
  });
  const presentFaq = (row: FaqRow): TFaq => ({
    id: row.id,
    category: row.category as FaqCategory,
    question: row.question,
    answer_html: row.answerHtml,
    published: row.published,
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
  });
  const presentVideo = async (row: VideoRow): Promise<TVideo> => ({
    id: row.id,
    title: row.title,
    description: row.description,
    duration_seconds: row.durationSeconds,
    content_type: row.contentType,
    size: row.size,
    published: row.published,
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
    stream_url: (await mediaUrl(row.storageKey, `video-${row.id}`)) ?? '',
    poster_url: await mediaUrl(row.posterKey, `poster-${row.id}`),
    captions_url: await mediaUrl(row.captionsKey, `captions-${row.id}.vtt`),
  });
  const presentPressRelease = (row: PressReleaseRow): TPressRelease => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    body_html: row.bodyHtml,
    status: row.status as PressReleaseStatus,
    publish_date: row.publishDate,
    image_url: row.imageKey ? fileUrlOf(row.imageKey) : null,
    updated_at: row.updatedAt.toISOString(),
  });

  /** Stored HTML must keep some text after sanitising (a body of only <script> is empty). */
  async function cleanHtml(label: string, html: string): Promise<string> {
    const clean = await sanitizeStoredHtml(html);
    if (clean.replace(/<[^>]*>/g, '').trim() === '') {
      throw new BadRequestError(`${label} has no text left once unsupported HTML is removed.`);
    }
    return clean;
  }

  return {
    /** The stored files the orphan sweep must keep: those a row still points to. */
    storedFiles: [DOWNLOAD_PREFIX, VIDEO_PREFIX, PRESS_IMAGE_PREFIX].map(
      (prefix): StoredFiles => ({
        prefix: `${prefix}/`,
        referenced: (keys) => repository.referencedKeys(keys),
      }),
    ),

    // ---- shared management ----
    async reorder(user: AuthenticatedUser, kind: OrderedKind, input: TReorderRequest): Promise<void> {
      await database.transaction(async () => {
        const found = await repository.reorder(TABLES[kind], input.ids, user.userId);
        if (found !== input.ids.length)
          throw new NotFoundError(`${NOT_FOUND[kind]} (an id in ids is unknown)`);
        await record(user, kind, input.ids[0] ?? 0, 'reordered');
      });
    },

    async setPublished(user: AuthenticatedUser, kind: OrderedKind, id: number, published: boolean) {
      await database.transaction(async () => {
        if (!(await repository.setPublished(TABLES[kind], id, published, user.userId))) {
          throw new NotFoundError(NOT_FOUND[kind]);
        }
        await record(user, kind, id, published ? 'published' : 'unpublished');
      });
    },

    async remove(user: AuthenticatedUser, kind: OrderedKind, id: number): Promise<void> {
      const removed = await database.transaction(async () => {
        const row = await repository.remove(TABLES[kind], id);
        if (!row) throw new NotFoundError(NOT_FOUND[kind]);
        await record(user, kind, id, 'deleted');
        return row;
      });
      if ('storageKey' in removed) await removeQuietly(removed.storageKey);
      if ('posterKey' in removed) await removeQuietly(removed.posterKey);
      if ('captionsKey' in removed) await removeQuietly(removed.captionsKey);
    },

    // ---- downloads ----
    async listDownloads(user: AuthenticatedUser, query: TDownloadsQuery): Promise<TListResult<TDownload>> {
      const { start, end, search, category, include_unpublished } = query;
      const { rows, total } = await repository.downloads(
        { search, category, includeUnpublished: Boolean(include_unpublished) && canSeeDrafts(user) },
        { start, end },
      );
      return { items: rows.map(presentDownload), total };
    },

    async downloadFile(user: AuthenticatedUser, id: number): Promise<StoredFile & { fileName: string }> {
      const row = await repository.download(id);
      if (!row || (!row.published && !canSeeDrafts(user))) throw new NotFoundError(NOT_FOUND.downloads);
      const file = await storage.get(row.storageKey);
      if (!file) throw new NotFoundError('The file of this download is missing from storage.');
      return { ...file, fileName: row.fileName };
    },

    async createDownload(user: AuthenticatedUser, fields: TDownloadFields, upload: UploadedFile | undefined) {
      if (!upload) throw new BadRequestError('Choose the file to upload (field file).');
      const checked = await checkDownload(
        'File',
        upload.bytes,
        upload.filename,
        CONTENT_LIMITS.downloadBytes,
      );
      const key = `${DOWNLOAD_PREFIX}/${randomUUID()}.${checked.extension}`;
      await storage.put(key, upload.bytes, checked.contentType);
      try {
        return await database.transaction(async () => {
          const row = await repository.insertDownload({
            category: fields.category,
            name: fields.name,
            description: fields.description,
            published: fields.published,
            storageKey: key,
            fileName: safeFileName(upload.filename, checked.extension),
            contentType: checked.contentType,
            typeLabel: checked.typeLabel,
            size: upload.bytes.length,
            position: await repository.nextPosition(contentDownloads),
            updatedBy: user.userId,
          });
          await record(user, 'downloads', row.id, 'created', row.name);
          return presentDownload(row);
        });
      } catch (error) {
        await removeQuietly(key);
        throw error;
      }
    },

    async updateDownload(user: AuthenticatedUser, id: number, fields: TDownloadFields): Promise<TDownload> {
      return database.transaction(async () => {
        const row = await repository.updateDownload(id, { ...fields, updatedBy: user.userId });
        if (!row) throw new NotFoundError(NOT_FOUND.downloads);
        await record(user, 'downloads', id, 'updated', row.name);
        return presentDownload(row);
      });
    },

    // ---- FAQs ----
    async listFaqs(user: AuthenticatedUser, query: TFaqsQuery): Promise<TFaqList> {
      const { start, end, search, category, include_unpublished } = query;
      const { rows, total } = await repository.faqs(
        { search, category, includeUnpublished: Boolean(include_unpublished) && canSeeDrafts(user) },
        { start, end },
      );
      return { items: rows.map(presentFaq), total, support_email: deps.supportEmail };
    },

    async createFaq(user: AuthenticatedUser, input: TFaqInput): Promise<TFaq> {
      const answerHtml = await cleanHtml('The answer', input.answer_html);
      return database.transaction(async () => {
        const row = await repository.insertFaq({
          category: input.category,
          question: input.question,
          answerHtml,
          published: input.published,
          position: await repository.nextPosition(contentFaqs),
          updatedBy: user.userId,
        });
        await record(user, 'faqs', row.id, 'created', row.question);
        return presentFaq(row);
      });
    },

    async updateFaq(user: AuthenticatedUser, id: number, input: TFaqInput): Promise<TFaq> {
      const answerHtml = await cleanHtml('The answer', input.answer_html);
      return database.transaction(async () => {
        const row = await repository.updateFaq(id, {
          category: input.category,
          question: input.question,
          answerHtml,
          published: input.published,
          updatedBy: user.userId,
        });
        if (!row) throw new NotFoundError(NOT_FOUND.faqs);
        await record(user, 'faqs', id, 'updated', row.question);
        return presentFaq(row);
      });
    },

    // ---- videos ----
    async listVideos(user: AuthenticatedUser, query: TVideosQuery): Promise<TListResult<TVideo>> {
      const { start, end, search, include_unpublished } = query;
      const { rows, total } = await repository.videos(
        { search, includeUnpublished: Boolean(include_unpublished) && canSeeDrafts(user) },
        { start, end },
      );
      return { items: await Promise.all(rows.map(presentVideo)), total };
    },

    async createVideo(
      user: AuthenticatedUser,
      fields: TVideoFields,
      files: {
        video?: UploadedFile | undefined;
        poster?: UploadedFile | undefined;
        captions?: UploadedFile | undefined;
      },
    ): Promise<TVideo> {
      if (!files.video) throw new BadRequestError('Choose the video to upload (field video).');
      const video = checkVideo('Video', files.video.bytes, CONTENT_LIMITS.videoBytes);
      const poster = files.poster
        ? await checkPicture('Poster', files.poster.bytes, CONTENT_LIMITS.posterBytes)
        : null;
      const captions = files.captions
        ? checkCaptions('Captions', files.captions.bytes, CONTENT_LIMITS.captionsBytes)
        : null;
      const base = `${VIDEO_PREFIX}/${randomUUID()}`;
      const keys = {
        video: `${base}/video.${video.extension}`,
        poster: poster ? `${base}/poster.${poster.extension}` : null,
        captions: captions ? `${base}/captions.vtt` : null,
      };
      await storage.put(keys.video, files.video.bytes, video.contentType);
      if (poster && keys.poster && files.poster)
        await storage.put(keys.poster, files.poster.bytes, poster.contentType);
      if (captions && keys.captions && files.captions)
        await storage.put(keys.captions, files.captions.bytes, captions.contentType);
      try {
        return await database.transaction(async () => {
          const row = await repository.insertVideo({
            title: fields.title,
            description: fields.description,
            durationSeconds: fields.duration_seconds,
            published: fields.published,
            storageKey: keys.video,
            contentType: video.contentType,
            size: files.video?.bytes.length ?? 0,
            posterKey: keys.poster,
            captionsKey: keys.captions,
            position: await repository.nextPosition(contentVideos),
            updatedBy: user.userId,
          });
          await record(user, 'videos', row.id, 'created', row.title);
          return presentVideo(row);
        });
      } catch (error) {
        await Promise.all([
          removeQuietly(keys.video),
          removeQuietly(keys.poster),
          removeQuietly(keys.captions),
        ]);
        throw error;
      }
    },

    async updateVideo(user: AuthenticatedUser, id: number, fields: TVideoFields): Promise<TVideo> {
      return database.transaction(async () => {
        const row = await repository.updateVideo(id, {
          title: fields.title,
          description: fields.description,
          durationSeconds: fields.duration_seconds,
          published: fields.published,
          updatedBy: user.userId,
        });
        if (!row) throw new NotFoundError(NOT_FOUND.videos);
        await record(user, 'videos', id, 'updated', row.title);
        return presentVideo(row);
      });
    },

    /** A video, poster or captions file named by a signed media token. */
    async media(token: string): Promise<StoredFile | null> {
      const download = await deps.downloads.verify(token);
      if (!download?.key.startsWith(`${VIDEO_PREFIX}/`)) return null;
      return storage.get(download.key);
    },

    // ---- sample files ----
    sampleFile: (kind: AudienceFileKind, format: SampleFileFormat) => sampleFile(kind, format),

    // ---- press releases ----
    async listPressReleases(query: TPressReleasesQuery): Promise<TListResult<TPressRelease>> {
      const { start, end, ...filters } = query;
      const { rows, total } = await repository.pressReleases(filters, { start, end });
      return { items: rows.map(presentPressRelease), total };
    },

    /** Every press release that matches, for an export. */
    async exportPressReleases(filters: TPressReleaseFilters): Promise<TPressRelease[]> {
      const { rows } = await repository.pressReleases(filters, {
        start: 0,
        end: PRESS_RELEASES_EXPORT_LIMIT,
      });
      return rows.map(presentPressRelease);
    },

    async pressRelease(id: number): Promise<TPressRelease> {
      const row = await repository.pressRelease(id);
      if (!row) throw new NotFoundError(NOT_FOUND['press-releases']);
      return presentPressRelease(row);
    },

    /** Published releases whose publish date has come (anyone, signed in or not). */
    async publicPressReleases(window: { start: number; end: number }): Promise<TListResult<TPressRelease>> {
      const { rows, total } = await repository.pressReleases(
        { status: 'published', publicOn: today() },
        window,
      );
      return { items: rows.map(presentPressRelease), total };
    },

    async publicPressRelease(id: number): Promise<TPressRelease> {
      const row = await repository.pressRelease(id);
      if (row?.status !== 'published' || row.publishDate > today()) {
        throw new NotFoundError(NOT_FOUND['press-releases']);
      }
      return presentPressRelease(row);
    },

    async createPressRelease(user: AuthenticatedUser, input: TPressReleaseInput): Promise<TPressRelease> {
      const bodyHtml = await cleanHtml('The body', input.body_html);
      return database.transaction(async () => {
        const row = await repository.insertPressRelease({
          title: input.title,
          summary: input.summary,
          bodyHtml,
          publishDate: input.publish_date,
          status: 'draft',
          updatedBy: user.userId,
        });
        await record(user, 'press-releases', row.id, 'created', row.title);
        return presentPressRelease(row);
      });
    },

    async updatePressRelease(user: AuthenticatedUser, id: number, input: TPressReleaseInput) {
      const bodyHtml = await cleanHtml('The body', input.body_html);
      return database.transaction(async () => {
        const row = await repository.updatePressRelease(id, {
          title: input.title,
          summary: input.summary,
          bodyHtml,
          publishDate: input.publish_date,
          updatedBy: user.userId,
        });
        if (!row) throw new NotFoundError(NOT_FOUND['press-releases']);
        await record(user, 'press-releases', id, 'updated', row.title);
        return presentPressRelease(row);
      });
    },

    /** "Press release submit" (spec section 7): published, shown publicly from its publish date. */
    async setPressReleaseStatus(user: AuthenticatedUser, id: number, status: PressReleaseStatus) {
      return database.transaction(async () => {
        const row = await repository.updatePressRelease(id, { status, updatedBy: user.userId });
        if (!row) throw new NotFoundError(NOT_FOUND['press-releases']);
        await record(
          user,
          'press-releases',
          id,
          status === 'published' ? 'published' : 'unpublished',
          row.title,
        );
        return presentPressRelease(row);
      });
    },

    async setPressReleaseImage(user: AuthenticatedUser, id: number, upload: UploadedFile | undefined) {
      if (!upload) throw new BadRequestError('Choose the image to upload (field image).');
      const picture = await checkPicture('Image', upload.bytes, CONTENT_LIMITS.imageBytes);
      const key = `${PRESS_IMAGE_PREFIX}/${randomUUID()}.${picture.extension}`;
      await storage.put(key, upload.bytes, picture.contentType);
      let previous: string | null = null;
      try {
        const release = await database.transaction(async () => {
          const before = await repository.pressRelease(id);
          if (!before) throw new NotFoundError(NOT_FOUND['press-releases']);
          previous = before.imageKey;
          const row = await repository.updatePressRelease(id, { imageKey: key, updatedBy: user.userId });
          await record(user, 'press-releases', id, 'image', before.title);
          return presentPressRelease(row ?? before);
        });
        await removeQuietly(previous);
        return release;
      } catch (error) {
        await removeQuietly(key);
        throw error;
      }
    },

    async removePressRelease(user: AuthenticatedUser, id: number): Promise<void> {
      const removed = await database.transaction(async () => {
        const row = await repository.remove(pressReleasesTable, id);
        if (!row) throw new NotFoundError(NOT_FOUND['press-releases']);
        await record(user, 'press-releases', id, 'deleted', row.title);
        return row;
      });
      await removeQuietly(removed.imageKey);
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;

/** The name a download is saved under: the uploaded name, made safe, with the extension its content has. */
function safeFileName(name: string, extension: string): string {
  const stem = name
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .trim()
    .slice(0, 100);
  return `${stem || 'download'}.${extension}`;
}
