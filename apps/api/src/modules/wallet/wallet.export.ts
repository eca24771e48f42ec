import {
  formatCurrency,
  formatDateTime,
  type TRatePlan,
  type TWalletTransaction,
  type TWhatsappRateCard,
} from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const MONEY = { format: '#,##0.00####' };

/** The wallet history as an export table (Excel and PDF through platform/export). */
export function walletHistoryTable(
  items: readonly TWalletTransaction[],
  meta: { brandName: string; balance: string; generatedAt: Date },
  offset = '+00:00',
): ExportTable {
  return {
    title: `${meta.brandName} wallet history`,
    subtitle: `Balance ${formatCurrency(meta.balance)} · generated ${formatDateTime(meta.generatedAt, offset)} (UTC${offset}) · ${items.length} transaction${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Date', width: 110 },
      { header: 'Description', width: 230 },
      { header: 'Type', width: 60 },
      // Decimal strings of at most 6 places: exact as doubles for display at 2-6 places.
      { header: 'Amount (USD)', width: 80, number: MONEY },
      { header: 'Running balance (USD)', width: 100, number: MONEY },
      { header: 'Reference', width: 180 },
    ],
    rows: items.map((item) => [
      String(formatDateTime(item.created_at, offset)),
      item.description,
      item.hold_status ? `${item.kind} (${item.hold_status})` : item.kind,
      { value: Number(item.amount), text: formatCurrency(item.amount) },
      { value: Number(item.running_balance), text: formatCurrency(item.running_balance) },
      item.reference ?? '',
    ]),
    emptyText: 'No transactions match the filters.',
  };
}

const dateOrOpen = (iso: string | null, offset: string) => (iso ? String(formatDateTime(iso, offset)) : '');

/** The rate plan versions as an export table: one row per version and price line. */
export function ratePlansTable(
  plans: readonly TRatePlan[],
  meta: { brandName: string; generatedAt: Date },
  offset = '+00:00',
): ExportTable {
  return {
    title: `${meta.brandName} rate plans`,
    subtitle: `${plans.length} version${plans.length === 1 ? '' : 's'} · generated ${formatDateTime(meta.generatedAt, offset)} (UTC${offset})`,
    columns: [
      { header: 'Carrier', width: 120 },
      { header: 'Country', width: 50 },
      { header: 'Plan', width: 50 },
      { header: 'Effective from', width: 100 },
      { header: 'Effective to', width: 100 },
      { header: 'Billing category', width: 100 },
      { header: 'Message type', width: 80 },
      { header: 'Price', width: 70, number: MONEY },
      { header: 'Verification', width: 70, number: MONEY },
    ],
    rows: plans.flatMap((plan) =>
      plan.prices.map((line) => [
        plan.carrier_name,
        plan.country_id,
        plan.plan_code,
        dateOrOpen(plan.effective_from, offset),
        dateOrOpen(plan.effective_to, offset),
        line.billing_category,
        line.message_type,
        { value: Number(line.price), text: `${line.price} ${plan.currency}` },
        { value: Number(plan.verification_price), text: `${plan.verification_price} ${plan.currency}` },
      ]),
    ),
    emptyText: 'No rate plans match the filters.',
  };
}

/** The WhatsApp rate card versions as an export table: one row per version and category. */
export function rateCardsTable(
  cards: readonly TWhatsappRateCard[],
  meta: { brandName: string; generatedAt: Date },
  offset = '+00:00',
): ExportTable {
  return {
    title: `${meta.brandName} WhatsApp rate cards`,
    subtitle: `${cards.length} version${cards.length === 1 ? '' : 's'} · generated ${formatDateTime(meta.generatedAt, offset)} (UTC${offset})`,
    columns: [
      { header: 'Country', width: 140 },
      { header: 'Effective from', width: 110 },
      { header: 'Effective to', width: 110 },
      { header: 'Category', width: 100 },
      { header: 'Price per message', width: 100, number: MONEY },
    ],
    rows: cards.flatMap((card) =>
      card.prices.map((line) => [
        `${card.country_name} (${card.country_id})`,
        dateOrOpen(card.effective_from, offset),
        dateOrOpen(card.effective_to, offset),
        line.category,
        { value: Number(line.price), text: `${line.price} ${card.currency}` },
      ]),
    ),
    emptyText: 'No WhatsApp rate cards match the filters.',
  };
}
