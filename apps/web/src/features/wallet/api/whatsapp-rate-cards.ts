import {
  type RateCardSort,
  type TExportFormat,
  type TWhatsappRateCardCreate,
  type WhatsappPricingSort,
  ZListResult,
  ZWhatsappRateCard,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { downloadList } from './download-list';
import { type ListOrder, type ListWindow, walletKeys } from './keys';

const ZRateCardList = ZListResult(ZWhatsappRateCard);
const searchParam = (search: string) => (search ? { search } : {});

/** GET one window of WhatsApp rate card versions (platform admins), matching the search. */
export const rateCardsQueryOptions = (window: ListWindow, search: string, order?: ListOrder<RateCardSort>) =>
  queryOptions({
    queryKey: walletKeys.rateCards.list(window, search, order),
    queryFn: () =>
      http.get('/secure/whatsapp-rate-cards', ZRateCardList, {
        params: { ...window, ...searchParam(search), ...(order ?? {}) },
      }),
    placeholderData: keepPreviousData,
  });

/** PRICING's WhatsApp part: each country's card in force now. */
export const whatsappPricingQueryOptions = (
  window: ListWindow,
  search: string,
  order?: ListOrder<WhatsappPricingSort>,
) =>
  queryOptions({
    queryKey: walletKeys.pricing.whatsapp(window, search, order),
    queryFn: () =>
      http.get('/secure/pricing/whatsapp', ZRateCardList, {
        params: { ...window, ...searchParam(search), ...(order ?? {}) },
      }),
    placeholderData: keepPreviousData,
  });

/** Downloads the filtered card versions as Excel or PDF. */
export function useExportRateCards() {
  return useMutation({
    mutationFn: ({
      format,
      search,
      order,
    }: {
      format: TExportFormat;
      search: string;
      order?: ListOrder<RateCardSort>;
    }) =>
      downloadList(
        '/secure/whatsapp-rate-cards/export',
        { format, ...searchParam(search), ...(order ?? {}) },
        `whatsapp-rate-cards.${format}`,
      ),
  });
}

/** POST a new version of a country's card (read-write platform admins). */
export function useCreateRateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TWhatsappRateCardCreate) =>
      http.post('/secure/whatsapp-rate-cards', body, ZWhatsappRateCard),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: walletKeys.rateCards.all }),
        client.invalidateQueries({ queryKey: walletKeys.pricing.all }),
      ]),
  });
}
