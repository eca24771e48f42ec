import { z } from 'zod';
import { ZListWindowQuery } from './envelope.ts';
import { rowId, searchText, text } from './fields.ts';
import { sortQuery, ZExportFormat, ZIsoDate } from './list-filters.ts';

/** Developer assets (downloads, sample files, FAQs, videos) and press releases: spec section 7. */

export const DOWNLOAD_CATEGORIES = ['sdk', 'sample', 'guide', 'brand'] as const;
export type DownloadCategory = (typeof DOWNLOAD_CATEGORIES)[number];
export const DOWNLOAD_CATEGORY_LABELS: Readonly<Record<DownloadCategory, string>> = {
  sdk: 'SDKs',
  sample: 'Sample files',
  guide: 'Guides',
  brand: 'Brand assets',
};

export const FAQ_CATEGORIES = ['onboarding', 'rcs', 'whatsapp', 'campaigns', 'billing'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];
export const FAQ_CATEGORY_LABELS: Readonly<Record<FaqCategory, string>> = {
  onboarding: 'Getting started',
  rcs: 'RCS',
  whatsapp: 'WhatsApp',
  campaigns: 'Campaigns',
  billing: 'Billing and wallet',
};

/** Upload limits, checked by content on the server. */
export const CONTENT_LIMITS = {
  downloadBytes: 20_000_000,
  videoBytes: 50_000_000,
  posterBytes: 2_000_000,
  captionsBytes: 200_000,
  imageBytes: 2_000_000,
  htmlChars: 20_000,
} as const;

const title = (label: string, max: number) =>
  text().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
const html = (label: string) =>
  text()
    .max(CONTENT_LIMITS.htmlChars, `${label} must be at most ${CONTENT_LIMITS.htmlChars} characters`)
    .refine((v) => v.trim().length > 0, `${label} is required`);
/** A checkbox sent in a multipart form or JSON: true/false. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const ZContentId = z.object({ id: z.coerce.number().pipe(rowId()) });
export type TContentId = z.output<typeof ZContentId>;

/** The new order of a list: every id once, first shown first. */
export const ZReorderRequest = z.object({
  ids: z
    .array(rowId())
    .min(1, 'ids must name at least one item')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat'),
});
export type TReorderRequest = z.output<typeof ZReorderRequest>;

/** Managers may ask for drafts too; readers only ever get published items. */
const listFilters = {
  search: searchText(),
  include_unpublished: flag.optional(),
};

// ---- downloads ----
export const ZDownload = z.object({
  id: z.number().int(),
  category: z.enum(DOWNLOAD_CATEGORIES),
  name: z.string(),
  description: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** A short label of the type: PDF, ZIP, CSV, PNG. */
  type: z.string(),
  published: z.boolean(),
  position: z.number().int(),
  updated_at: z.string(),
  /** Where the file is fetched (secure download). */
  url: z.string(),
});
export type TDownload = z.infer<typeof ZDownload>;

export const ZDownloadsQuery = ZListWindowQuery(
  { start: 0, end: 100 },
  { ...listFilters, category: z.enum(DOWNLOAD_CATEGORIES).optional() },
);
export type TDownloadsQuery = z.output<typeof ZDownloadsQuery>;

/** The text fields of a download (a multipart form with the file on create; JSON on update). */
export const ZDownloadFields = z.object({
  category: z.enum(DOWNLOAD_CATEGORIES, `category must be one of ${DOWNLOAD_CATEGORIES.join(', ')}`),
  name: title('Name', 120),
  description: text().trim().max(1000, 'Description must be at most 1000 characters').default(''),
  published: flag.default(false),
});
export type TDownloadFields = z.output<typeof ZDownloadFields>;

// ---- FAQs ----
export const ZFaq = z.object({
  id: z.number().int(),
  category: z.enum(FAQ_CATEGORIES),
  question: z.string(),
  /** Sanitised to the spec's allow-list when stored; render it through the sanitiser again. */
  answer_html: z.string(),
  published: z.boolean(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type TFaq = z.infer<typeof ZFaq>;

export const ZFaqsQuery = ZListWindowQuery(
  { start: 0, end: 50 },
  { ...listFilters, category: z.enum(FAQ_CATEGORIES).optional() },
);
export type TFaqsQuery = z.output<typeof ZFaqsQuery>;

export const ZFaqList = z.object({
  items: z.array(ZFaq),
  total: z.number().int().min(0),
  /** The support mailbox (spec section 9's constant, from configuration). */
  support_email: z.string(),
});
export type TFaqList = z.infer<typeof ZFaqList>;

export const ZFaqInput = z.object({
  category: z.enum(FAQ_CATEGORIES, `category must be one of ${FAQ_CATEGORIES.join(', ')}`),
  question: title('Question', 300),
  answer_html: html('Answer'),
  published: z.boolean().default(false),
});
export type TFaqInput = z.output<typeof ZFaqInput>;

// ---- videos ----
export const ZVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  duration_seconds: z.number().int(),
  content_type: z.string(),
  size: z.number().int(),
  published: z.boolean(),
  position: z.number().int(),
  updated_at: z.string(),
  stream_url: z.string(),
  poster_url: z.string().nullable(),
  captions_url: z.string().nullable(),
});
export type TVideo = z.infer<typeof ZVideo>;

export const ZVideosQuery = ZListWindowQuery({ start: 0, end: 50 }, listFilters);
export type TVideosQuery = z.output<typeof ZVideosQuery>;

export const ZVideoFields = z.object({
  title: title('Title', 120),
  description: text().trim().max(1000, 'Description must be at most 1000 characters').default(''),
  duration_seconds: z.coerce
    .number('duration_seconds must be a number')
    .int('duration_seconds must be whole seconds')
    .min(1, 'duration_seconds must be at least 1')
    .max(36_000, 'duration_seconds must be at most 36000'),
  published: flag.default(false),
});
export type TVideoFields = z.output<typeof ZVideoFields>;

// ---- sample files ----
export const AUDIENCE_FILE_KINDS = ['audience', 'personalised'] as const;
export type AudienceFileKind = (typeof AUDIENCE_FILE_KINDS)[number];
export const SAMPLE_FILE_FORMATS = ['csv', 'xlsx', 'txt'] as const;
export type SampleFileFormat = (typeof SAMPLE_FILE_FORMATS)[number];

export const ZSampleFileParams = z.object({
  kind: z.enum(AUDIENCE_FILE_KINDS, `kind must be one of ${AUDIENCE_FILE_KINDS.join(', ')}`),
});
export const ZSampleFileQuery = z.object({
  format: z.enum(SAMPLE_FILE_FORMATS, `format must be one of ${SAMPLE_FILE_FORMATS.join(', ')}`),
});

// ---- press releases ----
export const PRESS_RELEASE_STATUSES = ['draft', 'published'] as const;
export type PressReleaseStatus = (typeof PRESS_RELEASE_STATUSES)[number];

export const ZPressRelease = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  body_html: z.string(),
  status: z.enum(PRESS_RELEASE_STATUSES),
  /** The date it is shown under (YYYY-MM-DD); published releases appear from that day. */
  publish_date: z.string(),
  image_url: z.string().nullable(),
  updated_at: z.string(),
});
export type TPressRelease = z.infer<typeof ZPressRelease>;

const pressReleaseFilters = {
  /** Part of the title or the summary (case-insensitive). */
  search: searchText(),
  status: z.enum(PRESS_RELEASE_STATUSES, 'status must be draft or published').optional(),
  ...sortQuery(['publish_date', 'title', 'status', 'updated_at'], 'publish_date'),
};
export const ZPressReleasesQuery = ZListWindowQuery({ start: 0, end: 30 }, pressReleaseFilters);
export type TPressReleasesQuery = z.output<typeof ZPressReleasesQuery>;
/** GET /api/v1/secure/press-releases/export: the marketing admin's list as Excel or PDF. */
export const ZPressReleasesExportQuery = z.object({ format: ZExportFormat, ...pressReleaseFilters });
export type TPressReleaseFilters = Omit<z.output<typeof ZPressReleasesExportQuery>, 'format'>;
export const ZPublicPressReleasesQuery = ZListWindowQuery({ start: 0, end: 30 }, {});

export const ZPressReleaseInput = z.object({
  title: title('Title', 200),
  summary: text().trim().max(500, 'Summary must be at most 500 characters').default(''),
  body_html: html('Body'),
  publish_date: ZIsoDate,
});
export type TPressReleaseInput = z.output<typeof ZPressReleaseInput>;
