import { formatMicros, MESSAGE_TYPES, parseMoney, type TRatePlan } from '@portico/domain';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';

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
 * billing category is a card of its prices by message type.
 */
export function PriceGrid({ plan, caption }: { plan: TRatePlan; caption: string }) {
  const categories = [...new Set(plan.prices.map((p) => p.billing_category))];
  const columns: ResponsiveColumn<string>[] = [
    { label: 'Billing category', render: (category) => CATEGORY_LABELS[category] ?? category },
    ...MESSAGE_TYPES.map(
      (type): ResponsiveColumn<string> => ({
        label: type,
        align: 'right',
        cellSx: { fontVariantNumeric: 'tabular-nums' },
        render: (category) => {
          const line = plan.prices.find((p) => p.billing_category === category && p.message_type === type);
          return line ? priceLabel(line.price, plan.currency) : '—';
        },
      }),
    ),
  ];
  return (
    <ResponsiveTable
      label={caption}
      columns={columns}
      rows={categories}
      rowKey={(category) => category}
      rowHeaders
    />
  );
}
