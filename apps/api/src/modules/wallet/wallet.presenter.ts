import {
  formatMicros,
  type LedgerTransactionKind,
  type TCarrierPricing,
  type THold,
  type TopupStatus,
  type TRatePlan,
  type TTopup,
  type TWalletTransaction,
} from '@portico/domain';
import type { HoldRow } from './ledger.repository.ts';
import type { RatePlanRow } from './rate-plans.repository.ts';
import type { TopupRow } from './wallet.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const HOLD_STATUSES = ['held', 'captured', 'released'] as const;

export function presentTransaction(row: {
  transactionId: string;
  createdAt: Date;
  kind: string;
  description: string;
  reference: string | null;
  amount: bigint;
  balanceAfter: bigint | null;
  holdStatus?: string | null;
}): TWalletTransaction {
  return {
    transaction_id: row.transactionId,
    created_at: row.createdAt.toISOString(),
    kind: row.kind as LedgerTransactionKind,
    description: row.description,
    amount: formatMicros(row.amount),
    running_balance: formatMicros(row.balanceAfter ?? 0n),
    reference: row.reference,
    hold_status: HOLD_STATUSES.find((status) => status === row.holdStatus) ?? null,
  };
}

export function presentTopup(row: TopupRow, checkoutUrl: string | null): TTopup {
  return {
    topup_id: row.topupId,
    amount: formatMicros(row.amount),
    currency: row.currency,
    status: row.status as TopupStatus,
    provider: row.provider,
    created_at: row.createdAt.toISOString(),
    completed_at: iso(row.completedAt),
    checkout_url: checkoutUrl,
  };
}

export function presentHold(row: HoldRow): THold {
  return {
    hold_id: row.holdId,
    amount: formatMicros(row.amount),
    currency: row.currency,
    status: row.status as THold['status'],
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    settled_at: iso(row.settledAt),
  };
}

export function presentRatePlan(row: RatePlanRow, effectiveTo: Date | null): TRatePlan {
  return {
    rate_plan_id: row.ratePlanId,
    carrier_id: row.carrierId,
    carrier_name: row.carrierName,
    country_id: row.countryId,
    plan_code: row.planCode,
    partner_code: row.partnerCode,
    currency: row.currency,
    effective_from: row.effectiveFrom.toISOString(),
    effective_to: iso(effectiveTo),
    verification_price: formatMicros(row.verificationPrice),
    prices: row.prices.map((p) => ({
      billing_category: p.billingCategory,
      message_type: p.messageType,
      price: formatMicros(p.price),
    })),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentCarrierPricing(
  carrier: { carrierId: number; name: string; countryId: string; countryName: string },
  plan: TRatePlan | null,
): TCarrierPricing {
  return {
    carrier_id: carrier.carrierId,
    carrier_name: carrier.name,
    country_id: carrier.countryId,
    country_name: carrier.countryName,
    plan,
  };
}
