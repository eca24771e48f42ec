import {
  type ActiveTemplateSort,
  type TActiveTemplate,
  type TListResult,
  type TTemplateList,
  ZActiveTemplateList,
  ZTemplateList,
} from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type ListWindow, type TemplateListFilters, templateKeys } from './keys';

/**
 * GET one window of the templates the caller sees (a developer's own, per bot; an admin's submitted
 * ones), with how many each of the caller's tabs holds.
 */
export function getTemplates(window: ListWindow, filters: TemplateListFilters): Promise<TTemplateList> {
  return http.get('/secure/templates', ZTemplateList, {
    params: { ...window, ...setFilters({ ...filters }) },
  });
}

export const templatesQueryOptions = (window: ListWindow, filters: TemplateListFilters) =>
  queryOptions({
    queryKey: templateKeys.list(window, filters),
    queryFn: () => getTemplates(window, filters),
    placeholderData: keepPreviousData,
  });

/**
 * The developer's templates page's tab counts (its templates, its active templates) for the bot
 * chosen: the list call's answer for one row, refreshed with the lists.
 */
export const templatePageCountsQueryOptions = (botId: string | undefined) =>
  queryOptions({
    ...templatesQueryOptions({ start: 0, end: 1 }, { bot_id: botId }),
    select: (list: TTemplateList) => ('templates' in list.tabCounts ? list.tabCounts : undefined),
  });

export interface ActiveFilters {
  bot_id?: string | undefined;
  channel?: 'rcs' | 'whatsapp' | undefined;
  search?: string | undefined;
  sort?: ActiveTemplateSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** GET the active bot template list: the approved templates of launched bots (what campaigns send). */
export function getActiveTemplates(
  window: ListWindow,
  filters: ActiveFilters,
): Promise<TListResult<TActiveTemplate>> {
  return http.get('/secure/templates/active', ZActiveTemplateList, {
    params: { ...window, ...setFilters({ ...filters }) },
  });
}

export const activeTemplatesQueryOptions = (window: ListWindow, filters: ActiveFilters) =>
  queryOptions({
    queryKey: templateKeys.active(window, { ...filters }),
    queryFn: () => getActiveTemplates(window, filters),
    placeholderData: keepPreviousData,
  });
