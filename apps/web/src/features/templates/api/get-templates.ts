import {
  type TActiveTemplate,
  type TListResult,
  type TTemplateListItem,
  ZActiveTemplateList,
  ZTemplateList,
} from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type ListWindow, type TemplateListFilters, templateKeys } from './keys';

/** GET one window of the templates the caller sees (a developer's own, per bot; an admin's submitted ones). */
export function getTemplates(
  window: ListWindow,
  filters: TemplateListFilters,
): Promise<TListResult<TTemplateListItem>> {
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

export interface ActiveFilters {
  bot_id?: string | undefined;
  channel?: 'rcs' | 'whatsapp' | undefined;
  search?: string | undefined;
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
