import { botCarrierStatusOf, botStatusOf, type TBotReviewListItem } from '@portico/domain';
import type { BotReviewRepository } from './bot-review.repository.ts';

type ListRow = Awaited<ReturnType<BotReviewRepository['list']>>['rows'][number];

const secondsSince = (since: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));

/**
 * One row of a review list. `waitingFor` says whose decision it waits for when it waits for the
 * caller: the platform (a submitted launch) or the carrier (its own network's review).
 */
export function presentReviewListItem(
  row: ListRow,
  waiting: { platform: readonly number[]; carrier: readonly number[] },
  audience: 'platform' | 'carrier',
  now: Date,
): TBotReviewListItem {
  const waitsForCaller =
    audience === 'platform'
      ? waiting.platform.includes(row.status)
      : row.carrierStatus !== null && waiting.carrier.includes(row.carrierStatus);
  const since =
    audience === 'carrier' ? (row.carrierUpdatedAt ?? row.updatedAt) : (row.submittedAt ?? row.updatedAt);
  return {
    bot_id: row.botId,
    name: row.name,
    partner_id: row.partnerId,
    partner_name: row.partnerName,
    brand_name: row.brandName,
    channels: [...row.channels].sort((a, b) => a - b).map((channel_type) => ({ channel_type })),
    status: botStatusOf(row.status),
    carrier_status:
      audience === 'carrier' && row.carrierStatus !== null ? botCarrierStatusOf(row.carrierStatus) : null,
    carriers: row.carriers.map((carrier) => ({
      carrier_id: carrier.carrierId,
      name: carrier.name,
      status: botCarrierStatusOf(carrier.status),
    })),
    preflight_ok: row.preflight === null ? null : row.preflight.length === 0,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    waiting_seconds: waitsForCaller ? secondsSince(since, now) : null,
  };
}
