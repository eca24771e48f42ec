import { ZPendingCharges } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { walletKeys } from './keys';

/** How often pending charges are read again while some are pending (metering settles every minute). */
export const PENDING_REFRESH_MS = 10_000;

/** Messages sent whose charge is not settled yet: shown as pending above the history. */
export const pendingChargesQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.pendingCharges(),
    queryFn: () => http.get('/secure/wallet/pending-charges', ZPendingCharges),
    refetchInterval: (query) => ((query.state.data?.count ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });
