import { and, asc, count, desc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { containsPattern, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { contentDownloads, contentFaqs, contentVideos, pressReleases } from './content.schema.ts';

export type DownloadRow = typeof contentDownloads.$inferSelect;
export type FaqRow = typeof contentFaqs.$inferSelect;
export type VideoRow = typeof contentVideos.$inferSelect;
export type PressReleaseRow = typeof pressReleases.$inferSelect;
const PRESS_RELEASE_SORTS = {
  publish_date: pressReleases.publishDate,
  title: sql`lower(${pressReleases.title})`,
  status: pressReleases.status,
  updated_at: pressReleases.updatedAt,
} as const;
type PressReleaseSort = keyof typeof PRESS_RELEASE_SORTS;

interface Window {
  start: number;
  end: number;
}
interface Listed {
  search?: string | undefined;
  /** Drafts too (management views); otherwise published items only. */
  includeUnpublished: boolean;
}

/** The ordered kinds share position, published and the reorder/publish writes. */
export type OrderedTable = typeof contentDownloads | typeof contentFaqs | typeof contentVideos;

/** websearch syntax ("quoted phrases", or, -not) in English, as the GIN index was built. */
const faqQuery = (search: string) => sql`websearch_to_tsquery('english', ${search})`;

/** SQL of downloads, FAQs, videos and press releases. */
export function createContentRepository(db: Db) {
  async function windowOf<T>(
    table: PgTable,
    where: SQL | undefined,
    order: SQL[],
    window: Window,
  ): Promise<{ rows: T[]; total: number }> {
    const rows = (await db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(window.end - window.start)
      .offset(window.start)) as T[];
    const [counted] = await db.select({ total: count() }).from(table).where(where);
    return { rows, total: counted?.total ?? 0 };
  }

  const visible = (table: OrderedTable, includeUnpublished: boolean) =>
    includeUnpublished ? undefined : eq(table.published, true);

  return {
    /** The keys of `keys` a download, video (file, poster, captions) or press release points to. */
    async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const wanted = [...keys];
      const rows = await Promise.all([
        db
          .select({ key: contentDownloads.storageKey })
          .from(contentDownloads)
          .where(inArray(contentDownloads.storageKey, wanted)),
        db
          .select({ key: contentVideos.storageKey })
          .from(contentVideos)
          .where(inArray(contentVideos.storageKey, wanted)),
        db
          .select({ key: contentVideos.posterKey })
          .from(contentVideos)
          .where(inArray(contentVideos.posterKey, wanted)),
        db
          .select({ key: contentVideos.captionsKey })
          .from(contentVideos)
          .where(inArray(contentVideos.captionsKey, wanted)),
        db
          .select({ key: pressReleases.imageKey })
          .from(pressReleases)
          .where(inArray(pressReleases.imageKey, wanted)),
      ]);
      return new Set(rows.flat().flatMap((row) => (row.key ? [row.key] : [])));
    },

    // ---- shared writes of the ordered kinds ----
    async nextPosition(table: OrderedTable): Promise<number> {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${table.position}), 0)::int + 1` })
        .from(table);
      return row?.next ?? 1;
    },

    /** Positions 1..n in the order given; answers how many of the ids exist. */
    async reorder(table: OrderedTable, ids: readonly number[], by: string): Promise<number> {
      const found = await db
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.id, [...ids]));
      if (found.length !== ids.length) return found.length;
      for (const [index, itemId] of ids.entries()) {
        await db
          .update(table)
          .set({ position: index + 1, updatedAt: new Date(), updatedBy: by })
          .where(eq(table.id, itemId));
      }
      return ids.length;
    },

    async setPublished(table: OrderedTable, itemId: number, published: boolean, by: string) {
      const rows = await db
        .update(table)
        .set({ published, updatedAt: new Date(), updatedBy: by })
        .where(eq(table.id, itemId))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    async remove<T extends OrderedTable | typeof pressReleases>(table: T, itemId: number) {
      const rows = await db.delete(table).where(eq(table.id, itemId)).returning();
      return rows[0] as T['$inferSelect'] | undefined;
    },

    // ---- downloads ----
    async downloads(filters: Listed & { category?: string | undefined }, window: Window) {
      const pattern = filters.search ? containsPattern(filters.search) : undefined;
      const where = and(
        visible(contentDownloads, filters.includeUnpublished),
        filters.category ? eq(contentDownloads.category, filters.category) : undefined,
        pattern
          ? or(ilike(contentDownloads.name, pattern), ilike(contentDownloads.description, pattern))
          : undefined,
      );
      return windowOf<DownloadRow>(
        contentDownloads,
        where,
        [asc(contentDownloads.category), asc(contentDownloads.position), asc(contentDownloads.id)],
        window,
      );
    },
    async download(itemId: number) {
      const [row] = await db.select().from(contentDownloads).where(eq(contentDownloads.id, itemId));
      return row;
    },
    async insertDownload(values: typeof contentDownloads.$inferInsert) {
      const [row] = await db.insert(contentDownloads).values(values).returning();
      return row as DownloadRow;
    },
    async updateDownload(itemId: number, values: Partial<typeof contentDownloads.$inferInsert>) {
      const [row] = await db
        .update(contentDownloads)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(contentDownloads.id, itemId))
        .returning();
      return row;
    },

    // ---- FAQs ----
    /** Full-text search ranks by relevance; without a search the editors' order holds. */
    async faqs(filters: Listed & { category?: string | undefined }, window: Window) {
      const query = filters.search ? faqQuery(filters.search) : undefined;
      const where = and(
        visible(contentFaqs, filters.includeUnpublished),
        filters.category ? eq(contentFaqs.category, filters.category) : undefined,
        query ? sql`${contentFaqs.search} @@ ${query}` : undefined,
      );
      const order = query
        ? [
            desc(sql`ts_rank(${contentFaqs.search}, ${query})`),
            asc(contentFaqs.position),
            asc(contentFaqs.id),
          ]
        : [asc(contentFaqs.position), asc(contentFaqs.id)];
      return windowOf<FaqRow>(contentFaqs, where, order, window);
    },
    async faq(itemId: number) {
      const [row] = await db.select().from(contentFaqs).where(eq(contentFaqs.id, itemId));
      return row;
    },
    async insertFaq(values: typeof contentFaqs.$inferInsert) {
      const [row] = await db.insert(contentFaqs).values(values).returning();
      return row as FaqRow;
    },
    async updateFaq(itemId: number, values: Partial<typeof contentFaqs.$inferInsert>) {
      const [row] = await db
        .update(contentFaqs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(contentFaqs.id, itemId))
        .returning();
      return row;
    },

    // ---- videos ----
    async videos(filters: Listed, window: Window) {
      const pattern = filters.search ? containsPattern(filters.search) : undefined;
      const where = and(
        visible(contentVideos, filters.includeUnpublished),
        pattern
          ? or(ilike(contentVideos.title, pattern), ilike(contentVideos.description, pattern))
          : undefined,
      );
      return windowOf<VideoRow>(
        contentVideos,
        where,
        [asc(contentVideos.position), asc(contentVideos.id)],
        window,
      );
    },
    async video(itemId: number) {
      const [row] = await db.select().from(contentVideos).where(eq(contentVideos.id, itemId));
      return row;
    },
    async insertVideo(values: typeof contentVideos.$inferInsert) {
      const [row] = await db.insert(contentVideos).values(values).returning();
      return row as VideoRow;
    },
    async updateVideo(itemId: number, values: Partial<typeof contentVideos.$inferInsert>) {
      const [row] = await db
        .update(contentVideos)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(contentVideos.id, itemId))
        .returning();
      return row;
    },

    // ---- press releases ----
    async pressReleases(
      filters: {
        search?: string | undefined;
        status?: string | undefined;
        publicOn?: string | undefined;
        sort?: PressReleaseSort | undefined;
        order?: 'asc' | 'desc' | undefined;
      },
      window: Window,
    ) {
      const pattern = filters.search ? containsPattern(filters.search) : undefined;
      const where = and(
        filters.status ? eq(pressReleases.status, filters.status) : undefined,
        filters.publicOn ? lte(pressReleases.publishDate, filters.publicOn) : undefined,
        pattern ? or(ilike(pressReleases.title, pattern), ilike(pressReleases.summary, pattern)) : undefined,
      );
      return windowOf<PressReleaseRow>(
        pressReleases,
        where,
        orderOf(
          PRESS_RELEASE_SORTS,
          filters.sort ?? 'publish_date',
          filters.order ?? 'desc',
          pressReleases.id,
        ),
        window,
      );
    },
    async pressRelease(itemId: number) {
      const [row] = await db.select().from(pressReleases).where(eq(pressReleases.id, itemId));
      return row;
    },
    async insertPressRelease(values: typeof pressReleases.$inferInsert) {
      const [row] = await db.insert(pressReleases).values(values).returning();
      return row as PressReleaseRow;
    },
    async updatePressRelease(itemId: number, values: Partial<typeof pressReleases.$inferInsert>) {
      const [row] = await db
        .update(pressReleases)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(pressReleases.id, itemId))
        .returning();
      return row;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
