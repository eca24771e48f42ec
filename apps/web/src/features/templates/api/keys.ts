import type { TTemplateFilters } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const templates = queryKeys('templates');

export interface ListWindow {
  start: number;
  end: number;
}

/** The list filters a screen sets (bot, search, channel, type, language, status, sort). */
export type TemplateListFilters = Partial<TTemplateFilters>;

/** The templates feature's query keys: lists, the active list, one template, its history and tests. */
export const templateKeys = {
  all: templates.all,
  lists: () => templates.key('list'),
  list: (window: ListWindow, filters: TemplateListFilters) =>
    templates.key('list', window.start, window.end, setFilters({ ...filters })),
  active: (window: ListWindow, filters: Record<string, string | undefined>) =>
    templates.key('active', window.start, window.end, setFilters({ ...filters })),
  template: (templateId: string) => templates.key('template', templateId),
  history: (templateId: string) => templates.key('history', templateId),
  testSummary: (templateId: string) => templates.key('test-summary', templateId),
  bots: () => templates.key('bots'),
  devices: (botId: string) => templates.key('devices', botId),
};
