import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatDateTime, type TWhatsappRateCard, WHATSAPP_PRICING_CATEGORIES } from '@portico/domain';
import { type ResponsiveColumn, ResponsiveTable, type TableSort } from '@/lib/ui/ResponsiveTable';
import { SortSelect } from '@/lib/ui/SortSelect';
import { priceLabel } from './PriceGrid';
import { CATEGORY_LABELS } from './rate-card-form';

/** A rate card version's state now: scheduled, in force or ended. */
export function cardStatus(
  card: Pick<TWhatsappRateCard, 'effective_from' | 'effective_to'>,
  now = Date.now(),
): { label: string; color: 'success' | 'default' | 'info' } {
  if (Date.parse(card.effective_from) > now) return { label: 'Scheduled', color: 'info' };
  if (card.effective_to !== null && Date.parse(card.effective_to) <= now)
    return { label: 'Ended', color: 'default' };
  return { label: 'In force', color: 'success' };
}

/**
 * WhatsApp rate cards: a row per country version with its price per Meta category; `extra` adds
 * columns (the admin's status and actions). Below `md` each row is a card of its labelled values.
 */
export function RateCardTable({
  cards,
  label,
  extra = [],
  sort,
  sortByPrice = false,
}: {
  cards: readonly TWhatsappRateCard[];
  label: string;
  extra?: readonly ResponsiveColumn<TWhatsappRateCard>[];
  /** The server's sort: by country or start (the admin's list and PRICING), and by price with `sortByPrice`. */
  sort?: TableSort;
  /** The category columns sort too (PRICING's cards in force: a price per country to compare). */
  sortByPrice?: boolean;
}) {
  const columns: ResponsiveColumn<TWhatsappRateCard>[] = [
    {
      label: 'Country',
      sortField: 'country',
      cellSx: { fontWeight: 500 },
      render: (card) => (
        <>
          <Chip label={card.country_id} size="small" variant="outlined" sx={{ mr: 1 }} />
          {card.country_name}
        </>
      ),
    },
    ...WHATSAPP_PRICING_CATEGORIES.map(
      (category): ResponsiveColumn<TWhatsappRateCard> => ({
        label: CATEGORY_LABELS[category],
        ...(sortByPrice ? { sortField: category } : {}),
        align: 'right',
        cellSx: { fontVariantNumeric: 'tabular-nums' },
        render: (card) => {
          const line = card.prices.find((p) => p.category === category);
          return line ? priceLabel(line.price, card.currency) : '—';
        },
      }),
    ),
    {
      label: 'Effective from',
      sortField: 'effective_from',
      cellSx: { whiteSpace: 'nowrap' },
      render: (card) => String(formatDateTime(card.effective_from)),
    },
    ...extra,
  ];
  return (
    <>
      {sort && (
        <Box sx={{ px: 2, pb: { xs: 2, md: 0 } }}>
          <SortSelect columns={columns} sort={sort} />
        </Box>
      )}
      <ResponsiveTable
        label={label}
        columns={columns}
        rows={[...cards]}
        rowKey={(card) => String(card.rate_card_id)}
        {...(sort ? { sort } : {})}
        hover
      />
    </>
  );
}
