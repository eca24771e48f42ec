import type {
  LedgerTransactionKind,
  PricingSort,
  RateCardSort,
  RatePlanSort,
  WhatsappPricingSort,
} from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const wallet = queryKeys('wallet');

export interface ListWindow {
  start: number;
  end: number;
}

export interface WalletHistoryFilters {
  kind?: LedgerTransactionKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  sort?: 'created_at' | 'amount' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** A server-sorted list's order: a field of its contract and the direction. */
export interface ListOrder<F extends string> {
  sort: F;
  order: 'asc' | 'desc';
}

export interface RatePlanFilters {
  carrierId?: number | undefined;
  search?: string | undefined;
  sort?: ListOrder<RatePlanSort['sort']> | undefined;
}

/** The wallet feature's query keys: its money (balance, history, top-ups), pricing and rate plans. */
export const walletKeys = {
  all: wallet.all,
  balance: () => wallet.key('balance'),
  transactions: (window: ListWindow, filters: WalletHistoryFilters) =>
    wallet.key('transactions', window.start, window.end, setFilters({ ...filters })),
  topup: (topupId: string) => wallet.key('topup', topupId),
  pendingCharges: () => wallet.key('pending-charges'),
  pricing: {
    all: wallet.key('pricing'),
    list: (window: ListWindow, search: string, order?: ListOrder<PricingSort['sort']>) =>
      wallet.key('pricing', window.start, window.end, search, order?.sort ?? '', order?.order ?? ''),
    whatsapp: (window: ListWindow, search: string, order?: ListOrder<WhatsappPricingSort>) =>
      wallet.key(
        'pricing',
        'whatsapp',
        window.start,
        window.end,
        search,
        order?.sort ?? '',
        order?.order ?? '',
      ),
  },
  ratePlans: {
    all: wallet.key('rate-plans'),
    list: (window: ListWindow, filters: RatePlanFilters) =>
      wallet.key(
        'rate-plans',
        window.start,
        window.end,
        filters.carrierId ?? 0,
        filters.search ?? '',
        filters.sort?.sort ?? '',
        filters.sort?.order ?? '',
      ),
  },
  rateCards: {
    all: wallet.key('rate-cards'),
    list: (window: ListWindow, search: string, order?: ListOrder<RateCardSort>) =>
      wallet.key('rate-cards', window.start, window.end, search, order?.sort ?? '', order?.order ?? ''),
  },
};
