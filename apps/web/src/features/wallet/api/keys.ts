import type { LedgerTransactionKind } from '@portico/domain';
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

export interface RatePlanFilters {
  carrierId?: number | undefined;
  search?: string | undefined;
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
    list: (window: ListWindow, search: string) => wallet.key('pricing', window.start, window.end, search),
    whatsapp: (window: ListWindow, search: string) =>
      wallet.key('pricing', 'whatsapp', window.start, window.end, search),
  },
  ratePlans: {
    all: wallet.key('rate-plans'),
    list: (window: ListWindow, filters: RatePlanFilters) =>
      wallet.key('rate-plans', window.start, window.end, filters.carrierId ?? 0, filters.search ?? ''),
  },
  rateCards: {
    all: wallet.key('rate-cards'),
    list: (window: ListWindow, search: string) => wallet.key('rate-cards', window.start, window.end, search),
  },
};
