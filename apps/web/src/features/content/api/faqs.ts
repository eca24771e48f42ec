import { type TFaqInput, type TFaqList, ZFaq, ZFaqList } from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type ContentFilters, contentKeys, type ListWindow } from './keys';

/** GET the FAQs: full-text search, category, and the support mailbox. */
export const getFaqs = (window: ListWindow, filters: ContentFilters): Promise<TFaqList> =>
  http.get('/secure/content/faqs', ZFaqList, { params: { ...window, ...setFilters({ ...filters }) } });

export const faqsQueryOptions = (window: ListWindow, filters: ContentFilters) =>
  queryOptions({
    queryKey: contentKeys.faqs(window, filters),
    queryFn: () => getFaqs(window, filters),
    placeholderData: keepPreviousData,
  });

export const useFaqs = (window: ListWindow, filters: ContentFilters) =>
  useQuery(faqsQueryOptions(window, filters));

/** POST a new FAQ, or PUT an existing one. */
export const saveFaq = ({ id, input }: { id: number | null; input: TFaqInput }) =>
  id === null
    ? http.post('/secure/content/faqs', input, ZFaq)
    : http.put(`/secure/content/faqs/${id}`, input, ZFaq);

export function useSaveFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFaq,
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
