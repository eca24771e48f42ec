import type { ReviewDashboardSubject } from '@portico/domain';
import type { ReviewScope } from '../api/keys';
import { reviewListPath } from './review-paths';

export type CardFigure = 'waiting' | 'approved' | 'rejected';

/**
 * The list behind each figure of a dashboard card: bots open the review list on the matching tab;
 * brands and aggregators their review lists, whose tabs read the same `tab` words.
 */
export function cardLink(scope: ReviewScope, subject: ReviewDashboardSubject, figure: CardFigure): string {
  if (subject === 'bots') {
    // The submitted tab is what waits for the caller: the platform's decision, or the carrier's.
    return reviewListPath(scope, figure === 'waiting' ? 'submitted' : figure);
  }
  const base =
    subject === 'brands'
      ? scope === 'carrier'
        ? '/billing/my-brands'
        : '/admin/my-brands'
      : scope === 'carrier'
        ? '/billing/my-aggregators'
        : '/admin/aggregators';
  return `${base}?tab=${figure}`;
}

/** The oldest waiting item's own page. */
export function oldestLink(scope: ReviewScope, subject: ReviewDashboardSubject, id: string): string {
  const q = encodeURIComponent(id);
  if (subject === 'bots') {
    return scope === 'carrier'
      ? `/billing/bot-details?bot_id=${q}`
      : `/admin/verification-details?bot_id=${q}`;
  }
  if (subject === 'brands') return `${scope === 'carrier' ? '/billing' : '/admin'}/view-brand?brandId=${q}`;
  return scope === 'carrier'
    ? `/billing/view-aggregator?partnerId=${q}`
    : `/admin/viewAggregatorDetails?partnerId=${q}`;
}
