import { formatMicros, MESSAGE_TYPES, parseMoney, type TRatePlan } from '@portico/domain';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { ResponsiveTable } from '@/lib/ui/ResponsiveTable';

const CATEGORY_LABELS: Record<string, string> = {
  CONVERSATIONAL: 'Conversational',
  SINGLE_MESSAGE: 'Single Message',
  BASIC_MESSAGE: 'Basic Message',
  CONVERSATIONAL_LEGACY: 'Conversational (Legacy)',
};

/** Per-message prices: more than 2 decimals are kept (prices are fractions of a cent). */
export function priceLabel(price: string, currency: string): string {
  const micros = parseMoney(price);
  return micros === null ? price : `${currency === 'USD' ? '$' : `${currency} `}${formatMicros(micros)}`;
}

/**
 * A plan's prices per message: billing categories down, message types across; below `md` each
 * billing category is a card of its prices by message type. The whole grid is in the plan, so its
 * headers sort it in the browser (by category name, or by a message type's price).
 */
export function PriceGrid({ plan, caption }: { plan: TRatePlan; caption: string }) {
  const categories = [...new Set(plan.prices.map((p) => p.billing_category))];
  const priceOf = (category: string, type: string) =>
    plan.prices.find((p) => p.billing_category === category && p.message_type === type);
  const columns: LocalSortColumn<string>[] = [
    {
      label: 'Billing category',
      render: (category) => CATEGORY_LABELS[category] ?? category,
      sortValue: (category) => CATEGORY_LABELS[category] ?? category,
    },
    ...MESSAGE_TYPES.map(
      (type): LocalSortColumn<string> => ({
        label: type,
        align: 'right',
        cellSx: { fontVariantNumeric: 'tabular-nums' },
        render: (category) => {
          const line = priceOf(category, type);
          return line ? priceLabel(line.price, plan.currency) : '—';
        },
        sortValue: (category) => {
          const micros = parseMoney(priceOf(category, type)?.price ?? '');
          return micros === null ? null : Number(micros);
        },
      }),
    ),
  ];
  const sorted = useLocalSort(columns, categories);
  return (
    <ResponsiveTable
      label={caption}
      columns={sorted.columns}
      rows={sorted.rows}
      rowKey={(category) => category}
      sort={sorted.sort}
      rowHeaders
    />
  );
}
