import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, users } from '../../platform/db/core.schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const updatedBy = () => uuid('updated_by').references(() => users.userId, { onDelete: 'set null' });

/** Developer downloads (SDKs, sample files, guides, brand assets); the file is in storage under `storageKey`. */
export const contentDownloads = pgTable(
  'content_downloads',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    typeLabel: text('type_label').notNull(),
    size: integer('size').notNull(),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [index('content_downloads_order_idx').on(t.category, t.position)],
);

/**
 * FAQs. `search` is generated from the question (weight A) and the answer's text without tags
 * (weight B) and GIN-indexed: websearch_to_tsquery('english', ...) answers the same on PGlite and PostgreSQL.
 */
export const contentFaqs = pgTable(
  'content_faqs',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    question: text('question').notNull(),
    answerHtml: text('answer_html').notNull(),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', question), 'A') || setweight(to_tsvector('english', regexp_replace(answer_html, '<[^>]*>', ' ', 'g')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [
    index('content_faqs_search_idx').using('gin', t.search),
    index('content_faqs_order_idx').on(t.category, t.position),
  ],
);

/** Videos: the media, an optional poster image and WebVTT captions, each in storage. */
export const contentVideos = pgTable('content_videos', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  durationSeconds: integer('duration_seconds').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  posterKey: text('poster_key'),
  captionsKey: text('captions_key'),
  published: boolean('published').notNull().default(false),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  updatedBy: updatedBy(),
});

/** Press releases: drafts and published ones (shown publicly from `publishDate`). */
export const pressReleases = pgTable(
  'press_releases',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    bodyHtml: text('body_html').notNull(),
    status: text('status').notNull().default('draft'),
    publishDate: date('publish_date', { mode: 'string' }).notNull(),
    imageKey: text('image_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (t) => [index('press_releases_public_idx').on(t.status, t.publishDate)],
);
