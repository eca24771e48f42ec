import type { TPressReleaseFilters } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const content = queryKeys('content');

export interface ListWindow {
  start: number;
  end: number;
}

export interface ContentFilters {
  search?: string | undefined;
  category?: string | undefined;
  /** 'true' asks for drafts too (admins only; others get published items whatever they ask). */
  include_unpublished?: 'true' | undefined;
}

/** The content feature's query keys: downloads, FAQs, videos and press releases. */
export type PressReleaseFilters = Partial<TPressReleaseFilters>;

export const contentKeys = {
  all: content.all,
  downloads: (window: ListWindow, filters: ContentFilters) =>
    content.key('downloads', window.start, window.end, setFilters({ ...filters })),
  faqs: (window: ListWindow, filters: ContentFilters) =>
    content.key('faqs', window.start, window.end, setFilters({ ...filters })),
  videos: (window: ListWindow, filters: ContentFilters) =>
    content.key('videos', window.start, window.end, setFilters({ ...filters })),
  /** The marketing admin's list: search, status and sort (each optional: the server's defaults apply). */
  pressReleases: {
    all: content.key('press-releases'),
    list: (window: ListWindow, filters: PressReleaseFilters) =>
      content.key('press-releases', window.start, window.end, setFilters({ ...filters })),
    publicList: (window: ListWindow) => content.key('public-press', window.start, window.end),
    publicOne: (id: number) => content.key('public-press', 'one', id),
  },
};
