import { useQuery } from '@tanstack/react-query';
import { HistoryPanel } from '@/lib/ui/HistoryPanel';
import { brandHistoryQueryOptions } from '../api/get-brand';

/** The brand's history: who decided what, when, from which state to which, and why. */
export function BrandHistory({ brandId }: { brandId: string }) {
  const history = useQuery(brandHistoryQueryOptions(brandId));
  return <HistoryPanel query={history} id="brand-history" entryTestId="brand-history-entry" />;
}
